"""Liar's Dice's rule functions have one home (:mod:`vegas_tutor.liars_dice.rules`, the seen table in
:mod:`vegas_tutor.liars_dice.observation`), and every old import of them still works."""

from __future__ import annotations

from itertools import product

import numpy as np

from vegas_tutor import liars_dice
from vegas_tutor.liars_dice import engine, fast, observation, rules
from vegas_tutor.liars_dice.track import STAR


def test_stars_are_wild_for_a_number_bid_only() -> None:
    for n in range(5):
        for cup in product(range(1, 7), repeat=n):
            for face in range(1, 7):
                wild = sum(1 for d in cup if d == face or (face != STAR and d == STAR))
                assert rules.count_matches(cup, face) == wild == sum(rules.counts_for(d, face) for d in cup)
                assert rules.count_matches(list(cup), face) == rules.count_matches(np.array(cup), face) == wild


def test_the_old_homes_re_export_the_same_objects() -> None:
    for name in ("count_matches", "challenge_losses", "show_options", "MAX_DICE", "MAX_PLAYERS"):
        assert getattr(engine, name) is getattr(rules, name)
    for name in ("Observation", "ChallengeResult", "Phase"):
        assert getattr(engine, name) is getattr(observation, name)
    assert liars_dice.Observation is observation.Observation and liars_dice.count_matches is rules.count_matches
    assert fast.Observation is observation.Observation
