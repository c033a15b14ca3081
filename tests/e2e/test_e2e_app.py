"""The served app in a real browser: the landing page at the root address and the lessons it links to."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import psutil
import pytest
from e2e_app import AppServer, kernel_id, open_page, wait_until_rendered, watch_errors
from lesson_nav_tool import nav

from vegas_tutor.resources import lessons_dir

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.e2e


SERVED = Path(os.environ.get("VEGAS_TUTOR_E2E_LESSONS") or lessons_dir())
LESSONS = nav.find_lessons(SERVED)
LANDING_HEADING = "vegas-tutor: learn three dice games"


def _heading_texts(page: Page, level: str) -> list[str]:
    return [text.rstrip("¶").strip() for text in page.locator(level).all_inner_texts()]


def test_root_address_shows_the_rendered_landing_page_not_a_file_listing(
    app_page: Page, app_server: AppServer, save_screenshot: Callable[[Page, str], Path]
) -> None:
    app_page.goto(app_server.url, wait_until="commit")
    wait_until_rendered(app_page)
    assert app_page.url == f"{app_server.url}voila/render/index.ipynb"
    assert app_page.get_by_role("heading", name=LANDING_HEADING, level=1).is_visible()
    games = [h for h in _heading_texts(app_page, "h2") if h[:2].isdigit()]  # (the progress panel may repeat them)
    assert list(dict.fromkeys(games)) == ["01 Las Vegas", "02 Liar's Dice", "03 Lords of Vegas"]
    assert app_page.locator(".jp-DirListing, .voila-notebooks, .list_item").count() == 0
    assert app_page.locator(".jp-InputArea-editor, .jp-CodeMirrorEditor").count() == 0  # no code shown
    for lesson in LESSONS:  # two games may have lessons of the same title: find each link by its address
        listed = app_page.locator(f'a[href="{lesson.name}"]:not([id="cell-id=index-progress"] a)')
        assert listed.count() == 1 and listed.inner_text().strip() == lesson.title, lesson.name
    save_screenshot(app_page, "landing")


@pytest.mark.parametrize("path", ["voila/tree", "voila/tree/", "voila/tree/anything/else"])
def test_the_folder_listing_leads_to_the_landing_page(
    app_page: Page, app_server: AppServer, path: str
) -> None:
    response = app_page.goto(f"{app_server.url}{path}", wait_until="commit")
    assert response is not None
    assert app_page.url == f"{app_server.url}voila/render/index.ipynb"


def test_server_binds_localhost_only(app_server: AppServer) -> None:
    import psutil

    addresses = {
        conn.laddr.ip for conn in psutil.Process(app_server.process.pid).net_connections(kind="inet")
        if conn.status == psutil.CONN_LISTEN
    }
    assert addresses == {"127.0.0.1"}


def _check_lesson_page(page: Page, position: int) -> None:
    """The lesson at ``position`` is rendered, with its title and its navigation at top and bottom."""
    lesson = LESSONS[position]
    page.wait_for_url(f"**/voila/render/{lesson.name}", wait_until="commit")
    watch_errors(page).clear()  # what the page left logged while it went (its kernel's last requests): not this one's
    wait_until_rendered(page)
    assert lesson.title in _heading_texts(page, "h1"), lesson.name
    assert page.get_by_role("link", name="Index", exact=True).count() == 2, "navigation at top and bottom"
    if position > 0:
        assert page.get_by_role("link", name=f"< {LESSONS[position - 1].title}", exact=True).count() == 2


@pytest.mark.skipif(not LESSONS, reason="no lesson notebooks in lessons/ yet (the index lists none)")
def test_each_games_first_lesson_opens_from_the_landing_page_and_its_navigation_links_work(
    app_page: Page, app_server: AppServer, save_screenshot: Callable[[Page, str], Path]
) -> None:
    # Every lesson's navigation cells are checked without a browser (test_lesson_nav.py); here the links
    # are followed once per game: landing -> first lesson -> next lesson -> back -> index.
    firsts = [position for position, lesson in enumerate(LESSONS)
              if position == 0 or LESSONS[position - 1].game != lesson.game]
    open_page(app_page, f"{app_server.url}voila/render/index.ipynb")
    for position in firsts:
        app_page.locator(f'a[href="{LESSONS[position].name}"]').last.click()  # (the progress panel links it too)
        _check_lesson_page(app_page, position)
        save_screenshot(app_page, LESSONS[position].path.stem)
        if position + 1 < len(LESSONS):
            following = LESSONS[position + 1]
            next_links = app_page.get_by_role("link", name=f"{following.title} >", exact=True)
            assert next_links.first.get_attribute("href") == following.name
            next_links.first.click()
            _check_lesson_page(app_page, position + 1)
            app_page.get_by_role("link", name=f"< {LESSONS[position].title}", exact=True).last.click()
            _check_lesson_page(app_page, position)
        app_page.get_by_role("link", name="Index", exact=True).last.click()
        app_page.wait_for_url("**/voila/render/index.ipynb")
        wait_until_rendered(app_page)


def _ends(process: psutil.Process, *, within: float) -> bool:
    """Whether ``process`` exits within ``within`` seconds. An exited kernel the server has not reaped yet
    (a zombie) has ended too: its parent, not this test, collects it."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            if process.status() == psutil.STATUS_ZOMBIE:
                return True
        except psutil.NoSuchProcess:
            return True
        time.sleep(0.2)
    return False


def test_leaving_a_page_shuts_its_kernel_down(app_page: Page, app_server: AppServer) -> None:
    landing = f"{app_server.url}voila/render/index.ipynb"
    open_page(app_page, landing)
    first_id = kernel_id(app_page)
    first = app_server.kernel_process(first_id)
    open_page(app_page, landing)  # leaving the first visit; the second one gets a fresh kernel
    assert kernel_id(app_page) != first_id
    if not _ends(first, within=60):
        pytest.fail(f"the kernel of a page left behind is still running\n{app_server.log_tail()}")
    assert " 403 " not in app_server.log_path.read_text(encoding="utf-8", errors="replace")
