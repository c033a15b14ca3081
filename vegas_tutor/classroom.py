"""Class mode (``vegas-tutor --class``): a class's own laptops reach one teacher's server, with a class code.

* **Names.** The server answers at the address it binds, the names ``--allow-host`` adds, ``localhost`` and
  ``127.0.0.1``, and, bound to ``0.0.0.0``, this machine's own IPv4 addresses and host name
  (:func:`served_names`). ``--allow-host NAME`` also accepts ``NAME`` without a port (a reverse proxy on 443 or
  80, where browsers leave the port out); ``--allow-host NAME:PORT`` accepts that port too (a proxy on another
  port). ``Origin`` may then be ``http`` or ``https``.
* **The class code** (:func:`new_code`: 6 characters without look-alikes) is entered once on the join page;
  it is compared in constant time, and the server answers with a signed, HttpOnly, ``SameSite=Lax`` session
  cookie (:data:`COOKIE`, tornado's secure cookie with the server's ``cookie_secret``) carrying a random client
  id. Without that cookie every route but the join page is refused (:meth:`Classroom.gate`): a page is
  redirected to the join page, anything else gets 403, and no kernel starts. Repeated wrong codes from one
  address are throttled (:class:`Throttle`). The code never reaches the log (:func:`masked_uri`).
* **The cap** (:class:`Seats`): at most ``--max-kernels`` lesson kernels at once, ``--max-kernels-per-client``
  per client id. Only kernels given to pages count; kernels waiting in a pre-heated pool do not (the default
  cap leaves room for them, :func:`default_max_kernels`). A page over the cap gets 503 and a page that retries.

>>> len(new_code()), set(new_code()) <= set(CODE_ALPHABET), set("0O1IL") & set(CODE_ALPHABET)
(6, True, set())
>>> code_matches(" k7px-2q ", "K7PX2Q"), code_matches("K7PX2R", "K7PX2Q")
(True, False)
>>> safe_next("/voila/render/01.01-placing-dice.ipynb?x=1"), safe_next("//evil.example/"), safe_next("https://x/")
('/voila/render/01.01-placing-dice.ipynb?x=1', None, None)
>>> default_max_kernels(available=2 * 1024**3)  # (2048 MB - 512 MB) // 110 MB
13
"""

from __future__ import annotations

import contextlib
import contextvars
import hmac
import ipaddress
import re
import secrets
import socket
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote, urlsplit

from vegas_tutor.class_records import ClassRecords
from vegas_tutor.i18n import _, _n
from vegas_tutor.serving import LOCAL_NAMES, Refusal, ServedNames, refuse

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""The letters of a generated class code: no 0/O, 1/I/L, easy to read aloud and to type."""
CODE_LENGTH = 6
TEACHER_CODE_LENGTH = 8
COOKIE = "vegas_tutor_class"
"""The class cookie: a random client id, signed with the server's cookie secret."""
JOIN_PATH = "vegas-tutor/join"
CLASS_PATH = "vegas-tutor/class"
TEACHER_PATH = "vegas-tutor/teacher"
SETTING = "vegas_tutor_classroom"
"""The tornado setting holding the server's :class:`Classroom` (absent outside class mode)."""
KERNEL_MEMORY = 110 * 1024**2
"""About what one lesson kernel holds (README: 103–110 MB per learner measured)."""
MEMORY_RESERVE = 512 * 1024**2
"""Memory left for the server itself, the pre-heated pages and the system."""
DEFAULT_PER_CLIENT = 3
RETRY_AFTER = 10
"""Seconds a page over the cap waits before it asks again."""
CLIENT_ID = re.compile(r"[A-Za-z0-9_-]{16,64}")


def new_code(length: int = CODE_LENGTH) -> str:
    """A fresh class code: ``length`` characters of :data:`CODE_ALPHABET`, from ``secrets`` (the teacher code
    has :data:`TEACHER_CODE_LENGTH`)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(length))


def normal_code(text: str) -> str:
    """A typed code as compared: capitals, without spaces or dashes."""
    return re.sub(r"[\s-]", "", text).upper()


def code_matches(given: str, code: str) -> bool:
    """Whether ``given`` is the class code ``code`` (in constant time)."""
    return hmac.compare_digest(normal_code(given).encode(), normal_code(code).encode())


def valid_code(text: str) -> str:
    """A teacher's ``--class-code``: 4 to 32 letters or digits (dashes and spaces are dropped); ``ValueError``
    otherwise."""
    code = normal_code(text)
    if not re.fullmatch(r"[A-Z0-9]{4,32}", code):
        raise ValueError(f"--class-code must be 4 to 32 letters or digits, not {text!r}")
    return code


def default_max_kernels(available: int | None = None, pooled: int = 0) -> int:
    """How many lesson kernels fit in ``available`` bytes (default: the machine's available memory now), less
    :data:`MEMORY_RESERVE` and ``pooled`` pre-heated kernels; at least 1."""
    if available is None:
        import psutil  # type: ignore[import-untyped]  # (a dependency of ipykernel)

        available = int(psutil.virtual_memory().available)
    return max(1, (available - MEMORY_RESERVE) // KERNEL_MEMORY - pooled)


def is_loopback(name: str) -> bool:
    """Whether ``name`` (a host name or IP address, maybe with a port) only reaches this machine."""
    host = name.rsplit(":", 1)[0] if name.count(":") == 1 else name
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def machine_names() -> tuple[str, ...]:
    """This machine's own non-loopback IPv4 addresses and its host name, found locally (no network)."""
    import psutil

    found: list[str] = []
    for addresses in psutil.net_if_addrs().values():
        for address in addresses:
            if address.family == socket.AF_INET and not is_loopback(address.address):
                found.append(address.address)
    hostname = socket.gethostname().lower()
    if hostname and not is_loopback(hostname):
        found.append(hostname)
    return tuple(dict.fromkeys(found))


def served_names(bind: str, allowed: Sequence[str], machine: Sequence[str] | None = None) -> ServedNames:
    """The names a class-mode server bound to ``bind`` answers to, with ``--allow-host`` entries ``allowed``
    (``NAME`` or ``NAME:PORT``) and, bound to every interface, the ``machine``'s own names (default: found).

    >>> served = served_names("127.0.0.2", ["classroom.test", "proxy.test:8443"])
    >>> served.names
    ('127.0.0.2', 'classroom.test', 'proxy.test', '127.0.0.1', 'localhost')
    >>> served.proxied, served.schemes
    (('classroom.test', 'proxy.test:8443'), ('http', 'https'))
    """
    names = [] if bind == "0.0.0.0" else [bind]
    names += [entry.rsplit(":", 1)[0] if ":" in entry else entry for entry in allowed]
    names += LOCAL_NAMES
    if bind == "0.0.0.0":
        names += machine_names() if machine is None else machine
    return ServedNames(tuple(dict.fromkeys(names)), tuple(dict.fromkeys(allowed)), ("http", "https"))


def learner_addresses(served: ServedNames, port: int) -> list[str]:
    """The addresses learners open: each name that reaches this machine from another one, or the loopback
    names when there is none (a server tried on one machine)."""
    names = [f"{name}:{port}" for name in served.names]
    names += [entry for entry in served.proxied if ":" in entry]
    addresses = [f"http://{name}/" for name in dict.fromkeys(names) if not is_loopback(name)]
    return addresses or [f"http://{name}/" for name in dict.fromkeys(names)]


def safe_next(target: str | None, base_url: str = "/") -> str | None:
    """``target`` when it is a path on this server under ``base_url`` (never another site's address), else
    None."""
    if not target or not target.startswith(base_url) or target.startswith("//") or "\\" in target:
        return None
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or any(ord(char) < 32 for char in target):
        return None
    return target


def client_address(request: Any) -> str:
    """The address a request came from: the peer's, or, when the peer is this machine (a reverse proxy in
    front of the server), the last address its ``X-Forwarded-For`` names."""
    peer = str(request.remote_ip or "")
    forwarded = request.headers.get("X-Forwarded-For")
    if forwarded and is_loopback(peer):
        last = forwarded.split(",")[-1].strip()
        if last:
            return str(last[:64])
    return peer


def request_scheme(request: Any) -> str:
    """``https`` when the request came that way (directly, or through a reverse proxy on this machine that
    says so in ``X-Forwarded-Proto``), else ``http``."""
    forwarded = (request.headers.get("X-Forwarded-Proto") or "").lower()
    if forwarded in ("http", "https") and is_loopback(str(request.remote_ip or "")):
        return forwarded
    return "https" if request.protocol == "https" else "http"


class Throttle:
    """Wrong codes per client address: after ``limit`` wrong codes within ``window`` seconds, that address
    must wait until the oldest of them is ``window`` seconds old, right code or not."""

    def __init__(self, limit: int = 5, window: float = 60.0, clock: Callable[[], float] = time.monotonic,
                 most_addresses: int = 10_000) -> None:
        self.limit, self.window, self.clock, self.most_addresses = limit, window, clock, most_addresses
        self._wrong: OrderedDict[str, deque[float]] = OrderedDict()

    def wait(self, address: str) -> int:
        """Whole seconds ``address`` must wait before its next try (0: it may try now)."""
        times = self._recent(address)
        if len(times) < self.limit:
            return 0
        return max(1, int(times[0] + self.window - self.clock() + 0.999))

    def wrong(self, address: str) -> None:
        """Count a wrong code from ``address``."""
        times = self._recent(address)
        times.append(self.clock())
        self._wrong[address] = times
        self._wrong.move_to_end(address)
        while len(self._wrong) > self.most_addresses:
            self._wrong.popitem(last=False)

    def _recent(self, address: str) -> deque[float]:
        times = self._wrong.get(address, deque())
        while times and times[0] <= self.clock() - self.window:
            times.popleft()
        return times


@dataclass(eq=False)  # each seat is its own, even when another page of the same client looks alike
class Seat:
    """One lesson page being served to ``client``: counted until its kernel is given to it, then the kernel
    counts while it lives."""

    client: str
    claimed: bool = False
    left: bool = False
    lesson: str = ""
    """The notebook the page shows (relative to the lessons folder), for the class records."""


@dataclass(frozen=True)
class Full:
    """Why a page cannot have a kernel now: the class's cap (``mine`` False) or the client's; ``held``
    kernels counted against it."""

    mine: bool
    held: int

    def message(self) -> str:
        """What the learner reads, in the language in force."""
        if self.mine:
            return _n("You have {n} lesson open: close one (its tab) to open this one.",
                      "You have {n} lessons open: close one (its tab) to open this one.", self.held)
        return _("The class is full: this server runs at most {n} lessons at once. Wait for a classmate to close "
                 "one.", n=self.held)


_seat: contextvars.ContextVar[Seat | None] = contextvars.ContextVar("vegas_tutor_seat", default=None)
"""While a lesson page is rendered in class mode: its seat, which the kernel it gets is counted on."""


class Seats:
    """The kernel cap: ``total`` lesson kernels at once, ``per_client`` for one client id."""

    def __init__(self, total: int, per_client: int, alive: Callable[[str], bool] = lambda kernel_id: True) -> None:
        self.total, self.per_client, self.alive = total, per_client, alive
        self._owners: dict[str, str] = {}
        self._pending: list[Seat] = []
        self.on_claim: Callable[[str, Seat], None] | None = None
        """Told each kernel given to a page, with its seat (the class records: a lesson opened)."""

    def _prune(self) -> None:
        for kernel_id in [k for k in self._owners if not self.alive(k)]:
            del self._owners[kernel_id]

    def held(self, client: str) -> int:
        """The kernels ``client``'s pages hold or are getting."""
        self._prune()
        return sum(owner == client for owner in self._owners.values()) + sum(
            seat.client == client for seat in self._pending)

    def in_use(self) -> int:
        """The lesson kernels of every client, and those being given."""
        self._prune()
        return len(self._owners) + len(self._pending)

    def refusal(self, client: str) -> Full | None:
        """Why ``client`` cannot open one more lesson now, or None."""
        held = self.held(client)
        if held >= self.per_client:
            return Full(True, held)
        if self.in_use() >= self.total:
            return Full(False, self.total)
        return None

    def take(self, client: str) -> Seat:
        """Count a page of ``client`` from now on (after :meth:`refusal` said None)."""
        seat = Seat(client)
        self._pending.append(seat)
        return seat

    def claim(self, seat: Seat, kernel_id: str) -> None:
        """The page of ``seat`` got ``kernel_id``: that kernel counts for its client while it lives."""
        self._owners[kernel_id] = seat.client
        if not seat.claimed and not seat.left:
            self._pending.remove(seat)
        seat.claimed = True
        if self.on_claim is not None:
            self.on_claim(kernel_id, seat)

    def owner(self, kernel_id: str) -> str | None:
        """The client whose page holds ``kernel_id`` while it lives, or None."""
        return self._owners.get(kernel_id) if self.alive(kernel_id) else None

    def leave(self, seat: Seat) -> None:
        """The page of ``seat`` is done (its kernel, if it got one, still counts)."""
        if not seat.claimed and not seat.left:
            self._pending.remove(seat)
        seat.left = True

    @contextlib.contextmanager
    def seated(self, client: str, lesson: str) -> Iterator[Seat]:
        """While a lesson page of ``client`` is rendered: a seat taken for it (``lesson``: the notebook), on which
        the kernel the page gets is counted; left when the page is done."""
        seat = self.take(client)
        seat.lesson = lesson
        token = _seat.set(seat)
        try:
            yield seat
        finally:
            _seat.reset(token)
            self.leave(seat)

    def watch(self, manager: Any) -> None:
        """Count the kernels ``manager`` gives to pages (started for one, or taken from a pool) while they live
        in it. Call before serving."""
        self.alive = lambda kernel_id: kernel_id in manager
        start_kernel = manager.start_kernel

        async def started(*args: Any, **kwargs: Any) -> Any:
            kernel_id = await start_kernel(*args, **kwargs)
            self._given(kernel_id)
            return kernel_id

        manager.start_kernel = started
        if hasattr(manager, "get_rendered_notebook"):
            take = manager.get_rendered_notebook

            async def taken(*args: Any, **kwargs: Any) -> Any:
                rendered = await take(*args, **kwargs)
                self._given(rendered[2])  # (render task, cells, kernel id)
                return rendered

            manager.get_rendered_notebook = taken

    def _given(self, kernel_id: str) -> None:
        seat = _seat.get()
        if seat is not None:
            self.claim(seat, kernel_id)


@dataclass
class Classroom:
    """A class-mode server's code, names, cap and throttle."""

    code: str
    served: ServedNames
    seats: Seats
    base_url: str = "/"
    throttle: Throttle = field(default_factory=Throttle)
    teacher_code: str = ""
    """The teacher's code (the teacher's class view, ``vegas_tutor.class_teacher``); "" when there is none."""
    records: ClassRecords | None = None
    """The class's records (``--class-db``)."""
    teacher_throttle: Throttle = field(default_factory=Throttle)
    teacher_token: str = field(default_factory=lambda: secrets.token_urlsafe(24))
    """What the teacher's cookie carries (signed): valid for this server's run only."""
    lessons: dict[str, str] = field(default_factory=dict)
    """Kernel id -> the lesson of the page it was given to (this server's run)."""

    def url(self, path: str) -> str:
        """``path`` below the server's root."""
        return self.base_url.rstrip("/") + "/" + path.lstrip("/")

    def join_url(self, target: str | None = None) -> str:
        """The join page, sending the learner on to ``target`` once in."""
        join = self.url(JOIN_PATH)
        return join if target is None else f"{join}?next={quote(target, safe='/')}"

    def client_id(self, handler: Any) -> str | None:
        """The client id of the request's valid class cookie, or None."""
        value = handler.get_signed_cookie(COOKIE)
        if value is None:
            return None
        client = value.decode("ascii", errors="replace")
        return client if CLIENT_ID.fullmatch(client) else None

    def admit(self, handler: Any) -> str:
        """Set the class cookie on ``handler``'s response (keeping the client id it already had); the id."""
        client = self.client_id(handler) or secrets.token_urlsafe(18)
        handler.set_signed_cookie(COOKIE, client, expires_days=None, httponly=True, samesite="Lax",
                                  secure=request_scheme(handler.request) == "https", path=self.base_url)
        return client

    def gate(self, page: bool) -> Callable[[Any], bool]:
        """The check a route makes before its handler runs (see ``serving.guarded``): a request without the
        class cookie is redirected to the join page when ``page`` (and it is a GET) and refused with 403
        otherwise; True when it was answered so."""

        def answered(handler: Any) -> bool:
            if self.client_id(handler) is not None:
                return False
            request = handler.request
            if page and request.method in ("GET", "HEAD"):
                handler.redirect(self.join_url(request.uri))
                return True
            join = self.url(JOIN_PATH)
            refuse(handler, _refused(join))
            return True

        return answered


def _refused(join: str) -> Refusal:
    return Refusal(lambda: _("this server is in class mode: join the class at {join} first", join=join))


def lesson_of(path: str, base_url: str = "/") -> str:
    """The notebook a page address renders, relative to the lessons folder ("" for another address).

    >>> lesson_of("/voila/render/es/01.01-colocar-dados.ipynb"), lesson_of("/voila/tree")
    ('es/01.01-colocar-dados.ipynb', '')
    """
    prefix = base_url.rstrip("/") + "/voila/render/"
    return path[len(prefix):] if path.startswith(prefix) and path.endswith(".ipynb") else ""


def announcement(classroom: Classroom, port: int) -> str:
    """What the console shows when a class-mode server is up, in the language in force: the addresses to open,
    the class code, the cap and the teacher's page."""
    lines = [_("vegas-tutor: class mode. Learners open:")]
    lines += [f"    {address}" for address in learner_addresses(classroom.served, port)]
    lines.append(_("Class code: {code}", code=classroom.code))
    lines.append(_("At most {total} lesson kernels at once, {per_client} per learner.",
                   total=classroom.seats.total, per_client=classroom.seats.per_client))
    first = learner_addresses(classroom.served, port)[0].rstrip("/")
    lines.append(_("The teacher's page, with a QR code to show the class: {url}",
                   url=first + classroom.url(CLASS_PATH)))
    if classroom.teacher_code:
        lines.append(_("The teacher's class view (answers live, export): {url}",
                       url=first + classroom.url(TEACHER_PATH)))
        lines.append(_("Teacher code (keep it to yourself): {code}", code=classroom.teacher_code))
    return "\n".join(lines)
