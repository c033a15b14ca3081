"""One conformance test for the three engines (after OpenSpiel's ``random_sim_test``).

Random play through every game, checking at each step what every engine promises: the legal actions are
accepted and others refused with nothing changed, chance outcomes sum to 1, a saved game reloads equal,
undo after loading rewinds exactly (dice included), undo to the start and replay gives the same game, and
a player's observation does not depend on what that player cannot see. A hypothesis test then mutates
saved records at random: each either loads and round-trips, or is refused with ``RecordError``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from vegas_tutor import i18n, las_vegas, liars_dice, lords_of_vegas
from vegas_tutor.core import games
from vegas_tutor.core.errors import IllegalActionError, InvalidActionError, RecordError
from vegas_tutor.core.events import Event
from vegas_tutor.core.record import dump_record


def _new_game(game: str, players: int, **options: Any) -> Callable[[int], Any]:
    return lambda seed: games.game(game).new_game(players, seed=seed, **options)


GAMES: dict[str, Callable[[int], Any]] = {
    "las_vegas-4": _new_game("las_vegas", 4),
    "las_vegas-3-neutral": _new_game("las_vegas", 3, neutral=True),
    "liars_dice-3x3": _new_game("liars_dice", 3, dice=3),
    "liars_dice-2x2": _new_game("liars_dice", 2, dice=2),
    "lords_of_vegas-2": _new_game("lords_of_vegas", 2),
    "lords_of_vegas-4": _new_game("lords_of_vegas", 4),
}
"""The settings played, by game (the games and their engines: :mod:`vegas_tutor.core.games`)."""
WORDS: dict[str, Any] = {game.id: game.words for game in games.GAMES.values()}
liars_dice_words = WORDS["liars_dice"]  # (``_say`` tells its words apart)
STEPS = {"las_vegas": 400, "liars_dice": 400, "lords_of_vegas": 120}
"""Actions played per game (a whole game for the first two, the opening of Lords of Vegas)."""
SAVE_EVERY = {"las_vegas": 7, "liars_dice": 2, "lords_of_vegas": 10}
assert set(STEPS) == set(SAVE_EVERY) == set(games.GAMES) == {name.split("-")[0] for name in GAMES}


def _kind(name: str) -> str:
    return name.split("-")[0]


def _refused_unchanged(state: Any, action: Any) -> None:
    before = state.to_json()
    with pytest.raises((IllegalActionError, InvalidActionError)):
        state.apply(action)
    assert state.to_json() == before


def _check_step(state: Any, pool: set[str], rng: np.random.Generator, full: bool) -> None:
    legal = list(state.legal_actions())
    texts = {str(a) for a in legal}
    if state.is_over:
        assert legal == [] and state.current_player is None and state.winners
        return
    assert legal and state.current_player is not None
    outcomes = state.chance_outcomes() if full or not state.is_chance else []
    if state.is_chance and full:
        assert sum((p for _, p in outcomes), Fraction(0)) == 1
        for outcome, _ in outcomes[:: max(1, len(outcomes) // 3)]:
            probe = state.copy()
            probe.apply(outcome)
    elif not state.is_chance:
        assert outcomes == []
    for i in rng.choice(len(legal), size=min(3, len(legal)), replace=False):
        probe = state.copy()
        probe.apply(legal[int(i)])  # every offered action is accepted
        probe.apply_unchecked  # noqa: B018 - the fast path exists on every engine
    for text in sorted(pool - texts)[:4]:  # actions legal elsewhere in the game are refused here
        if state.is_chance and text.split()[0] in {"roll", "draw"}:
            continue  # a chance result may be a legal outcome without being listed as an action
        _refused_unchanged(state, text)
    pool.update(texts)


def _say(words: Any, event: Event) -> str:
    return str(words.say(event, NAMES, you=0))


def _check_events(state: Any) -> None:
    """Every event is structured (a kind and JSON fields) and has words in English and in Spanish."""
    words = WORDS[type(state).GAME_ID]
    for event in state.events:
        assert isinstance(event, Event) and json.loads(json.dumps(event.to_dict())) == event.to_dict()
        english = _say(words, event)
        with i18n.using("es"):
            spanish = _say(words, event)
        assert english.strip() and spanish.strip() and spanish != english, (event, english, spanish)


NAMES = ("Anna", "Benno", "Carla", "Denny", "Emil")


def _random_action(state: Any, rng: np.random.Generator) -> Any:
    legal = state.legal_actions()
    return legal[int(rng.integers(len(legal)))]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_random_play_conforms(name: str) -> None:
    kind = _kind(name)
    cls = type(GAMES[name](0))
    for seed in (1, 2):
        state = GAMES[name](seed)
        start = state.to_json()
        rng = np.random.default_rng(seed)
        pool: set[str] = set()
        for step in range(STEPS[kind]):
            _check_step(state, pool, rng, full=step % 4 == 0)  # (big rolls list many outcomes)
            if state.is_over:
                break
            if step % SAVE_EVERY[kind] == 0:
                text = state.to_json()
                loaded = cls.from_json(text)
                assert loaded.to_json() == text
                if state.history:
                    live = state.copy()
                    back, live_back = loaded.undo(), live.undo()
                    assert (back.played, back.rng_before) == (live_back.played, live_back.rng_before)
                    assert loaded.to_json() == live.to_json()
                    if live.is_chance:  # a bare roll after undo gives the same dice, loaded or not
                        live.apply(live.legal_actions()[0])
                        loaded.apply(loaded.legal_actions()[0])
                        assert loaded.to_json() == live.to_json()
            state.apply(_random_action(state, rng))
            _check_events(state)
        asked = [entry.asked for entry in state.entries]
        end = state.to_json()
        replay = state.copy()
        while replay.history:
            replay.undo()
        assert replay.to_json() == start
        for action in asked:  # bare rolls again: the undone generator gives the same dice
            replay.apply(action)
        assert replay.to_json() == end


def test_liars_dice_observation_ignores_hidden_cups() -> None:
    rng = np.random.default_rng(5)
    for seed in range(20):
        state = liars_dice.new_game(3, dice=3, seed=seed)
        while not state.is_over and len(state.history) < 40:
            if not state.is_chance:
                for seat in range(state.players):
                    seen = state.observation(seat)
                    twin = state.copy()
                    twin._d.hidden = tuple(  # deal everyone else other dice
                        cup if s == seat else tuple(sorted(int(f) for f in rng.integers(1, 7, len(cup))))
                        for s, cup in enumerate(state.hidden))
                    assert twin.observation(seat) == seen
                    if state.current_player == seat:
                        assert [str(a) for a in twin.legal_actions()] == [str(a) for a in state.legal_actions()]
            state.apply(_random_action(state, rng))


# ------------------------------------------------------------------------------------------ records
@pytest.mark.parametrize("cls", [las_vegas.State, liars_dice.State, lords_of_vegas.State])
def test_records_nested_too_deeply_or_with_huge_numbers_are_refused(cls: Any) -> None:
    deep = '{"game": "x", "version": 2, "sha256": "0", "body": ' + "[" * 100_000 + "]" * 100_000 + "}"
    with pytest.raises(RecordError, match="nested too deeply"):
        cls.from_json(deep)
    body = json.loads(_RECORDS[cls.GAME_ID][1])["body"]
    body["rng"]["state"]["state"] = 2**200
    with pytest.raises(RecordError, match="128-bit"):
        cls.from_json(dump_record(cls.GAME_ID, cls.RECORD_VERSION, body))
    with pytest.raises(RecordError):
        cls.from_json(None)



def _sample_record(kind: str) -> tuple[type[Any], str]:
    state = {"las_vegas": lambda: las_vegas.new_game(3, neutral=True, seed=3),
             "liars_dice": lambda: liars_dice.new_game(3, dice=3, seed=3),
             "lords_of_vegas": lambda: lords_of_vegas.new_game(2, seed=3)}[kind]()
    rng = np.random.default_rng(3)
    for _ in range(25):
        state.apply(_random_action(state, rng))
    return type(state), state.to_json()


_RECORDS = {kind: _sample_record(kind) for kind in STEPS}

_LEAVES = st.one_of(
    st.none(), st.booleans(), st.integers(-(2**130), 2**130), st.floats(allow_nan=False), st.text(max_size=8),
    st.just([]), st.just({}), st.just("roll"), st.just("draw"), st.just(-1), st.just(0), st.just(100),
)


def _paths(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(node, dict):
        for key, value in node.items():
            out.extend(_paths(value, (*path, key)))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            out.extend(_paths(value, (*path, i)))
    return out


def _mutate(body: Any, path: tuple[Any, ...], how: str, leaf: Any) -> Any:
    if not path:
        return leaf
    parent = body
    for key in path[:-1]:
        parent = parent[key]
    last = path[-1]
    if how == "delete" and isinstance(parent, dict):
        del parent[last]
    elif how == "delete" and isinstance(parent, list):
        parent.pop(last)
    elif how == "nest":
        deep: Any = leaf
        for _ in range(400):
            deep = [deep]
        parent[last] = deep
    elif how == "duplicate" and isinstance(parent, list):
        parent.insert(last, parent[last])
    else:
        parent[last] = leaf
    return body


@pytest.mark.parametrize("kind", sorted(STEPS))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_mutated_records_round_trip_or_are_refused(kind: str, data: st.DataObject) -> None:
    cls, text = _RECORDS[kind]
    body = json.loads(text)["body"]
    path = data.draw(st.sampled_from(_paths(body)))
    how = data.draw(st.sampled_from(["replace", "replace", "delete", "nest", "duplicate"]))
    leaf = data.draw(_LEAVES)
    mutated = dump_record(cls.GAME_ID, cls.RECORD_VERSION, _mutate(body, path, how, leaf))
    try:
        loaded = cls.from_json(mutated)
    except RecordError as exc:
        assert str(exc)  # refused, with a reason
        return
    again = loaded.to_json()
    assert cls.from_json(again).to_json() == again


def _position_records() -> dict[str, list[tuple[type[Any], str]]]:
    """Records of the three games that start from a position (every rulebook example's first step) and from
    a new game played a while: together they hold every numeric field a record can carry."""
    from vegas_tutor.las_vegas.scenarios import SCENARIOS as LV
    from vegas_tutor.liars_dice.scenarios import SCENARIOS as LD
    from vegas_tutor.lords_of_vegas.scenarios import SCENARIOS as LOV

    records: dict[str, list[tuple[type[Any], str]]] = {kind: [_RECORDS[kind]] for kind in STEPS}
    for kind, catalogue in (("las_vegas", LV), ("liars_dice", LD), ("lords_of_vegas", LOV)):
        for scenario in catalogue.values():
            state = scenario.steps[0].state
            records[kind].append((type(state), state.to_json()))
    return records


_POSITION_RECORDS = _position_records()

_NUMBERS = st.one_of(
    st.sampled_from([-1, -(2**31), -(2**63), 2**31, 2**32, 2**63 - 1, 2**63, 2**64, 2**128, 10**6 + 1, 10**30]),
    st.integers(-(2**130), 2**130), st.integers(-3, 200),
)


def _numeric_paths(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(node, bool):
        return []
    if isinstance(node, int):
        return [path]
    children = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else []
    return [found for key, value in children for found in _numeric_paths(value, (*path, key))]


def _next_moves(state: Any, kind: str) -> None:
    """What a learner's next click asks of a loaded game: a legal move, a bot's move, saving it."""
    import importlib

    bots = importlib.import_module(f"vegas_tutor.{kind}.bots")
    for _ in range(4):
        if state.is_over:
            return
        if not state.is_chance:
            bot_move = bots.choose_action(state, "easy", seed=0)
            assert str(bot_move) in {str(a) for a in state.legal_actions()}
        state.apply(state.legal_actions()[0])
        type(state).from_json(state.to_json())


@pytest.mark.parametrize("kind", sorted(STEPS))
@settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck), database=None)
@given(data=st.data())
def test_records_with_huge_negative_or_out_of_range_numbers_round_trip_or_are_refused(
    kind: str, data: st.DataObject
) -> None:
    cls, text = data.draw(st.sampled_from(_POSITION_RECORDS[kind]))
    body = json.loads(text)["body"]
    paths = _numeric_paths(body)
    settings_and_origin = [path for path in paths if path[0] in ("config", "origin")] or paths
    where = st.sampled_from(settings_and_origin) | st.sampled_from(settings_and_origin) | st.sampled_from(paths)
    chosen = data.draw(st.lists(where, min_size=1, max_size=3, unique=True))
    for path in chosen:
        body = _mutate(body, path, "replace", data.draw(_NUMBERS))
    try:
        loaded = cls.from_json(dump_record(cls.GAME_ID, cls.RECORD_VERSION, body))
    except RecordError as exc:
        assert str(exc)
        return
    again = loaded.to_json()
    assert cls.from_json(again).to_json() == again
    _next_moves(loaded, kind)


def test_a_lords_of_vegas_position_with_money_no_game_reaches_is_refused() -> None:
    state = lords_of_vegas.State.position(3, money=[5, 0, 0], phase="draw")
    body = json.loads(state.to_json())["body"]
    for money in (2**63, lords_of_vegas.engine.MAX_RECORD_MONEY + 1, -1, 1.5, True):
        body["origin"]["money"][0] = money
        with pytest.raises(RecordError, match="money must be a whole number from 0 to 1000000"):
            lords_of_vegas.State.from_json(dump_record(state.GAME_ID, state.RECORD_VERSION, body))
    body["origin"]["money"][0] = lords_of_vegas.engine.MAX_RECORD_MONEY
    loaded = lords_of_vegas.State.from_json(dump_record(state.GAME_ID, state.RECORD_VERSION, body))
    _next_moves(loaded, "lords_of_vegas")
