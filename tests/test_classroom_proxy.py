"""``deploy/proxy/``'s nginx configurations in front of a class-mode server: Debian's nginx (its own prefix and
configuration in a temporary folder, free ports on 127.0.0.1, stopped by its pid) proxies to ``vegas-tutor
--class --host 127.0.0.1 --allow-host classroom.example:PORT``; the landing page, the join page, a lesson page
and its kernel's websocket work through it, and through the TLS one the class cookie is marked Secure.

Without nginx (or openssl, for the test certificate) the tests are skipped, or fail when ``CI`` is set.
"""

from __future__ import annotations

import asyncio
import getpass
import grp
import http.client
import json
import os
import shutil
import signal
import ssl
import subprocess
import time
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest
from e2e_app import Answer, AppServer, free_port, page_kernel_id
from own_servers import serving

NGINX = Path("/usr/sbin/nginx")
PROXY_DIR = Path(__file__).resolve().parent.parent / "deploy" / "proxy"
NAME = "classroom.example"
CODE = "K7PX2Q"
LESSON = "/voila/render/01.01-placing-dice.ipynb"


def _unavailable(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"{reason} (required when CI is set)", pytrace=False)
    pytest.skip(reason)


@dataclass
class Nginx:
    process: subprocess.Popen[bytes]
    folder: Path

    def log(self) -> str:
        return "\n".join((self.folder / name).read_text(errors="replace")[-2000:]
                         for name in ("error.log", "access.log") if (self.folder / name).exists())


def _configured(text: str, replacements: dict[str, str]) -> str:
    """The example configuration with each placeholder line replaced; each must occur exactly once, so a
    changed example fails here rather than testing something else."""
    for old, new in replacements.items():
        assert text.count(old) == 1, f"{old!r} is not once in the example configuration"
        text = text.replace(old, new)
    return text


def start_nginx(folder: Path, site: str, ports: list[int]) -> Nginx:
    """nginx with ``site`` (the example, its lines replaced) under its own prefix ``folder``, listening on
    ``ports`` of 127.0.0.1 once it returns."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "site.conf").write_text(site)
    user = f"user {getpass.getuser()} {grp.getgrgid(os.getegid()).gr_name};" if os.geteuid() == 0 else ""
    (folder / "nginx.conf").write_text(f"""{user}
worker_processes 1;
pid {folder}/nginx.pid;
error_log {folder}/error.log warn;
events {{ worker_connections 256; }}
http {{
    access_log {folder}/access.log;
    client_body_temp_path {folder}/body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
    include {folder}/site.conf;
}}
""")
    command = [str(NGINX), "-p", str(folder), "-c", str(folder / "nginx.conf"), "-e", str(folder / "error.log")]
    checked = subprocess.run([*command, "-t"], capture_output=True, text=True, check=False)
    assert checked.returncode == 0, checked.stderr
    process = subprocess.Popen([*command, "-g", "daemon off;"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    proxy = Nginx(process, folder)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        if process.poll() is not None:
            said = process.stderr.read().decode(errors="replace") if process.stderr else ""
            raise AssertionError(f"nginx exited with {process.returncode}: {said}")
        pid_file = folder / "nginx.pid"
        if pid_file.exists() and pid_file.read_text().strip() == str(process.pid) and all(_listening(p) for p in ports):
            return proxy
        time.sleep(0.1)
    stop_nginx(proxy)
    raise AssertionError(f"nginx did not listen on {ports}:\n{proxy.log()}")


def _listening(port: int) -> bool:
    try:
        http.client.HTTPConnection("127.0.0.1", port, timeout=1).connect()
    except OSError:
        return False
    return True


def stop_nginx(proxy: Nginx) -> None:
    """Stop nginx by its pid (its master process; it stops its worker)."""
    if proxy.process.poll() is None:
        os.kill(proxy.process.pid, signal.SIGQUIT)
        try:
            proxy.process.wait(10)
        except subprocess.TimeoutExpired:
            proxy.process.kill()
            proxy.process.wait(5)


@pytest.fixture(scope="module")
def proxy_ports() -> dict[str, int]:
    if not NGINX.is_file():
        _unavailable(f"{NGINX} is missing: install Debian's nginx (apt-get install nginx)")
    return {"http": free_port(), "tls": free_port(), "redirect": free_port()}


@pytest.fixture(scope="module")
def class_server(tmp_path_factory: pytest.TempPathFactory, proxy_ports: dict[str, int]) -> Iterator[AppServer]:
    log_path = tmp_path_factory.mktemp("vegas-tutor-proxied") / "server.log"
    extra = ["--class", "--host", "127.0.0.1", "--class-code", CODE, "--preheat", "none",
             "--allow-host", f"{NAME}:{proxy_ports['http']}", "--allow-host", f"{NAME}:{proxy_ports['tls']}"]
    with serving(log_path, extra) as server:
        yield server


def ask(connection: http.client.HTTPConnection, host: str, path: str, cookie: str = "") -> Answer:
    headers = {"Host": host, **({"Cookie": cookie} if cookie else {})}
    connection.request("GET", path, headers=headers)
    response = connection.getresponse()
    return Answer(response.status, response.headers, response.read().decode("utf-8", errors="replace"))


async def _kernel_info(url: str, headers: dict[str, str]) -> dict[str, object]:
    """Ask the kernel behind ``url`` (its websocket) for its info, as a page does; the reply's content."""
    from tornado.httpclient import HTTPRequest
    from tornado.websocket import websocket_connect

    socket = await websocket_connect(HTTPRequest(url, headers=headers, connect_timeout=20))
    msg_id = uuid.uuid4().hex
    socket.write_message(json.dumps({
        "header": {"msg_id": msg_id, "msg_type": "kernel_info_request", "username": "test", "session": "t",
                   "version": "5.3", "date": ""},
        "parent_header": {}, "metadata": {}, "content": {}, "channel": "shell", "buffers": [],
    }))
    try:
        while True:
            message = await asyncio.wait_for(socket.read_message(), 30)
            assert message is not None, "the websocket closed"
            reply = json.loads(message)
            if reply.get("parent_header", {}).get("msg_id") == msg_id and reply["msg_type"] == "kernel_info_reply":
                content: dict[str, object] = reply["content"]
                return content
    finally:
        socket.close()


def test_the_landing_page_join_a_lesson_and_its_kernel_websocket_work_through_nginx(
    class_server: AppServer, proxy_ports: dict[str, int], tmp_path: Path,
) -> None:
    port = proxy_ports["http"]
    site = _configured((PROXY_DIR / "nginx-http.conf").read_text(), {
        "listen 80;": f"listen 127.0.0.1:{port};",
        "server 127.0.0.1:8866;": f"server 127.0.0.1:{class_server.port};",
    })
    proxy = start_nginx(tmp_path / "nginx", site, [port])
    host = f"{NAME}:{port}"
    try:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        root = ask(connection, host, "/")
        assert root.status == 302 and root.headers["Location"].startswith("/vegas-tutor/join"), proxy.log()
        assert "Join the class" in ask(connection, host, root.headers["Location"]).body
        joined = ask(connection, host, f"/vegas-tutor/join?code={CODE}&next={LESSON}")
        assert joined.status == 302 and joined.headers["Location"] == LESSON
        cookie = f"vegas_tutor_class={joined.cookies()['vegas_tutor_class']}"
        assert "Secure" not in (joined.headers["Set-Cookie"] or "")  # plain HTTP
        landing = ask(connection, host, "/", cookie)
        assert landing.status in (301, 302) and landing.headers["Location"] == "/voila/render/index.ipynb"
        page = ask(connection, host, landing.headers["Location"], cookie)
        assert page.status == 200 and page_kernel_id(page.body), page.body[:300]
        lesson = ask(connection, host, LESSON, cookie)
        assert lesson.status == 200 and "Placing dice" in lesson.body, lesson.body[:300]
        kernel = page_kernel_id(lesson.body)
        connection.close()
        cookies = "; ".join([cookie, *(f"{n}={v}" for n, v in lesson.cookies().items())])
        url = f"ws://127.0.0.1:{port}/api/kernels/{kernel}/channels"
        headers = {"Host": host, "Origin": f"http://{host}", "Cookie": cookies}
        with ThreadPoolExecutor(max_workers=1) as pool:  # a fresh event loop (the browser tests keep one)
            info = pool.submit(asyncio.run, _kernel_info(url, headers)).result(60)
        assert info["status"] == "ok" and info["implementation"] == "ipython"
        upgraded = f'"GET /api/kernels/{kernel}/channels HTTP/1.1" 101'
        deadline = time.monotonic() + 10  # nginx logs a websocket once both sides have closed it
        while upgraded not in proxy.log() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert upgraded in proxy.log()  # upgraded by nginx
        foreign = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        assert ask(foreign, f"other.example:{port}", "/").status == 403  # a name the teacher did not allow
        foreign.close()
    finally:
        stop_nginx(proxy)
    assert proxy.process.returncode is not None


def test_the_tls_example_marks_the_class_cookie_secure_and_sends_http_to_https(
    class_server: AppServer, proxy_ports: dict[str, int], tmp_path: Path,
) -> None:
    if shutil.which("openssl") is None:
        _unavailable("openssl is missing (it makes the test certificate): apt-get install openssl")
    tls, redirect = proxy_ports["tls"], proxy_ports["redirect"]
    certificate, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", f"/CN={NAME}",
                    "-keyout", str(key), "-out", str(certificate)], check=True, capture_output=True)
    site = _configured((PROXY_DIR / "nginx.conf").read_text(), {
        "listen 80;": f"listen 127.0.0.1:{redirect};",
        "listen 443 ssl http2;": f"listen 127.0.0.1:{tls} ssl http2;",
        "server 127.0.0.1:8866;": f"server 127.0.0.1:{class_server.port};",
        f"/etc/ssl/certs/{NAME}.pem": str(certificate),
        f"/etc/ssl/private/{NAME}.key": str(key),
    })
    proxy = start_nginx(tmp_path / "nginx", site, [tls, redirect])
    try:
        plain = http.client.HTTPConnection("127.0.0.1", redirect, timeout=30)
        moved = ask(plain, NAME, "/vegas-tutor/join")
        assert moved.status == 301 and moved.headers["Location"] == f"https://{NAME}/vegas-tutor/join"
        plain.close()
        context = ssl.create_default_context(cafile=str(certificate))
        context.check_hostname = False  # the certificate names classroom.example, the test connects to 127.0.0.1
        secure = http.client.HTTPSConnection("127.0.0.1", tls, timeout=30, context=context)
        joined = ask(secure, f"{NAME}:{tls}", f"/vegas-tutor/join?code={CODE}")
        assert joined.status == 302, proxy.log()
        header = next(h for h in joined.headers.get_all("Set-Cookie") or [] if h.startswith("vegas_tutor_class="))
        assert "Secure" in header and "HttpOnly" in header and "SameSite=Lax" in header
        cookie = f"vegas_tutor_class={joined.cookies()['vegas_tutor_class']}"
        info = ask(secure, f"{NAME}:{tls}", "/vegas-tutor/class", cookie)
        assert info.status == 200 and f"https://{NAME}:{tls}/" in info.body  # the address the teacher used
        secure.close()
    finally:
        stop_nginx(proxy)
