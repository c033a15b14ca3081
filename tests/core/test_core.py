"""The shared pieces: exact dice outcomes, distributions, sealed records, scenarios, errors."""

import json
from fractions import Fraction

import pytest
from exact_helpers import binomial, convolve, expectation, tail_at_least

from vegas_tutor.core import (
    IllegalActionError,
    InvalidActionError,
    RecordError,
    Scenario,
    VegasTutorError,
    dump_record,
    load_record,
    make_rng,
    roll_counts,
    roll_outcomes,
)


def test_errors_are_value_errors():
    assert issubclass(IllegalActionError, VegasTutorError) and issubclass(VegasTutorError, ValueError)


@pytest.mark.parametrize("n", [0, 1, 2, 5, 8])
def test_roll_outcomes_against_brute_force(n):
    from itertools import product

    brute: dict[tuple[int, ...], int] = {}
    for faces in product(range(6), repeat=n):
        counts = tuple(faces.count(f) for f in range(6))
        brute[counts] = brute.get(counts, 0) + 1
    exact = dict(roll_outcomes(n))
    assert sum(exact.values()) == 1
    assert exact == {c: Fraction(k, 6**n) for c, k in brute.items()}


def test_seeded_rolls_match_their_exact_probabilities():
    rng = make_rng(0)
    hits = sum(roll_counts(rng, 2) == (2, 0, 0, 0, 0, 0) for _ in range(36_000))
    assert abs(hits - 1000) < 4.5 * (1000 * 35 / 36) ** 0.5
    assert roll_counts(make_rng(5), 8) == roll_counts(make_rng(5), 8)
    with pytest.raises(ValueError):
        roll_counts(rng, -1)


def test_distributions():
    coin = binomial(3, Fraction(1, 2))
    assert coin == {0: Fraction(1, 8), 1: Fraction(3, 8), 2: Fraction(3, 8), 3: Fraction(1, 8)}
    assert convolve(binomial(1, Fraction(1, 2)), binomial(2, Fraction(1, 2))) == coin
    assert tail_at_least(coin, 2) == Fraction(1, 2) and expectation(coin) == Fraction(3, 2)
    with pytest.raises(ValueError):
        binomial(2, Fraction(3, 2))


def test_records_round_trip_and_refuse_tampering():
    text = dump_record("demo", 1, {"a": [1, 2]})
    assert load_record(text, "demo", 1) == {"a": [1, 2]}
    tampered = json.loads(text)
    tampered["body"]["a"] = [1, 3]
    for bad, game, version, why in [
        ("nope", "demo", 1, "not valid JSON"),
        ("{}", "demo", 1, "not a vegas-tutor record"),
        (text, "other", 1, "not 'other'"),
        (text, "demo", 2, "format version"),
        (json.dumps(tampered), "demo", 1, "checksum"),
    ]:
        with pytest.raises(RecordError, match=why):
            load_record(bad, game, version)


def test_a_scenario_needs_steps():
    with pytest.raises(ValueError):
        Scenario("X-1", "empty", ())
    with pytest.raises(InvalidActionError):
        raise InvalidActionError("typed")


def test_record_refusals_speak_the_language_in_force():
    from vegas_tutor.core.config import whole_number
    from vegas_tutor.i18n import using

    text = dump_record("las_vegas", 2, {"a": 1})
    tampered = text.replace('"a": 1', '"a": 2')
    with pytest.raises(RecordError) as english:
        load_record(tampered, "las_vegas", 2)
    with using("es"), pytest.raises(RecordError) as spanish:
        load_record(tampered, "las_vegas", 2)
    assert str(english.value) == "saved game failed its checksum: it was corrupted or edited"
    assert str(spanish.value) == "la partida guardada no supera su suma de comprobación: se ha dañado o se ha editado"
    with using("es"), pytest.raises(RecordError, match=r"^la partida guardada es un registro de 'liars_dice'"):
        load_record(dump_record("liars_dice", 2, {}), "las_vegas", 2)
    with using("es"), pytest.raises(VegasTutorError) as config:
        whole_number(9, "jugadores", 2, 5)
    assert str(config.value) == "jugadores debe ser un número entero de 2 a 5, no 9"


def test_a_game_refuses_undo_in_spanish_and_core_loads_in_either_import_order():
    import subprocess
    import sys

    from vegas_tutor.i18n import using
    from vegas_tutor.las_vegas import new_game

    state = new_game(players=2, seed=1)
    with using("es"), pytest.raises(IllegalActionError) as refused:
        state.undo()
    assert str(refused.value) == "no hay nada que deshacer: esta es la posición inicial"
    for first, then in (("vegas_tutor.i18n", "vegas_tutor.core.state"), ("vegas_tutor.core", "vegas_tutor.i18n")):
        done = subprocess.run([sys.executable, "-c", f"import {first}, {then}; from vegas_tutor.core import make_rng"],
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
