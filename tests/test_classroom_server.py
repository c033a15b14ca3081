"""Class mode against a real server: ``vegas-tutor --class`` on 127.0.0.2 (Linux routes all of 127/8 to this
machine) answering as ``classroom.test``, talked to over plain HTTP as the class's laptops would.

Every refusal is checked to start no kernel (the server's kernel processes are counted). The laptops are told
apart by ``X-Forwarded-For``, which the server believes only from this machine (a reverse proxy's)."""

from __future__ import annotations

import http.client
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlencode

import pytest
from e2e_app import AppServer, page_kernel_id
from own_servers import CLASS_ADDRESS as ADDRESS
from own_servers import CLASS_NAME as NAME
from own_servers import ask_class as ask
from own_servers import class_mode_args, serving

CODE = "K7PX2Q"
LIGHT_PAGE = "/voila/render/index.ipynb"  # the landing page: the quickest kernel to start


@pytest.fixture(scope="module")
def class_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppServer]:
    log_path = tmp_path_factory.mktemp("vegas-tutor-class") / "server.log"
    with serving(log_path, class_mode_args(max_kernels=2, per_client=1, code=CODE), host=ADDRESS) as server:
        yield server


def _kernels(server: AppServer) -> int:
    return len(server.kernel_processes())


def _join(server: AppServer, laptop: str) -> str:
    """Join as the laptop at ``laptop`` with the right code; the class cookie's header value."""
    answer = ask(server, f"/vegas-tutor/join?code={CODE.lower()}", headers={"X-Forwarded-For": laptop})
    assert answer.status == 302, answer.body[:300]
    return f"vegas_tutor_class={answer.cookies()['vegas_tutor_class']}"


def test_a_foreign_host_is_refused_everywhere_and_starts_no_kernel(class_server: AppServer) -> None:
    before = _kernels(class_server)
    for path in ("/", "/vegas-tutor/join", f"/vegas-tutor/join?code={CODE}", LIGHT_PAGE):
        answer = ask(class_server, path, headers={"Host": f"evil.example:{class_server.port}"})
        assert answer.status == 403 and "answers only at" in answer.body, path
        assert "vegas_tutor_class" not in answer.cookies()
    assert ask(class_server, "/", headers={"Host": f"{ADDRESS}:{class_server.port}"}).status == 302
    assert ask(class_server, "/", headers={"Origin": "http://evil.example"}).status == 403
    time.sleep(0.5)
    assert _kernels(class_server) == before


def test_without_the_class_cookie_pages_go_to_the_join_page_the_rest_is_refused_and_no_kernel_starts(
    class_server: AppServer,
) -> None:
    before = _kernels(class_server)
    for path in ("/", LIGHT_PAGE, "/voila/render/es/01.01-colocar-dados.ipynb", "/vegas-tutor/class"):
        answer = ask(class_server, path)
        assert answer.status == 302, path
        assert answer.headers["Location"].startswith("/vegas-tutor/join?next=/"), answer.headers["Location"]
    for path in ("/api/kernels/00000000-0000-0000-0000-000000000000/channels", "/voila/api/shutdown/x",
                 "/api/kernels", "/voila/files/images/las-vegas-board.png", "/voila/static/voila.js"):
        answer = ask(class_server, path)
        assert answer.status == 403 and "join the class" in answer.body, path
    time.sleep(0.5)
    assert _kernels(class_server) == before, "a request without the class code started a kernel"


def test_the_join_page_speaks_the_learners_language(class_server: AppServer) -> None:
    english = ask(class_server, "/vegas-tutor/join")
    assert english.status == 200 and "Join the class" in english.body and "<html lang='en'>" in english.body
    assert 'name="_xsrf"' in english.body
    assert "Entra en la clase" in ask(class_server, "/vegas-tutor/join?lang=es").body
    assert "Entra en la clase" in ask(class_server, "/vegas-tutor/join", headers={"Accept-Language": "es-ES"}).body
    assert "Entra en la clase" in ask(class_server, "/vegas-tutor/join?next=/voila/render/es/index.ipynb").body


def test_a_wrong_code_is_refused_with_the_form_again_and_sets_nothing(class_server: AppServer) -> None:
    for path in (f"/vegas-tutor/join?code=WRONG1&next={LIGHT_PAGE}", "/vegas-tutor/join?code="):
        answer = ask(class_server, path, headers={"X-Forwarded-For": "10.1.1.1"})
        assert answer.status == 403 and "Wrong code" in answer.body and "vegas_tutor_class" not in answer.cookies()
    no_xsrf = ask(class_server, "/vegas-tutor/join", "POST", {"Content-Type": "application/x-www-form-urlencoded"},
                  urlencode({"code": CODE}))
    assert no_xsrf.status == 403 and "vegas_tutor_class" not in no_xsrf.cookies()  # a form from another site


def test_the_form_lets_the_right_code_in_and_a_lesson_renders_with_its_kernel(class_server: AppServer) -> None:
    form = ask(class_server, f"/vegas-tutor/join?next={LIGHT_PAGE}", headers={"X-Forwarded-For": "10.2.0.1"})
    xsrf = form.cookies()["_xsrf"]
    body = urlencode({"code": f" {CODE.lower()} ", "next": LIGHT_PAGE, "_xsrf": xsrf})
    joined = ask(class_server, "/vegas-tutor/join", "POST", {
        "Content-Type": "application/x-www-form-urlencoded", "Cookie": f"_xsrf={xsrf}", "X-Forwarded-For": "10.2.0.1"},
        body)
    assert joined.status == 302 and joined.headers["Location"] == LIGHT_PAGE
    cookie_header = next(h for h in joined.headers.get_all("Set-Cookie") or [] if h.startswith("vegas_tutor_class="))
    assert "HttpOnly" in cookie_header and "SameSite=Lax" in cookie_header and "expires" not in cookie_header.lower()
    cookie = f"vegas_tutor_class={joined.cookies()['vegas_tutor_class']}"
    page = ask(class_server, LIGHT_PAGE, headers={"Cookie": cookie})
    assert page.status == 200, page.body[:300]
    kernel = page_kernel_id(page.body)
    assert class_server.kernel_process(kernel).is_running()
    back = ask(class_server, "/vegas-tutor/join?next=/vegas-tutor/class", headers={"Cookie": cookie})
    assert back.status == 302 and back.headers["Location"] == "/vegas-tutor/class"  # in already: no form
    evil = ask(class_server, "/vegas-tutor/join?code=K7PX2Q&next=//evil.example/")
    assert evil.status == 302 and evil.headers["Location"] == LIGHT_PAGE  # never another site
    info = ask(class_server, "/vegas-tutor/class?lang=es", headers={"Cookie": cookie})
    assert info.status == 200 and CODE in info.body and f"http://{NAME}:{class_server.port}/" in info.body
    assert "<svg" in info.body and "Código de la clase" in info.body
    process = class_server.kernel_process(kernel)
    assert ask(class_server, f"/voila/api/shutdown/{kernel}", "POST", body="").status == 403  # no class cookie
    assert process.is_running()
    xsrf_token = page.cookies()["_xsrf"]
    own = "; ".join([cookie, f"_xsrf={xsrf_token}", *(f"{name}={value}" for name, value in page.cookies().items()
                                                      if name.startswith("vegas_tutor_kernel_"))])
    left = ask(class_server, f"/voila/api/shutdown/{kernel}", "POST", {"Cookie": own, "X-XSRFToken": xsrf_token}, "")
    assert left.status in (200, 204), left.body[:300]  # the page's beacon when the learner leaves it
    process.wait(20)


def test_the_cap_per_learner_and_for_the_class_answers_503_that_retries(class_server: AppServer) -> None:
    anna, benno, carla = (_join(class_server, f"10.3.0.{n}") for n in (1, 2, 3))
    deadline = time.monotonic() + 20
    while _kernels(class_server) and time.monotonic() < deadline:  # the earlier tests' kernels shut down
        time.sleep(0.2)
    assert _kernels(class_server) == 0, class_server.log_tail()
    first = ask(class_server, LIGHT_PAGE, headers={"Cookie": anna})
    assert first.status == 200, first.body[:300]
    again = ask(class_server, LIGHT_PAGE, headers={"Cookie": anna})
    assert again.status == 503 and again.headers["Retry-After"] == "10"
    assert "You have 1 lesson open: close one" in again.body and 'http-equiv="refresh" content="10"' in again.body
    assert ask(class_server, LIGHT_PAGE, headers={"Cookie": benno}).status == 200
    before = _kernels(class_server)
    full = ask(class_server, "/voila/render/es/index.ipynb", headers={"Cookie": carla})
    assert full.status == 503 and full.headers["Retry-After"] == "10"
    assert "La clase está llena" in full.body and "cada 10 segundos" in full.body and "<html lang='es'>" in full.body
    time.sleep(0.5)
    assert _kernels(class_server) == before == 2, "a page over the cap started a kernel"


def test_repeated_wrong_codes_are_throttled_even_when_the_code_is_then_right(class_server: AppServer) -> None:
    laptop = {"X-Forwarded-For": "10.4.0.1"}
    for _ in range(5):
        assert ask(class_server, "/vegas-tutor/join?code=NOPE22", headers=laptop).status == 403
    held = ask(class_server, f"/vegas-tutor/join?code={CODE}", headers=laptop)
    assert held.status == 429 and int(held.headers["Retry-After"]) > 0 and "Too many wrong codes" in held.body
    assert "vegas_tutor_class" not in held.cookies()
    assert ask(class_server, f"/vegas-tutor/join?code={CODE}", headers={"X-Forwarded-For": "10.4.0.2"}).status == 302


def test_the_code_is_printed_once_on_the_console_and_never_logged(class_server: AppServer) -> None:
    log = class_server.log_path.read_text(encoding="utf-8", errors="replace")
    lines = [line for line in log.splitlines() if CODE in line.upper()]
    assert lines == [f"Class code: {CODE}"], lines
    assert f"http://{NAME}:{class_server.port}/" in log and "At most 2 lesson kernels at once, 1 per learner" in log
    assert "code=******" in log


def test_outside_class_mode_the_class_page_says_the_server_is_not_in_class_mode(tmp_path: Path) -> None:
    with serving(tmp_path / "server.log", ["--preheat", "none"]) as server:
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        connection.request("GET", "/vegas-tutor/class")
        response = connection.getresponse()
        body = response.read().decode()
        assert response.status == 404 and "not in class mode" in body
        connection.request("GET", "/", headers={"Host": f"{NAME}:{server.port}"})
        response = connection.getresponse()
        response.read()
        assert response.status == 403  # no --allow-host without --class
        connection.close()
