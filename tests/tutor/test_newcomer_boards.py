"""Issue 22's defects of the Las Vegas and Liar's Dice boards, as a newcomer met them (each test failed before
its fix): odds in words, the what-if panel's starting bid, marks and saves of a finished game, the prediction's
Try again, the first hint's wait, the opponents' reasons, and the Spanish refusals said once."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from vegas_tutor import i18n, i18n_check
from vegas_tutor.core.chance_words import chance_words
from vegas_tutor.i18n import using
from vegas_tutor.liars_dice.track import Bid
from vegas_tutor.lords_of_vegas import Gamble
from vegas_tutor.lords_of_vegas.scenarios import SCENARIOS as LOV_SCENARIOS
from vegas_tutor.tutor import LasVegasBoard
from vegas_tutor.tutor.coaching import _Hint
from vegas_tutor.tutor.las_vegas import coaching as lv_coaching
from vegas_tutor.tutor.las_vegas.odds_panel import placement_panel
from vegas_tutor.tutor.liars_dice import LiarsDiceTable
from vegas_tutor.tutor.liars_dice.odds_panel import OddsView, bid_panel
from vegas_tutor.tutor.lords_of_vegas.odds_panel import odds_panel
from vegas_tutor.tutor.question import Prediction


# ------------------------------------------------------------------ odds in words
def test_the_liars_dice_panel_sends_the_chance_in_words_from_python() -> None:
    panel = bid_panel(OddsView(own=(5, 5), shown=(), unknown=3, bid=Bid(5, 5)))
    assert panel["at_least"]["text"] == "1/27" and panel["at_least"]["words"] == "1 in 27"
    assert all(row["words"] == chance_words(Fraction(row["text"])) for row in panel["distribution"])
    with using("es"):
        spanish = bid_panel(OddsView(own=(5, 5), shown=(), unknown=3, bid=Bid(5, 5)))
    assert spanish["at_least"]["words"] == "1 de cada 27"


def test_the_widget_no_longer_guesses_a_chance_in_words() -> None:
    source = (i18n.LOCALE_DIR.parent.parent / "widgets" / "liars_dice.js").read_text(encoding="utf-8")
    assert "ldInWords" not in source and "odds.at_least.words" in source


def test_las_vegas_odds_lead_with_money_in_words_and_keep_the_fraction_apart() -> None:
    from vegas_tutor.las_vegas import Roll, new_game

    game = new_game(2, seed=3)
    game.apply(Roll(own=(0, 0, 4, 0, 1, 3)))
    panel = placement_panel(game, "greedy", exact=False)
    for face in panel["faces"]:
        assert re.fullmatch(r"about \$\d+k, give or take \$\d+(k|00)", face["words"]), face["words"]
    game = new_game(2, seed=3)
    for _ in range(200):  # play on until few enough dice are left for the exact figures
        if game.phase == "place" and sum(game.in_hand(s) for s in range(2)) <= 4:
            break
        game.apply(next(iter(game.legal_actions())))
    panel = placement_panel(game, "greedy", exact=True)
    exact = [f["exact"] for f in panel["faces"] if f["exact"]]
    assert exact, "no exact figure in a short round"
    for figure in exact:
        assert "=" not in figure["text"] and "/" not in figure["text"]  # the fraction is shown apart
        assert figure["fraction"] is None or re.fullmatch(r"[\d,]+/[\d,]+", figure["fraction"])


def test_the_lords_of_vegas_gamble_odds_carry_their_words() -> None:
    panel = odds_panel(LOV_SCENARIOS["LOV-GAMBLE"].steps[0].state, 3, inspect=Gamble("A1", 4))
    win = panel["gamble"]["ways"][0]["win_chance"]
    assert win["text"] == "4/9" and win["words"] == "4 in 9"


# ------------------------------------------------------------------ what-if starts with odds
def test_what_if_before_any_bid_shows_the_odds_of_the_bid_it_starts_from() -> None:
    table = LiarsDiceTable(players=3, dice=5, seed=3)
    assert table.table["bid"] is None
    assert table.handle({"type": "option", "name": "what_if", "value": True}), table.error
    start = table.what_if_view["bid"]
    assert table.odds["status"] == "ready", table.odds
    assert (table.odds["bid"]["quantity"], table.odds["bid"]["face"]) == (start["quantity"], start["face"])
    assert table.handle({"type": "simulate", "n": 100}), table.error
    assert table.simulation["status"] == "ready" and table.simulation["n"] == 100


# ------------------------------------------------------------------ marks and saves
def test_a_new_game_drops_the_last_games_here_mark_and_a_replay_marks_nothing() -> None:
    board = LasVegasBoard(players=3, seed=5, bots="random", show_odds=False)
    board.handle({"type": "coach", "on": True})
    while not board.state.is_over:
        move = {"type": "roll"} if board.board["roll"] is None else {
            "type": "place", "face": board.board["roll"]["groups"][0]["face"]}
        assert board.handle(move), board.error
    assert board.board["highlight"]
    assert board.handle({"type": "replay", "decision": 0}), board.error
    assert board.board["highlight"] == []  # the position before a past decision: no "here" of the last move
    assert board.handle({"type": "replay_end"})
    assert board.handle({"type": "new_game"}), board.error
    assert board.board["highlight"] == []


def test_a_finished_game_is_saved_as_finished_so_the_page_does_not_offer_to_resume_it() -> None:
    board = LasVegasBoard(players=3, seed=5, bots="random", show_odds=False)
    assert board.saved["over"] is False
    while not board.state.is_over:
        move = {"type": "roll"} if board.board["roll"] is None else {
            "type": "place", "face": board.board["roll"]["groups"][0]["face"]}
        assert board.handle(move), board.error
    assert board.saved["over"] is True and board.saved["moves"] > 100
    shared = (i18n.LOCALE_DIR.parent.parent / "widgets" / "shared.js").read_text(encoding="utf-8")
    assert "!kept.over" in shared


# ------------------------------------------------------------------ prediction
def test_a_right_answer_leaves_nothing_to_try_again_and_a_wrong_one_can_be_tried() -> None:
    q = Prediction("Who takes the $80k?", ["Anna", "Benno"], answer=0, explanation="Anna has the most dice.")
    q.choose("Anna")
    q.reveal()
    assert q.card.retry is False
    assert not q.handle({"type": "again"}) and "nothing to try again" in q.error and q.revealed
    other = Prediction("Who takes the $80k?", ["Anna", "Benno"], answer=0, explanation="Anna has the most dice.")
    other.choose("Benno")
    other.reveal()
    assert other.card.retry is True
    assert other.handle({"type": "again"}) and not other.revealed and other.card.retry is False


# ------------------------------------------------------------------ the first hint
def test_a_hint_being_computed_says_what_it_waits_for(monkeypatch: pytest.MonkeyPatch) -> None:
    board = LasVegasBoard(players=4, seed=11, bots="medium", show_odds=False)
    board.handle({"type": "roll"})
    waiting = lv_coaching.LAS_VEGAS_COACH.waiting
    assert waiting is not None
    said = waiting(board.state)
    assert re.fullmatch(r"playing out the rest of the round 8,000 times for (the 1 face|each of the \d faces) of "
                        r"your roll", said), said
    monkeypatch.setattr("vegas_tutor.warmup.simulator_ready", lambda game: False)  # a fresh install
    cold = waiting(board.state)
    assert cold.startswith("preparing the fast simulator first") and cold.endswith(said)
    monkeypatch.undo()
    coach = board.coach
    coach.on = True
    coach._hint = _Hint(len(board.state.history))  # a hint still being computed
    view = coach.view(board.state, lambda seat: seat == 0)
    assert view["hint"] == {"status": "computing", "what": said}


# ------------------------------------------------------------------ the opponents' reasons
def test_every_opponent_placement_in_the_log_says_which_rule_it_followed() -> None:
    for level, rule in (("easy", "easy level: "), ("medium", "medium level: "), ("random", "random: ")):
        board = LasVegasBoard(players=4, seed=11, bots=level, show_odds=False)
        for _ in range(4):
            move = {"type": "roll"} if board.board["roll"] is None else {
                "type": "place", "face": board.board["roll"]["groups"][0]["face"]}
            assert board.handle(move), board.error
        placed = [line for line in board.board["log"] if " places " in line and not line.startswith("You ")]
        assert placed, board.board["log"]
        assert all(rule in line or "the only face it rolled" in line for line in placed), placed
        mine = [line for line in board.board["log"] if line.startswith("You place")]
        assert mine and not any("(" + rule in line for line in mine)
    assert board.handle({"type": "new_game"})
    assert not any(rule in line for line in board.board["log"] if line.startswith("You"))


# ------------------------------------------------------------------ Spanish
def test_no_spanish_refusal_repeats_the_prefix_the_board_prints() -> None:
    prefix = i18n.catalog("es")["Not allowed:"].forms[0].rstrip(":")
    doubled = [msgid for msgid, entry in i18n.catalog("es").items()
               if msgid != "Not allowed:" and any(form.startswith(prefix) for form in entry.forms)]
    assert doubled == []
    with using("es"):
        table = LiarsDiceTable(players=2, dice=2, seed=1)
        assert not table.handle({"type": "challenge"})
    assert not table.error.startswith(prefix) and "no es válido" in table.error


def test_spanish_catalogues_use_spain_s_words() -> None:
    spanish = {msgid: " ".join(e.forms) for msgid, e in i18n.catalog("es").items()}
    mine = ("las_vegas.po", "liars_dice.po", "tutor.po", "core.po")
    texts = " ".join(" ".join(p.read_text(encoding="utf-8").split("\n")) for p in
                     (i18n.LOCALE_DIR / "es" / name for name in mine))
    assert "pulsa Run" not in texts and "No permitido: No permitido" not in texts
    for past in ("Elegiste", "perdiste", "Pronosticaste", "No tomaste", "jugaste"):
        assert past not in texts, past
    assert spanish["Takes back {what}."] == "Deshace tu última decisión: {what}."
    assert spanish["▶ your turn"] == "▶ te toca"


def test_no_narration_does_sums_with_a_hyphen() -> None:
    sums = [m.msgid for m in i18n_check.source_messages() if re.search(r"\d+ - \d+", m.msgid)]
    assert sums == []  # "two dice (11 - 9)" read as a range or a score: the narration says it in words
