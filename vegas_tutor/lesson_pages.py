"""Where the app listens and which pages it opens first, shared by the command line (:mod:`vegas_tutor.cli`)
and the Voilà application (:mod:`vegas_tutor.voila_app`) without importing Voilà (slow to import).

The root address and the folder listing redirect to the landing page of the ``--lang`` language; under
``--preheat first`` the landing page and each game's first lesson keep a kernel that already ran them.

>>> landing_notebook("en"), landing_notebook("es")
('index.ipynb', 'es/index.ipynb')
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from vegas_tutor.resources import LANDING_NOTEBOOK, LESSON_NAME, lesson_names

HOST = "127.0.0.1"
"""The only interface the server binds without ``--class``: the app is for this machine."""
CLASS_HOST = "0.0.0.0"
"""What ``--class`` binds unless ``--host`` says otherwise: every interface, so the class's laptops reach it."""
LANDING_PATH = f"voila/render/{LANDING_NOTEBOOK}"
"""Where the English landing page is rendered, relative to the server root."""


def landing_notebook(lang: str) -> str:
    """The landing page of ``lang``, relative to the lessons folder: the Spanish lessons are in ``es/``."""
    return LANDING_NOTEBOOK if lang == "en" else f"{lang}/{LANDING_NOTEBOOK}"


@dataclass(frozen=True)
class PreheatPlan:
    """Which pages keep a pre-heated kernel under ``--preheat first``: the landing page and each game's
    first lesson (Voilà refills their pools as they are used). The pools are fixed when the server starts:
    resizing them while pages are being served could leave a request waiting on a pool in flux."""

    resident: tuple[str, ...]

    @classmethod
    def for_folder(cls, folder: Path, lang: str = "en") -> PreheatPlan:
        """The plan for the lessons in ``folder``, in the language ``lang`` (the one the root address opens)."""
        prefix = "" if lang == "en" else f"{lang}/"
        firsts: dict[str, str] = {}
        for name in lesson_names(folder / prefix):
            match = LESSON_NAME.match(name)
            if match is not None:
                firsts.setdefault(match["game"], prefix + name)
        return cls((prefix + LANDING_NOTEBOOK, *firsts.values()))


def landing_redirects(server_url: str, lang: str = "en") -> list[tuple[str, type, dict[str, Any]]]:
    """Tornado routes sending the root address and the folder listing to the rendered landing page of ``lang``."""
    from jupyter_server.utils import url_path_join
    from tornado.web import RedirectHandler

    landing = url_path_join(server_url, f"voila/render/{landing_notebook(lang)}")
    return [
        (url_path_join(server_url, "/?"), RedirectHandler, {"url": landing}),
        (url_path_join(server_url, r"/voila/tree(?:/.*)?"), RedirectHandler, {"url": landing}),
    ]
