"""Class mode without a server: the class code, the names served, the cookie, the throttle, the kernel cap and
the pages (``vegas_tutor.classroom``, ``classroom_pages``)."""

from __future__ import annotations

import asyncio
import re
from concurrent.futures import ThreadPoolExecutor
from typing import Any
from unittest import mock

import pytest
import segno
from tornado.httputil import HTTPHeaders, HTTPServerRequest, RequestStartLine
from tornado.web import Application, RequestHandler

from vegas_tutor import classroom, classroom_pages, serving
from vegas_tutor.i18n import using


def test_a_generated_code_has_six_unambiguous_characters_and_codes_differ() -> None:
    codes = {classroom.new_code() for _ in range(200)}
    assert len(codes) > 190
    for code in codes:
        assert re.fullmatch(r"[A-Z2-9]{6}", code) and not set(code) & set("0O1IL"), code


@pytest.mark.parametrize(("typed", "right"), [("K7PX2Q", True), ("k7px2q", True), (" K7P-X2Q ", True),
                                              ("K7PX2", False), ("K7PX2QQ", False), ("", False), ("K7PX2O", False)])
def test_the_code_check_forgives_case_spaces_and_dashes_only(typed: str, right: bool) -> None:
    assert classroom.code_matches(typed, "K7PX2Q") is right


def test_the_code_is_compared_in_constant_time() -> None:
    with mock.patch("hmac.compare_digest", return_value=False) as compared:
        assert not classroom.code_matches("K7PX2Q", "K7PX2Q")
    compared.assert_called_once_with(b"K7PX2Q", b"K7PX2Q")


@pytest.mark.parametrize("code", ["abc", "x" * 33, "VEGAS!", "üñí"])
def test_a_teachers_code_must_be_4_to_32_letters_or_digits(code: str) -> None:
    with pytest.raises(ValueError, match="4 to 32 letters or digits"):
        classroom.valid_code(code)
    assert classroom.valid_code("vegas-2026") == "VEGAS2026"


def test_the_default_cap_is_what_the_memory_holds_less_a_reserve_and_the_pools() -> None:
    mb = 1024**2
    assert classroom.default_max_kernels(available=512 * mb + 10 * 110 * mb) == 10
    assert classroom.default_max_kernels(available=512 * mb + 10 * 110 * mb, pooled=4) == 6
    assert classroom.default_max_kernels(available=100 * mb) == 1  # never 0: one learner can always come
    assert classroom.default_max_kernels() >= 1  # this machine's own memory


def test_served_names_bound_to_every_interface_add_the_machines_own_names() -> None:
    served = classroom.served_names("0.0.0.0", ["classroom.example"], machine=("192.168.1.20", "teacher-pc"))
    assert served.names == ("classroom.example", "127.0.0.1", "localhost", "192.168.1.20", "teacher-pc")
    hosts = served.hosts(8866)
    assert "192.168.1.20:8866" in hosts and "teacher-pc:8866" in hosts and "classroom.example" in hosts
    assert "0.0.0.0:8866" not in hosts and "192.168.1.20" not in hosts  # only an --allow-host name goes portless
    assert classroom.learner_addresses(served, 8866) == [
        "http://classroom.example:8866/", "http://192.168.1.20:8866/", "http://teacher-pc:8866/"]
    found = classroom.machine_names()
    assert all(not classroom.is_loopback(name) for name in found)


def test_learner_addresses_skip_loopback_unless_there_is_nothing_else() -> None:
    assert classroom.learner_addresses(classroom.served_names("127.0.0.2", ["classroom.test"]), 9000) == [
        "http://classroom.test:9000/"]
    alone = classroom.learner_addresses(classroom.served_names("127.0.0.1", []), 9000)
    assert alone == ["http://127.0.0.1:9000/", "http://localhost:9000/"]


def test_class_mode_host_and_origin_checks_accept_exactly_the_served_names() -> None:
    served = classroom.served_names("127.0.0.2", ["classroom.test", "proxy.test:8443"])
    for host in ("classroom.test:9000", "CLASSROOM.TEST:9000", "classroom.test", "127.0.0.2:9000",
                 "localhost:9000", "127.0.0.1:9000", "proxy.test:8443", "proxy.test:9000"):
        assert serving.host_refusal(host, 9000, served) is None, host
    for host in ("evil.example:9000", "classroom.test:9001", "127.0.0.2", "proxy.test", "proxy.test:8444",
                 "classroom.test.evil.example:9000", None, ""):
        reason = serving.host_refusal(host, 9000, served)
        assert reason is not None and "classroom.test:9000" in reason, host
    for origin in ("http://classroom.test:9000", "https://classroom.test", "https://proxy.test:8443",
                   "http://127.0.0.2:9000", None):
        assert serving.origin_refusal(origin, 9000, served) is None, origin
    for origin in ("http://evil.example", "ftp://classroom.test:9000", "null", "https://classroom.test:9001",
                   "http://classroom.test:9000/path"):
        assert serving.origin_refusal(origin, 9000, served) is not None, origin
    assert serving.page_refusal("cross-site", "https://classroom.test", 9000, served) is not None


def test_outside_class_mode_the_checks_are_unchanged() -> None:
    assert serving.origin_refusal("https://127.0.0.1:8866", 8866) is not None  # still http only
    assert serving.host_refusal("classroom.test", 8866) is not None
    assert serving.allowed_hosts(8866) == ("127.0.0.1:8866", "localhost:8866")


@pytest.mark.parametrize(("target", "safe"), [
    ("/voila/render/es/01.01-colocar-dados.ipynb", True), ("/", True), ("/vegas-tutor/class?lang=es", True),
    ("//evil.example/x", False), ("https://evil.example/", False), ("/\\evil.example", False),
    ("javascript:alert(1)", False), ("voila/render/x.ipynb", False), ("/a\nb", False), (None, False), ("", False),
])
def test_next_is_only_ever_a_path_on_this_server(target: str | None, safe: bool) -> None:
    assert classroom.safe_next(target) == (target if safe else None)
    assert classroom.safe_next("/voila/render/x.ipynb", "/hub/") is None  # outside the server's root


def test_the_code_is_masked_in_every_logged_address() -> None:
    for uri in ("/vegas-tutor/join?code=K7PX2Q", "/vegas-tutor/join?next=/&code=K7PX2Q&lang=es",
                "/vegas-tutor/join?CODE=K7PX2Q"):
        masked = serving.masked_uri(uri)
        assert "K7PX2Q" not in masked and "******" in masked, masked
    assert serving.masked_uri("/voila/render/index.ipynb") == "/voila/render/index.ipynb"


def test_wrong_codes_are_throttled_per_address_and_the_wait_ends() -> None:
    now = [1000.0]
    throttle = classroom.Throttle(limit=3, window=60, clock=lambda: now[0])
    for _ in range(3):
        assert throttle.wait("10.0.0.5") == 0
        throttle.wrong("10.0.0.5")
    assert throttle.wait("10.0.0.5") == 60 and throttle.wait("10.0.0.6") == 0  # another laptop is not held
    now[0] += 59.5
    assert throttle.wait("10.0.0.5") == 1
    now[0] += 1
    assert throttle.wait("10.0.0.5") == 0


def test_the_throttle_forgets_the_oldest_addresses_beyond_its_size() -> None:
    throttle = classroom.Throttle(limit=1, most_addresses=2)
    for address in ("a", "b", "c"):
        throttle.wrong(address)
    assert throttle.wait("a") == 0 and throttle.wait("b") > 0 and throttle.wait("c") > 0


def _request(headers: dict[str, str] | None = None, remote_ip: str = "10.0.0.5", uri: str = "/") -> Any:
    connection = mock.Mock()
    connection.context.remote_ip = remote_ip
    request = HTTPServerRequest(headers=HTTPHeaders({"Host": "classroom.test:9000", **(headers or {})}),
                                connection=connection,
                                start_line=RequestStartLine("GET", uri, "HTTP/1.1"))
    request.remote_ip = remote_ip
    return request


def _handler(headers: dict[str, str] | None = None, remote_ip: str = "10.0.0.5", uri: str = "/") -> RequestHandler:
    application = Application(cookie_secret="a secret for the tests, 32 chars+")
    return RequestHandler(application, _request(headers, remote_ip, uri))


def _room(total: int = 2, per_client: int = 1) -> classroom.Classroom:
    return classroom.Classroom("K7PX2Q", classroom.served_names("127.0.0.2", ["classroom.test"]),
                               classroom.Seats(total, per_client))


def test_the_class_cookie_is_signed_httponly_samesite_lax_a_session_cookie_and_keeps_its_client_id() -> None:
    room = _room()
    handler = _handler()
    client = room.admit(handler)
    assert classroom.CLIENT_ID.fullmatch(client)
    morsel = handler._new_cookie[classroom.COOKIE]  # type: ignore[attr-defined]  # tornado's own
    assert morsel["httponly"] and morsel["samesite"] == "Lax" and not morsel["expires"] and not morsel["secure"]
    assert client not in morsel.value or morsel.value != client  # signed, not the bare id
    again = _handler({"Cookie": f"{classroom.COOKIE}={morsel.value}"})
    assert room.client_id(again) == client and room.admit(again) == client
    tampered = morsel.value.replace(morsel.value[-6:], "000000")
    assert room.client_id(_handler({"Cookie": f"{classroom.COOKIE}={tampered}"})) is None
    assert room.client_id(_handler({"Cookie": f"{classroom.COOKIE}={client}"})) is None  # unsigned
    assert room.client_id(_handler()) is None


def test_behind_a_tls_proxy_on_this_machine_the_cookie_is_secure_and_the_learner_is_told_apart() -> None:
    room = _room()
    forwarded = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "1.2.3.4, 192.168.1.30"}
    handler = _handler(forwarded, remote_ip="127.0.0.1")
    room.admit(handler)
    assert handler._new_cookie[classroom.COOKIE]["secure"]  # type: ignore[attr-defined]
    assert classroom.client_address(handler.request) == "192.168.1.30"  # what the proxy saw
    spoofed = _handler(forwarded, remote_ip="192.168.1.31")  # a laptop cannot pretend to be another
    assert classroom.client_address(spoofed.request) == "192.168.1.31"
    assert classroom.request_scheme(spoofed.request) == "http"


def test_the_gate_sends_a_page_to_the_join_page_and_refuses_anything_else() -> None:
    room = _room()
    page = _handler(uri="/voila/render/es/index.ipynb?x=1")
    with mock.patch.object(page, "redirect") as redirect:
        assert room.gate(page=True)(page)
    redirect.assert_called_once_with("/vegas-tutor/join?next=/voila/render/es/index.ipynb%3Fx%3D1")
    api = _handler(uri="/api/kernels/x/channels")
    with mock.patch.object(api, "finish") as finish:
        assert room.gate(page=False)(api)
    assert api.get_status() == 403 and "join the class at /vegas-tutor/join first" in finish.call_args[0][0]
    admitted = _handler()
    room.admit(admitted)
    cookie = admitted._new_cookie[classroom.COOKIE].value  # type: ignore[attr-defined]
    assert not room.gate(page=False)(_handler({"Cookie": f"{classroom.COOKIE}={cookie}"}))


def test_the_cap_counts_pages_being_served_and_living_kernels_per_client_and_in_all() -> None:
    alive = {"k1", "k2"}
    seats = classroom.Seats(total=2, per_client=1, alive=lambda kernel: kernel in alive)
    assert seats.refusal("anna") is None
    anna = seats.take("anna")
    assert seats.refusal("anna") == classroom.Full(True, 1)  # her first page is still starting its kernel
    seats.claim(anna, "k1")
    seats.leave(anna)
    assert seats.held("anna") == 1 and seats.in_use() == 1
    benno = seats.take("benno")
    assert seats.refusal("carla") == classroom.Full(False, 2)
    seats.leave(benno)  # his page failed before it got a kernel
    assert seats.refusal("carla") is None
    seats.claim(seats.take("carla"), "k2")
    assert seats.refusal("denny") == classroom.Full(False, 2)
    alive.discard("k1")  # Anna's tab closed: its kernel shut down
    assert seats.held("anna") == 0 and seats.refusal("denny") is None


def test_two_pages_of_one_client_getting_their_kernels_in_either_order_are_each_counted_once() -> None:
    seats = classroom.Seats(total=5, per_client=5)
    first, second = seats.take("anna"), seats.take("anna")
    seats.claim(second, "k2")
    seats.leave(first)  # its kernel failed to start
    seats.leave(second)
    assert seats.held("anna") == 1 and seats.in_use() == 1


def test_a_kernel_a_page_gets_is_counted_for_its_client_whether_started_or_taken_from_a_pool() -> None:
    class Manager:
        def __init__(self) -> None:
            self.kernels: set[str] = set()

        def __contains__(self, kernel: object) -> bool:
            return kernel in self.kernels

        async def start_kernel(self, **kwargs: Any) -> str:
            self.kernels.add("started")
            return "started"

        async def get_rendered_notebook(self, notebook_name: str) -> tuple[None, list[str], str]:
            self.kernels.add("pooled")
            return None, [], "pooled"

    manager = Manager()
    room = _room(total=5, per_client=5)
    room.seats.watch(manager)
    admitted = _handler()
    client = room.admit(admitted)
    cookie = admitted._new_cookie[classroom.COOKIE].value  # type: ignore[attr-defined]
    page = _handler({"Cookie": f"{classroom.COOKIE}={cookie}"})
    page.settings[classroom.SETTING] = room

    async def render() -> None:
        with classroom_pages.class_seat(page) as admitted_now:
            assert admitted_now
            await manager.start_kernel()
        with classroom_pages.class_seat(page):
            await manager.get_rendered_notebook("index.ipynb")
        await manager.start_kernel()  # a kernel no page asked for (none in class mode) is nobody's

    with ThreadPoolExecutor(1) as pool:  # a loop of its own (the test process may run another library's loop)
        pool.submit(asyncio.run, render()).result(60)
    assert room.seats.held(client) == 2 and room.seats.in_use() == 2
    manager.kernels.clear()
    assert room.seats.in_use() == 0


def test_a_page_over_the_cap_gets_503_retry_after_and_a_page_in_its_language_that_retries() -> None:
    room = _room(total=1, per_client=1)
    room.seats.claim(room.seats.take("someone else"), "k1")
    admitted = _handler()
    room.admit(admitted)
    cookie = admitted._new_cookie[classroom.COOKIE].value  # type: ignore[attr-defined]
    page = _handler({"Cookie": f"{classroom.COOKIE}={cookie}"}, uri="/voila/render/es/01.01-colocar-dados.ipynb")
    page.settings[classroom.SETTING] = room
    with mock.patch.object(page, "finish") as finish, classroom_pages.class_seat(page) as admitted_now:
        assert not admitted_now
    body = finish.call_args[0][0]
    assert page.get_status() == 503 and page._headers["Retry-After"] == "10"  # type: ignore[attr-defined]
    assert "<html lang='es'>" in body and "La clase está llena" in body and 'content="10"' in body
    assert "cada 10 segundos" in body
    with using("en"):
        assert classroom.Full(True, 2).message().startswith("You have 2 lessons open: close one")


def test_outside_class_mode_a_page_is_always_admitted() -> None:
    with classroom_pages.class_seat(_handler()) as admitted:
        assert admitted


def test_the_join_page_is_in_the_asked_language_escapes_next_and_has_a_labelled_field() -> None:
    handler = _handler({"Accept-Language": "es-ES,es;q=0.9,en;q=0.8"})
    assert classroom_pages.request_language(handler) == "es"
    assert classroom_pages.request_language(_handler(uri="/j?lang=en")) == "en"
    assert classroom_pages.request_language(_handler(), "/voila/render/es/index.ipynb") == "es"
    assert classroom_pages.request_language(_handler({"Accept-Language": "fr, de"})) == "en"
    page = classroom_pages.join_page("es", "/vegas-tutor/join", '/x"><script>', classroom_pages.JOIN_WRONG)
    assert "<script>" not in page and "&quot;&gt;&lt;script&gt;" in page
    assert "Código incorrecto" in page and "<label for='code'>Código de la clase</label>" in page
    assert "role='alert'" in page and "aria-describedby='join-error'" in page
    waiting = classroom_pages.join_page("en", "/j", "/", classroom_pages.JOIN_WAIT, seconds=42)
    assert "wait 42 seconds" in waiting


def test_the_class_page_shows_the_address_the_code_and_a_qr_code_of_the_join_address() -> None:
    page = classroom_pages.class_page("en", ["http://classroom.test:9000/", "http://10.0.0.2:9000/"], "K7PX2Q",
                                      "http://classroom.test:9000/vegas-tutor/join?code=K7PX2Q", "/vegas-tutor/class")
    assert "http://classroom.test:9000/" in page and "K7PX2Q" in page and "http://10.0.0.2:9000/" in page
    svg = page[page.index("<svg"):page.index("</svg>")]
    assert "<title>QR code of the address with the class code</title>" in svg and "<path" in svg
    assert "@media print" in page and "://" not in page.replace("http://classroom.test", "").replace(
        "http://10.0.0.2", "")  # nothing loaded from elsewhere
    assert classroom_pages.qr_svg("http://x/", "t") == segno.make_qr("http://x/", error="m").svg_inline(
        scale=8, title="t", svgclass="qr-code", omitsize=False)


def test_the_not_in_class_page_says_so_in_both_languages() -> None:
    assert "is not in class mode" in classroom_pages.not_in_class_page("en")
    assert "no está en modo clase" in classroom_pages.not_in_class_page("es")


def test_the_console_shows_the_addresses_the_code_and_the_cap_in_the_servers_language() -> None:
    room = _room(total=30, per_client=3)
    text = classroom.announcement(room, 9000)
    assert "http://classroom.test:9000/" in text and "K7PX2Q" in text and "At most 30 lesson kernels" in text
    assert "http://classroom.test:9000/vegas-tutor/class" in text and "127.0.0.2" not in text
    with using("es"):
        spanish = classroom.announcement(room, 9000)
    assert "Código de la clase: K7PX2Q" in spanish and "Como mucho 30" in spanish
