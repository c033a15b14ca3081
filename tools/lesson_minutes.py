"""Measure how many minutes a newcomer needs for each lesson, in each language, and write
``tools/lesson_minutes.json`` (``tools/lesson_nav.py`` then shows them on the landing pages, at each lesson's
top and on the teacher's page)::

    python tools/lesson_minutes.py              # measure every lesson (EN and ES) and write the file
    python tools/lesson_minutes.py 01.01 02.03  # measure some lessons again (the others' figures are kept)

The method, for each lesson page:

* **Reading.** The page is served by ``vegas-tutor`` and opened in chromium; every prediction is answered
  and every step-through is stepped to its end, so everything the lesson says is on the page once. The words
  a learner reads are counted: the page's text outside the boards, each prediction's question, choices and
  verdict, and the narration of every step of every step-through. Reading time is those words at
  ``READING_WPM`` words a minute (a newcomer reading instructions they must act on, slower than the
  200-250 words a minute of adults reading prose).
* **Trying things out and playing.** Each prediction: ``THINK_S`` seconds to choose; each step of a
  step-through: ``STEP_S`` seconds to look at the board, plus the measured time the page took to answer the
  click; each page: the measured time it took to draw. Each board: the play the lesson asks for (a round,
  a whole game, a few turns: ``PLAY``), played by the rules engines' own players with the lesson's seed and
  table, counting the learner's seat's decisions and the opponents'; each of the learner's costs ``DECIDE_S``
  seconds and each of an opponent's ``WATCH_S`` seconds (reading the board's narration of it). Each
  strategy lab: its measured run time plus ``LAB_LOOK_S`` seconds to read its result.

Minutes are rounded up. The browser runs on the same machine as the server, so network time is not counted.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

from e2e_app import (  # noqa: E402  (the browser tests' helpers, beside them)
    AppError,
    launch_chromium,
    leave_page,
    open_page,
    start_server,
    stop_server,
    wait_until_rendered,
    watch_errors,
)

LESSONS = ROOT / "lessons"
OUTPUT = Path(__file__).resolve().parent / "lesson_minutes.json"
READING_WPM = 180
THINK_S = 25.0
STEP_S = 4.0
LAB_LOOK_S = 60.0
DECIDE_S = {"las_vegas": 6.0, "liars_dice": 12.0, "lords_of_vegas": 30.0}
"""Seconds a newcomer takes for one decision: a Las Vegas roll and placement; a Liar's Dice bid, challenge or
show; a Lords of Vegas action (which lot, which colour, how much) or the end of a turn."""
WATCH_S = {"las_vegas": 2.0, "liars_dice": 3.0, "lords_of_vegas": 4.0}
"""Seconds spent following one decision of an opponent (the board narrates it)."""


@dataclass(frozen=True)
class Play:
    """What a lesson asks the learner to play on one board: ``rounds`` (0: the whole game) or ``turns``."""

    game: str
    players: int
    seed: int
    rounds: int = 0
    turns: int = 0
    dice: int = 5
    neutral: bool = False
    short_game: bool = False


PLAY: dict[str, tuple[Play, ...]] = {
    "01.01": (Play("las_vegas", 3, 101, rounds=1),),
    "01.04": (Play("las_vegas", 2, 404, rounds=1, neutral=True),),
    "01.05": (Play("las_vegas", 4, 505, turns=2), Play("las_vegas", 4, 506, turns=2)),
    "01.06": (Play("las_vegas", 4, 2026),),
    "02.02": (Play("liars_dice", 3, 21, rounds=1),),
    "02.03": (Play("liars_dice", 3, 33, rounds=2, dice=4),),
    "02.04": (Play("liars_dice", 2, 44, rounds=1),),
    "02.05": (Play("liars_dice", 3, 55, dice=2),),
    "02.06": (Play("liars_dice", 3, 66, rounds=1), Play("liars_dice", 4, 77, rounds=1)),
    "02.07": (Play("liars_dice", 4, 88),),
    "03.04": (Play("lords_of_vegas", 4, 2010, short_game=True),),
    "03.05": (Play("lords_of_vegas", 4, 35, turns=4),),
}
"""The play each lesson's "your turn" part asks for (its boards' tables and seeds; 01.05's boards start from
set positions, counted as two turns each; 03.04 as the short game option on the board)."""


def decisions(play: Play) -> tuple[int, int]:
    """The learner's (seat 0's) and the opponents' decisions in ``play``, played by the engines' own simple
    players."""
    from vegas_tutor.core.dice import make_rng

    rng = make_rng(play.seed + 1)
    count = others = 0
    if play.game == "las_vegas":
        from vegas_tutor.las_vegas import Roll, new_game
        from vegas_tutor.las_vegas.policies import choose_face

        lv = new_game(play.players, neutral=play.neutral, seed=play.seed)
        while not lv.is_over and (not play.rounds or lv.round <= play.rounds) and (
                not play.turns or count < play.turns):
            if lv.phase != "place":
                lv.apply(Roll())
                continue
            count += lv.current_player == 0
            others += lv.current_player != 0
            lv.apply(choose_face(lv, "greedy", rng))
        return count, others
    if play.game == "liars_dice":
        from vegas_tutor.liars_dice import Roll as Cups
        from vegas_tutor.liars_dice import new_game as new_table
        from vegas_tutor.liars_dice.policies import choose

        ld = new_table(play.players, dice=play.dice, seed=play.seed)
        rounds = 0
        while not ld.is_over and (not play.rounds or rounds < play.rounds) and 0 in _alive(ld.dice_counts):
            if ld.is_chance:
                ld.apply(Cups())
                continue
            before = ld.last_challenge
            count += ld.current_player == 0
            others += ld.current_player != 0
            ld.apply(choose("odds", ld, rng))
            rounds += ld.last_challenge is not before and ld.last_challenge is not None
        return count, others
    from vegas_tutor.lords_of_vegas import new_game as new_strip
    from vegas_tutor.lords_of_vegas.bots import choose_action
    from vegas_tutor.lords_of_vegas.policies import random_action

    lov = new_strip(play.players, seed=play.seed, short_game=play.short_game)
    turns, seat_before = 0, lov.current_player
    while not lov.is_over and (not play.turns or turns < play.turns):
        seat = lov.current_player
        if lov.is_chance or seat is None:
            lov.apply(random_action(lov, rng))
            continue
        count += seat == 0
        others += seat != 0
        lov.apply(choose_action(lov, "easy", seed=int(rng.integers(1 << 31))))
        if seat_before == 0 and lov.current_player not in (0, None):
            turns += 1
        seat_before = lov.current_player if lov.current_player is not None else seat_before
    return count, others


def _alive(counts: tuple[int, ...]) -> list[int]:
    return [seat for seat, n in enumerate(counts) if n > 0]


_MEASURE_JS = """() => {
  const words = (text) => (text || '').split(/\\s+/).filter(w => /[\\p{L}\\p{N}]/u.test(w)).length;
  const all = words(document.body.innerText);
  const boards = [...document.querySelectorAll('.vt-widget')].filter(el => !el.parentElement.closest('.vt-widget'));
  return { all, boards: boards.reduce((n, el) => n + words(el.innerText), 0) };
}"""


def _words(text: str) -> int:
    return len([w for w in text.split() if re.search(r"\w", w)])


def measure_page(page: object, url: str) -> dict[str, float]:
    """Open one lesson, answer and step through everything, and return what the reading and trying cost."""
    from playwright.sync_api import Page

    assert isinstance(page, Page)
    started = time.monotonic()
    open_page(page, url)
    drawn = time.monotonic() - started
    waits = 0.0
    cards = page.locator(".vt-prediction")
    for number in range(cards.count()):
        card = cards.nth(number)
        card.locator("label.vt-choice").first.click()
        reveal = card.locator("button").filter(has_text=re.compile("Reveal|Ver la respuesta"))
        clicked = time.monotonic()
        reveal.first.click()
        page.wait_for_function("el => el.textContent.trim().length > 0",
                               arg=card.locator(".vt-verdict[role=status]").element_handle(), timeout=15_000)
        waits += time.monotonic() - clicked
    if cards.count():  # what the reveals uncover is drawn before it is read
        page.wait_for_function("() => !document.querySelector('.vt-waiting')", timeout=30_000)
        wait_until_rendered(page)
    narration_words, steps = 0, 0
    nexts = page.locator("[data-key=step-next]")
    for index in range(nexts.count()):
        button = nexts.nth(index)
        panel = page.locator(".vt-stepper").nth(index)
        while True:
            narration_words += _words(panel.locator(".vt-narration").inner_text())
            if not button.is_enabled():
                break
            count = panel.locator(".vt-step-count").inner_text()
            clicked = time.monotonic()
            button.click()
            while panel.locator(".vt-step-count").inner_text() == count:
                if time.monotonic() - clicked > 15:
                    raise TimeoutError(f"{url}: step-through {index + 1} did not answer Next")
                page.wait_for_timeout(20)
            waits += time.monotonic() - clicked
            steps += 1
    counted = page.evaluate(_MEASURE_JS)
    labs = 0.0
    for run in page.locator("button.jupyter-button").filter(has_text=re.compile(r"^\s*(Run|Ejecutar)\s*$")).all():
        clicked = time.monotonic()
        run.click()
        page.wait_for_timeout(200)
        while run.is_disabled():
            if time.monotonic() - clicked > 300:
                raise TimeoutError(f"{url}: a lab did not finish its run")
            page.wait_for_timeout(100)
        labs += time.monotonic() - clicked + LAB_LOOK_S
    return {"words": counted["all"] - counted["boards"] + narration_words, "predictions": cards.count(),
            "steps": steps, "drawn": drawn, "waits": waits, "labs": labs}


def minutes_for(number: str, measured: dict[str, float]) -> tuple[int, int, float]:
    """(reading, trying) minutes, rounded up, and the play seconds on boards."""
    reading = measured["words"] / READING_WPM * 60
    play = 0.0
    for board in PLAY.get(number, ()):
        mine, theirs = decisions(board)
        play += mine * DECIDE_S[board.game] + theirs * WATCH_S[board.game]
    trying = (measured["predictions"] * THINK_S + measured["steps"] * STEP_S + measured["drawn"]
              + measured["waits"] + measured["labs"] + play)
    return math.ceil(reading / 60), math.ceil(trying / 60), play


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("lessons", nargs="*", help="lesson numbers to measure (default: all)")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    pages = [("en", p) for p in sorted(LESSONS.glob("[0-9][0-9].[0-9][0-9]-*.ipynb"))]
    pages += [("es", p) for p in sorted((LESSONS / "es").glob("[0-9][0-9].[0-9][0-9]-*.ipynb"))]
    if args.lessons:
        pages = [(lang, p) for lang, p in pages if p.name[:5] in args.lessons]
    result: dict[str, dict[str, list[int]]] = {"en": {}, "es": {}}
    details: dict[str, dict[str, dict[str, float]]] = {"en": {}, "es": {}}
    failed: list[str] = []
    server = start_server(Path("/tmp/vegas-tutor-minutes/server.log"))
    try:
        with sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            page = browser.new_page(viewport={"width": 1366, "height": 900})
            for lang, path in pages:
                where = path.relative_to(LESSONS).as_posix()
                measured = None
                for attempt in (1, 2):
                    watch_errors(page).clear()
                    try:
                        measured = measure_page(page, f"{server.url}voila/render/{where}")
                        break
                    except (AppError, TimeoutError) as error:
                        print(f"{lang} {path.name[:5]}: attempt {attempt} failed: {str(error)[:300]}", flush=True)
                    finally:
                        leave_page(page)
                if measured is None:
                    failed.append(where)
                    continue
                reading, trying, play = minutes_for(path.name[:5], measured)
                result[lang][path.name[:5]] = [reading, trying]
                details[lang][path.name[:5]] = {**measured, "board_play_s": play}
                print(f"{lang} {path.name[:5]}: {reading} + {trying} min ({json.dumps(measured)}; "
                      f"boards {play:.0f} s)", flush=True)
            browser.close()
    finally:
        stop_server(server)
    method = {"reading_wpm": READING_WPM, "think_s": THINK_S, "step_s": STEP_S, "lab_look_s": LAB_LOOK_S,
              "decide_s": DECIDE_S, "watch_s": WATCH_S}
    kept = json.loads(OUTPUT.read_text(encoding="utf-8")) if OUTPUT.is_file() else {}
    for lang in result:  # lessons measured now replace their old figures; the others are kept
        kept.setdefault("minutes", {}).setdefault(lang, {}).update(result[lang])
        kept.setdefault("measured", {}).setdefault(lang, {}).update(details[lang])
    kept["method"] = method
    OUTPUT.write_text(json.dumps(kept, indent=1, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {OUTPUT}")
    if failed:
        print(f"not measured (the page did not draw twice): {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
