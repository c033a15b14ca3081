"""The small self-contained pages of class mode: the join form, the class-full page, the teacher's class page
(with a QR code drawn by ``segno``, inline SVG, nothing loaded from elsewhere) and the "not in class mode" page.

Each is in the language of the page it stands for (:func:`request_language`).

>>> "Wrong code" in join_page("en", "/j", "/", message=JOIN_WRONG)
True
>>> 'http-equiv="refresh" content="10"' in full_page("es", "x")
True
"""

from __future__ import annotations

import contextlib
import html
import logging
from collections.abc import Iterator
from typing import Any

from vegas_tutor.classroom import RETRY_AFTER, SETTING, Classroom, Full, lesson_of
from vegas_tutor.i18n import LANGUAGE_NAMES, LANGUAGES, N_, _, tr, using
from vegas_tutor.serving import masked_uri, page_language

_log = logging.getLogger("vegas_tutor")

JOIN_WRONG = N_("Wrong code: check it with your teacher and type it again.")
JOIN_WAIT = N_("Too many wrong codes from this computer: wait {seconds} seconds, then try again.")

_STYLE = """
body { font: 20px/1.5 system-ui, sans-serif; margin: 0; color: #1a1a1a; background: #fff; }
main { max-width: 36em; margin: 2.5em auto; padding: 0 1.2em; }
h1 { font-size: 1.8em; margin: 0 0 .6em; }
label { display: block; font-weight: 600; margin-bottom: .3em; }
input[name=code] { font: 600 1.6em/1.2 ui-monospace, monospace; letter-spacing: .25em; width: 8.5em;
  padding: .25em .4em; text-transform: uppercase; border: 2px solid #555; border-radius: 6px; }
input[type=password] { text-transform: none; letter-spacing: .1em; }
input[name=name] { font: inherit; font-size: 1.2em; width: 100%; max-width: 16em; padding: .25em .4em;
  border: 2px solid #555; border-radius: 6px; margin-bottom: .6em; }
.hint { color: #444; font-size: .85em; margin: 0 0 .3em; }
label.second { margin-top: 1em; }
button { font: inherit; font-weight: 600; padding: .45em 1.4em; margin-top: 1em; border-radius: 6px;
  border: 2px solid #0b5394; background: #0b5394; color: #fff; cursor: pointer; }
button:focus-visible, input:focus-visible, a:focus-visible { outline: 3px solid #e69f00; outline-offset: 2px; }
.alert { border-left: 6px solid #b00020; padding: .5em .9em; background: #fdecee; margin: 1em 0; }
.note { color: #444; }
.lang { position: absolute; top: .8em; right: 1.2em; font-size: .85em; }
a { color: #0b5394; text-decoration: underline; }
.address { font: 600 1.6em/1.3 ui-monospace, monospace; word-break: break-all; margin-top: 0; }
.code { font: 700 3.2em/1.1 ui-monospace, monospace; letter-spacing: .3em; margin: 0 0 .5em; }
.lead { margin-bottom: .2em; }
.qr svg { width: 18em; height: 18em; max-width: 100%; }
@media print { .lang, .noprint { display: none; } body { font-size: 18pt; } main { margin: 0 auto; } }
"""


def request_language(handler: Any, target: str | None = None) -> str:
    """The language of a class-mode page: ``?lang=`` when given, else that of ``target`` (the lesson it leads
    to) when it is a Spanish one, else the browser's first language we have (``Accept-Language``), else
    English."""
    asked = handler.get_argument("lang", None)
    if asked in LANGUAGES:
        return str(asked)
    if target and page_language(target) != "en":
        return page_language(target)
    for part in (handler.request.headers.get("Accept-Language") or "").split(","):
        tag = part.split(";")[0].strip().lower()[:2]
        if tag in LANGUAGES:
            return tag
    return "en"


def _page(lang: str, title: str, body: str, head: str = "", switch: str = "") -> str:
    return (f"<!DOCTYPE html><html lang='{lang}'><head><meta charset='utf-8'>"
            f"<meta name='viewport' content='width=device-width, initial-scale=1'>{head}"
            f"<title>{html.escape(title)}</title><style>{_STYLE}</style></head>"
            f"<body>{switch}<main>{body}</main></body></html>")


def _switch(lang: str, url: str) -> str:
    """Links to the same page in the other languages."""
    links = []
    for other in LANGUAGES:
        if other != lang:
            joiner = "&" if "?" in url else "?"
            href = html.escape(f"{url}{joiner}lang={other}")
            links.append(f"<a href=\"{href}\" lang=\"{other}\">{html.escape(LANGUAGE_NAMES[other])}</a>")
    return f"<nav class='lang'>{' | '.join(links)}</nav>"


def join_page(lang: str, action: str, target: str, message: str | None = None, xsrf_html: str = "",
              seconds: int = 0, name: str = "", said: str = "") -> str:
    """The join form in ``lang``: the class code and the display name the teacher will see (``name`` typed
    before), sent to ``action``, then on to ``target``; ``message`` (a :data:`JOIN_WRONG`, :data:`JOIN_WAIT`
    code) shown above it, or ``said``, a reason already in ``lang`` (a refused name)."""
    with using(lang):
        title, heading = _("vegas-tutor: join the class"), _("Join the class")
        intro = _("Type the class code your teacher gives you. You only need it once.")
        label, button = _("Class code"), _("Join")
        name_label = _("Your name for the teacher")
        name_hint = _("Optional: any name you like (no account, no e-mail); you can change it later.")
        shown = said if message is None else tr(message, seconds=seconds)
        alert = "" if not shown else f"<p class='alert' role='alert' id='join-error'>{html.escape(shown)}</p>"
    described = " aria-describedby='join-error'" if shown else ""
    body = (
        f"<h1>{html.escape(heading)}</h1><p>{html.escape(intro)}</p>{alert}"
        f"<form method='post' action='{html.escape(action)}'>{xsrf_html}"
        f"<input type='hidden' name='next' value='{html.escape(target)}'>"
        f"<label for='code'>{html.escape(label)}</label>"
        f"<input id='code' name='code' required autofocus autocomplete='off' autocapitalize='characters' "
        f"spellcheck='false' maxlength='40'{described}>"
        f"<label for='name' class='second'>{html.escape(name_label)}</label>"
        f"<p class='hint' id='name-hint'>{html.escape(name_hint)}</p>"
        f"<input id='name' name='name' maxlength='40' autocomplete='nickname' aria-describedby='name-hint' "
        f"value='{html.escape(name)}'>"
        f"<div><button type='submit'>{html.escape(button)}</button></div></form>"
    )
    return _page(lang, title, body, switch=_switch(lang, f"{action}?next={target}"))


def full_page(lang: str, message: str) -> str:
    """The page a lesson over the cap gets (with 503): ``message`` and a reload every ``RETRY_AFTER``
    seconds, said on the page."""
    with using(lang):
        title, heading = _("vegas-tutor: wait a moment"), _("Wait a moment")
        retry = _("This page tries again by itself every {seconds} seconds.", seconds=RETRY_AFTER)
    body = (f"<h1>{html.escape(heading)}</h1><p role='status'>{html.escape(message)}</p>"
            f"<p class='note'>{html.escape(retry)}</p>")
    return _page(lang, title, body, head=f'<meta http-equiv="refresh" content="{RETRY_AFTER}">')


def answer_full(handler: Any, full: Full) -> None:
    """Answer a lesson page over the cap: 503, ``Retry-After``, :func:`full_page` in the lesson's language."""
    lang = page_language(handler.request.path)
    with using(lang):
        message = full.message()
    handler.clear()
    handler.set_status(503)
    handler.set_header("Retry-After", str(RETRY_AFTER))
    handler.set_header("Content-Type", "text/html; charset=UTF-8")
    handler.set_header("Cache-Control", "no-store")
    handler.finish(full_page(lang, message))


def qr_svg(url: str, title: str) -> str:
    """A QR code of ``url`` as inline SVG (``segno``), titled ``title`` for screen readers."""
    import segno

    qr = segno.make_qr(url, error="m")
    return str(qr.svg_inline(scale=8, title=title, svgclass="qr-code", omitsize=False))


def class_page(lang: str, addresses: list[str], code: str, join_url: str, self_url: str) -> str:
    """The teacher's class page in ``lang``: the address to open, the class code and a QR code of
    ``join_url`` (the join page with the code), in large type, printable."""
    with using(lang):
        title, heading = _("vegas-tutor: the class"), _("Join the class")
        open_text, code_text = _("Open this address in your browser:"), _("Class code:")
        scan = _("Or scan this code with a tablet's or phone's camera: it opens the lessons with the code.")
        others = _("The same server also answers at:")
        qr_title = _("QR code of the address with the class code")
        tip = _("Show this page on the projector, or print it. Learners type the code once.")
    first, *rest = addresses
    more = "" if not rest else (f"<p class='note'>{html.escape(others)} "
                                + ", ".join(f"<span class='address'>{html.escape(a)}</span>" for a in rest) + "</p>")
    body = (
        f"<h1>{html.escape(heading)}</h1>"
        f"<p class='lead'>{html.escape(open_text)}</p><p class='address'>{html.escape(first)}</p>{more}"
        f"<p class='lead'>{html.escape(code_text)}</p><p class='code'>{html.escape(code)}</p>"
        f"<p>{html.escape(scan)}</p><div class='qr'>{qr_svg(join_url, qr_title)}</div>"
        f"<p class='note noprint'>{html.escape(tip)}</p>"
    )
    return _page(lang, title, body, switch=_switch(lang, self_url))


def not_in_class_page(lang: str) -> str:
    """The page class-mode addresses show on a server started without ``--class`` (with 404)."""
    with using(lang):
        title, heading = _("vegas-tutor: not in class mode"), _("Not in class mode")
        said = _("This server is not in class mode: start it with vegas-tutor --class to serve a class's "
                 "laptops, then this page shows the address and the class code.")
    return _page(lang, title, f"<h1>{html.escape(heading)}</h1><p>{html.escape(said)}</p>")


@contextlib.contextmanager
def class_seat(handler: Any) -> Iterator[bool]:
    """While a lesson page is rendered: True when it may have a kernel. In class mode a page over the cap is
    answered with 503 and :func:`full_page` instead (False); outside class mode always True."""
    classroom: Classroom | None = handler.settings.get(SETTING)
    if classroom is None:
        yield True
        return
    client = classroom.client_id(handler) or ""  # the gate let no page through without one
    full = classroom.seats.refusal(client)
    if full is not None:
        _log.warning("vegas-tutor: %s %s refused (503): %s", handler.request.method,
                     masked_uri(handler.request.uri), "client cap" if full.mine else "class cap")
        answer_full(handler, full)
        yield False
        return
    with classroom.seats.seated(client, lesson_of(handler.request.path, classroom.base_url)):
        yield True
