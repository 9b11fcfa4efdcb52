"""The games cardlib knows: one self-describing :class:`GameSpec` a game, one line a game here.

Each game describes itself in ``cardlib/<game>/spec.py`` (its ID, title, player counts and
seats, options and rule sets, how to deal, its claims, which claims its exported examples
make, what its simulation row records, its computer player and its widgets); the checker,
the exporter, the simulations, the command line, the widgets and the generic tests read
only the spec.  A game's spec is imported when the game is first asked for, so that
checking a Golf file never imports Rook and ``cardlib --version`` imports no game.

A game from outside (a course's own, or the test suite's tiny game) joins with one call,
``register(spec)``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING, Any, Protocol

from cardlib.game import Bot

if TYPE_CHECKING:
    from cardlib.catalogue import Rule

#: players' names when only their number is given
NAMES = ("Ann", "Ben", "Cy", "Dee", "Eve", "Fay")


class _Probe:
    """A claimed value equal to nothing, so the claim reports the engine's value."""

    __hash__ = object.__hash__

    def __eq__(self, other: object) -> bool:
        return False

    def __repr__(self) -> str:
        return "PROBE"


PROBE: Any = _Probe()
"""What an export policy claims where it wants the engine's value written (``{player:
PROBE}``): every leaf comes back mismatched with the engine's value (see
:mod:`cardlib.export`)."""


class ExportPolicy(Protocol):
    """Which claims a game's exported examples make (``cardlib/<game>/export.py``).

    ``header(game)``: the ``rule_set`` and ``options`` fields; ``position(game)``: the
    ``setup`` of a game that did not start from a seeded deal (:class:`~cardlib.errors.ExportError`
    if it has none); ``earlier(game)``: the (player, move) pairs ``game`` had made since that
    setup, replayed before the session's own; ``after(event, game)``: the
    claims after a move; ``final(game)``: the claims at the end.  The claims are asked with
    :data:`PROBE` values shaped like the claim."""

    def header(self, game: Any, /) -> dict[str, Any]: ...

    def position(self, game: Any, /) -> dict[str, Any]: ...

    def earlier(self, game: Any, /) -> Sequence[tuple[str, str]]: ...

    def after(self, event: Any, game: Any, /) -> dict[str, Any]: ...

    def final(self, game: Any, /) -> dict[str, Any]: ...


@dataclass(frozen=True, slots=True)
class Simulation:
    """What a simulated game's row says beyond the protocol's result.

    ``running(game)``: (per player, per team) where a game stopped by a cap stood;
    ``before(game)``: what must be read before the first move (a Rook hand's dealt nest);
    ``record(game, before)``: what the game records, in plain values; ``rule_set(game)``:
    the rule set it was played under; ``hands(game)``: hands finished so far, for a game of
    several hands (capped at ``max_hands``)."""

    running: Callable[[Any], tuple[dict[str, int], dict[str, int]]]
    record: Callable[[Any, dict[str, Any]], dict[str, Any]]
    rule_set: Callable[[Any], str]
    before: Callable[[Any], dict[str, Any]] = lambda game: {}
    hands: Callable[[Any], int] = lambda game: 0


@dataclass(frozen=True, slots=True)
class GameSpec:
    """One game, as everything above its engine sees it.

    * ``id``: the game's one name (examples, catalogue, command line, ``Game.game``);
      ``title`` its full name ("Six Card Golf"), ``name`` its short one ("Golf");
    * ``players``: the numbers of players the engine accepts; ``default_players`` how many
      a simulation seats; ``seats(n)`` their names (default :func:`named_seats`);
    * ``rule_sets``: the named rule sets (the first is the default); ``options(rule_set,
      named)`` the engine's options object from a rule set (or None) and named options;
    * ``deal(players, *, seed, options, record)``: a fresh deal; ``whole_game`` the same
      for a game of several hands (Rook to 300), described by ``whole_game_words``;
      ``position``: the engine's ``from_position``;
    * ``claims()``: its claims module (``start(doc)``, ``CLAIMS``), imported when first
      asked; ``validate(doc)``: its own check of a document's shape, where it does not
      use the course's JSON Schema (None: the schema);
    * ``export``: its :class:`ExportPolicy`; ``simulation``: its :class:`Simulation`;
    * ``bot``: its simple computer player ``(game, rng) -> move``;
    * ``widgets``: the names of its widgets in ``widget_module()`` (which imports
      ipywidgets);
    * ``rules``: rules of its own where they are not in the course's catalogue (a game
      from outside cardlib); their IDs are what its engine's events and refusals name.
    """

    id: str
    title: str
    name: str
    players: range
    default_players: int
    rule_sets: tuple[str, ...]
    options: Callable[[str | None, Mapping[str, Any]], Any]
    deal: Callable[..., Any]
    position: Callable[..., Any]
    claims_module: Callable[[], ModuleType]
    export: ExportPolicy
    simulation: Simulation
    bot: Bot
    seats: Callable[[int], tuple[str, ...]] = field(default=lambda n: named_seats(n))
    whole_game: Callable[..., Any] | None = None
    whole_game_words: str = ""
    validate: Callable[[Any], None] | None = None
    widgets: tuple[str, ...] = ()
    widget_module: Callable[[], ModuleType] | None = None
    rules: Mapping[str, Rule] = field(default_factory=dict)

    @property
    def claims(self) -> ModuleType:
        return self.claims_module()

    def load(self) -> tuple[ModuleType, Bot]:
        """Its claims module and its bot (importing the claims registers its rules'
        functions, which :attr:`cardlib.catalogue.Rule.enforced_by` reads)."""
        return self.claims, self.bot

    def rule(self, rule_id: str) -> Rule | None:
        """The rule ``rule_id`` names: the game's own, else the catalogue's (None if
        neither has it)."""
        if rule_id in self.rules:
            return self.rules[rule_id]
        from cardlib.catalogue import rules

        return rules.get(rule_id)


def named_seats(n: int) -> tuple[str, ...]:
    """``n`` players' names (Ann, Ben, ...), for a game whose seats have no names of their own."""
    if not 1 <= n <= len(NAMES):
        raise ValueError(f"{n} players: give between 2 and {len(NAMES)}")
    return NAMES[:n]


def options_of(cls: Any, named: Mapping[str, Any]) -> Any:
    """A game's options (a dataclass) from their names, an unknown name said with the names
    there are."""
    known = [f.name for f in dataclasses.fields(cls)]
    for name in named:
        if name not in known:
            raise ValueError(f"{name!r} is not an option here: the options are {', '.join(known)}")
    return cls(**named)


def one_rule_set(game: str, known: str, asked: str | None) -> None:
    """Refuse a rule set other than a game's one."""
    if asked not in (None, known):
        raise ValueError(f"{asked!r} is not a {game} rule set: {game} has one, {known!r}")


def changed_options(options: Any, defaults: Any, leave: Sequence[str] = ()) -> dict[str, Any]:
    """The fields of an options dataclass that differ from its defaults (an example's
    ``options:``), but for those in ``leave``."""
    return {
        f.name: getattr(options, f.name)
        for f in dataclasses.fields(options)
        if f.name not in leave and getattr(options, f.name) != getattr(defaults, f.name)
    }


# -- the games: one line each ------------------------------------------------------------


def _golf() -> GameSpec:
    from cardlib.golf.spec import SPEC

    return SPEC


def _gofish() -> GameSpec:
    from cardlib.gofish.spec import SPEC

    return SPEC


def _rook() -> GameSpec:
    from cardlib.rook.spec import SPEC

    return SPEC


class Registry(Mapping[str, GameSpec]):
    """Game ID -> :class:`GameSpec`; a spec is imported when its game is first asked for,
    and the IDs are known without importing any."""

    def __init__(self, known: Mapping[str, Callable[[], GameSpec]]) -> None:
        self._load = dict(known)
        self._specs: dict[str, GameSpec] = {}

    def __getitem__(self, game_id: str) -> GameSpec:
        if not isinstance(game_id, str):  # what an example says may be a list or a number
            raise KeyError(game_id)
        spec = self._specs.get(game_id)
        if spec is None:
            spec = self._specs[game_id] = self._load[game_id]()
        return spec

    def __iter__(self) -> Iterator[str]:
        return iter(self._load)

    def __len__(self) -> int:
        return len(self._load)

    def __contains__(self, game_id: object) -> bool:
        return isinstance(game_id, str) and game_id in self._load

    def register(self, spec: GameSpec) -> GameSpec:
        if spec.id in self._load:
            if self._specs.get(spec.id) is spec:  # the same game registered again
                return spec
            raise ValueError(f"{spec.id!r} is a game already")
        self._specs[spec.id] = spec
        self._load[spec.id] = lambda: spec
        return spec


GAMES = Registry({"golf": _golf, "go-fish": _gofish, "rook": _rook})


def register(spec: GameSpec) -> GameSpec:
    """Add a game: the checker, the exporter, the simulations, the command line's choices
    and the widgets know it from now on."""
    return GAMES.register(spec)


__all__ = [
    "GAMES",
    "NAMES",
    "PROBE",
    "ExportPolicy",
    "GameSpec",
    "Registry",
    "Simulation",
    "changed_options",
    "named_seats",
    "one_rule_set",
    "options_of",
    "register",
]
