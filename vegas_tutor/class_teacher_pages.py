"""The pages of the teacher's class view and of the learner's own records: the teacher-code form, the class
view (drawn by ``widgets/class_teacher.js`` from ``state.json``; plotly served by the app), and the learner's
page with their name and what their lessons recorded. Each in English or Spanish, self-contained.

>>> "Teacher code" in teacher_login_page("en", "/vegas-tutor/teacher")
True
>>> "Código del docente" in teacher_login_page("es", "/vegas-tutor/teacher")
True
"""

from __future__ import annotations

import html
import json
from typing import Any

from vegas_tutor.class_records import MAX_NAME, Learner
from vegas_tutor.classroom_pages import _page, _switch
from vegas_tutor.i18n import N_, _, js_strings, tr, using

TEACHER_WRONG = N_("Wrong teacher code: it is printed on the server's console, below the class code.")
TEACHER_WAIT = N_("Too many wrong codes from this computer: wait {seconds} seconds, then try again.")


def _esc(text: object) -> str:
    return html.escape(str(text))


def teacher_login_page(lang: str, action: str, message: str | None = None, xsrf_html: str = "", wait: int = 0) -> str:
    """The form asking for the teacher code (answered with 403 until it is typed)."""
    with using(lang):
        title, heading = _("vegas-tutor: the teacher's class view"), _("The teacher's class view")
        intro = _("This page shows the class's answers. Type the teacher code the server printed on its console "
                  "(it is not the class code).")
        label, button = _("Teacher code"), _("Open the class view")
        said = tr(message) if message else (tr(TEACHER_WAIT, seconds=wait) if wait else "")
    alert = f"<p class='alert' role='alert' id='teacher-error'>{_esc(said)}</p>" if said else ""
    described = " aria-describedby='teacher-error'" if said else ""
    body = (f"<h1>{_esc(heading)}</h1><p>{_esc(intro)}</p>{alert}"
            f"<form method='post' action='{_esc(action)}?lang={lang}'>{xsrf_html}"
            f"<label for='code'>{_esc(label)}</label>"
            f"<input id='code' name='code' type='password' required autofocus autocomplete='off' maxlength='40'"
            f"{described}><div><button type='submit'>{_esc(button)}</button></div></form>")
    return _page(lang, title, body, switch=_switch(lang, action))


_TEACHER_WORDS = {
    "title": N_("vegas-tutor: the class view"),
    "heading": N_("The class view"),
}


def teacher_page(lang: str, self_url: str, join_url: str) -> str:
    """The class view's frame: the controls and empty sections the script fills from ``state.json``."""
    with using(lang):
        words = {key: tr(text) for key, text in _TEACHER_WORDS.items()}
        strings = js_strings(lang, ("words.js", "class_teacher.js"))  # the files teacher.js is made of
    config = json.dumps({"lang": lang, "strings": strings, "base": self_url.rstrip("/")}, ensure_ascii=False)
    config = config.replace("<", "\\u003c")
    base = _esc(self_url.rstrip("/"))
    return (
        f"<!DOCTYPE html><html lang='{lang}'><head><meta charset='utf-8'>"
        f"<meta name='viewport' content='width=device-width, initial-scale=1'>"
        f"<title>{_esc(words['title'])}</title><link rel='stylesheet' href='{base}/teacher.css'>"
        f"<script>window.vtTeacher = {config};</script>"
        f"<script src='{base}/plotly.min.js' defer></script><script src='{base}/teacher.js' defer></script>"
        f"</head><body class='vt-teacher'>{_switch(lang, self_url)}"
        f"<main id='vt-teacher' data-join='{_esc(join_url)}'><h1>{_esc(words['heading'])}</h1></main></body></html>"
    )


def _record_line(record: dict[str, Any]) -> str:
    data, kind = record["data"], record["kind"]
    if kind == "answer":
        right = data["choice"] == data["answer"]
        verdict = _("right") if right else _("not right")
        return _("{lesson}: “{question}” — you answered “{choice}” ({verdict}).", lesson=record["lesson"],
                 question=data["text"], choice=data["choices"][data["choice"]], verdict=verdict)
    if kind == "finished":
        return _("{lesson}: finished.", lesson=record["lesson"])
    results = {"won": _("won"), "shared": _("shared the win"), "lost": _("lost")}
    return _("{lesson}: a game played to the end ({result}, opponents {level}).", lesson=record["lesson"],
             result=results.get(data["result"], data["result"]), level=data["level"])


def me_page(lang: str, action: str, learner: Learner, mine: list[dict[str, Any]], xsrf_html: str = "",
            target: str = "", message: str | None = None, saved: bool = False) -> str:
    """The learner's own page: the display name the teacher sees (a form to change it) and, oldest first,
    what the learner's lessons recorded (nobody else's)."""
    with using(lang):
        title, heading = _("vegas-tutor: your name and answers"), _("Your name and answers")
        intro = _("Your teacher sees your name with your answers in this class. Choose any name you like: no "
                  "account, no e-mail.")
        label, button = _("Your name in the class view"), _("Save the name")
        unnamed = _("You have no name yet: your teacher sees you as “Learner {n}”.", n=learner.number)
        kept = _("Saved.") if saved else ""
        listed = _("What your lessons sent to your teacher:")
        none = _("Nothing yet: answer a prediction in a lesson.")
        back = _("Back to the lesson")
        lines = [_record_line(record) for record in mine]
    alert = f"<p class='alert' role='alert' id='name-error'>{_esc(message)}</p>" if message else ""
    status = f"<p role='status'>{_esc(kept)}</p>" if kept else ""
    described = " aria-describedby='name-error'" if message else ""
    items = "".join(f"<li>{_esc(line)}</li>" for line in lines) or f"<li>{_esc(none)}</li>"
    link = f"<p><a href='{_esc(target)}'>{_esc(back)}</a></p>" if target else ""
    body = (f"<h1>{_esc(heading)}</h1><p>{_esc(intro)}</p>{alert}{status}"
            + ("" if learner.name else f"<p class='note'>{_esc(unnamed)}</p>")
            + f"<form method='post' action='{_esc(action)}?lang={lang}'>{xsrf_html}"
            f"<input type='hidden' name='next' value='{_esc(target)}'>"
            f"<label for='name'>{_esc(label)}</label>"
            f"<input id='name' name='name' required maxlength='{MAX_NAME}' value='{_esc(learner.name)}'"
            f" autocomplete='nickname'{described}>"
            f"<div><button type='submit'>{_esc(button)}</button></div></form>{link}"
            f"<h2>{_esc(listed)}</h2><ul>{items}</ul>")
    return _page(lang, title, body, switch=_switch(lang, action + (f"?next={target}" if target else "")))
