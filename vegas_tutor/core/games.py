"""The one table of the three games: where each game's engine, words, bots, board and stepper live.

Every entry names modules and classes by their dotted path and imports them on first use: importing this
table loads no engine and no widget (a command line, a test or a benchmark that asks about one game loads that
game's engine alone, and only what it asks for; the boards load ipywidgets only when asked for).

>>> [game.id for game in GAMES.values()]
['las_vegas', 'liars_dice', 'lords_of_vegas']
>>> game("liars_dice").max_moves, game("liars_dice").state_class.GAME_ID
(13065, 'liars_dice')
>>> game("las_vegas").new_game(3, seed=1).players
3
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Any


def load(path: str) -> Any:
    """The object at a dotted path: ``"package.module:Name"`` (a module alone without ``:``)."""
    module, _, name = path.partition(":")
    found = importlib.import_module(module)
    return getattr(found, name) if name else found


@dataclass(frozen=True)
class Game:
    """One game: its id (the engine's ``GAME_ID``), names, and where its parts live."""

    id: str
    """``"las_vegas"``: the engine's ``GAME_ID``, the package's name under ``vegas_tutor``."""
    title: str
    """The game's name (a proper name, the same in every language)."""
    short: str
    """The short id the front end and the benchmarks use (``"lv"``; the board's CSS root is ``.lv-root``)."""
    board_path: str
    stepper_path: str
    full_game_lesson: str
    """The lesson that plays a whole game on the board (the benchmarks open it)."""

    @property
    def package(self) -> str:
        return f"vegas_tutor.{self.id}"

    def module(self, name: str) -> ModuleType:
        """One module of the game's package: ``"engine"``, ``"words"``, ``"bots"``, ``"scenarios"``..."""
        found = load(f"{self.package}.{name}")
        assert isinstance(found, ModuleType)
        return found

    @property
    def engine(self) -> ModuleType:
        return self.module("engine")

    @property
    def state_class(self) -> type[Any]:
        """The engine's ``State``."""
        cls = self.engine.State
        assert isinstance(cls, type)
        return cls

    def new_game(self, players: int, **options: Any) -> Any:
        """A new game of ``players`` (the engine's ``new_game``; ``seed`` and the game's options by name)."""
        return self.engine.new_game(players, **options)

    @property
    def max_moves(self) -> int:
        """More moves than any game has (the engine's ``MAX_MOVES``; the boards' bound on automatic moves)."""
        return int(self.engine.MAX_MOVES)

    @property
    def words(self) -> ModuleType:
        """The module that puts the game's events into words (``say``, ``say_all``)."""
        return self.module("words")

    @property
    def bots(self) -> ModuleType:
        """The module of the bots' levels (``choose_action``)."""
        return self.module("bots")

    @property
    def scenarios(self) -> Mapping[str, Any]:
        """The rulebook's examples, by id."""
        found: Mapping[str, Any] = self.module("scenarios").SCENARIOS
        return found

    @property
    def board(self) -> type[Any]:
        """The board widget (loads the tutor and ipywidgets)."""
        cls = load(self.board_path)
        assert isinstance(cls, type)
        return cls

    @property
    def stepper(self) -> type[Any]:
        """The scenario stepper widget (loads the tutor and ipywidgets)."""
        cls = load(self.stepper_path)
        assert isinstance(cls, type)
        return cls

    @property
    def root(self) -> str:
        """The CSS selector of the board's root element in the page."""
        return f".{self.short}-root"


GAMES: Mapping[str, Game] = {
    "las_vegas": Game(
        "las_vegas", "Las Vegas", "lv", "vegas_tutor.tutor.las_vegas.board:LasVegasBoard",
        "vegas_tutor.tutor.las_vegas.stepper:LasVegasStepper", "01.06-play-a-full-game.ipynb"),
    "liars_dice": Game(
        "liars_dice", "Liar's Dice", "ld", "vegas_tutor.tutor.liars_dice.board:LiarsDiceBoard",
        "vegas_tutor.tutor.liars_dice.stepper:LiarsDiceStepper", "02.07-play-a-full-game.ipynb"),
    "lords_of_vegas": Game(
        "lords_of_vegas", "Lords of Vegas", "lov", "vegas_tutor.tutor.lords_of_vegas.board:LordsOfVegasBoard",
        "vegas_tutor.tutor.lords_of_vegas.stepper:LordsOfVegasStepper", "03.04-the-end-and-a-full-game.ipynb"),
}
"""The three games by id, in the course's order."""


def game(name: str) -> Game:
    """A game by its id (``"las_vegas"``) or short id (``"lv"``); ``KeyError`` names the choices."""
    found = GAMES.get(name) or next((g for g in GAMES.values() if g.short == name), None)
    if found is None:
        raise KeyError(f"no game {name!r}: choose one of {', '.join(GAMES)}")
    return found
