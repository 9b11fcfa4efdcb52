"""The games cardlib knows: one self-describing :class:`GameSpec` a game, one line a game here.

Each game describes itself in ``cardlib/<game>/spec.py`` (its ID, title, player counts and
seats, options and rule sets, how to deal, its claims, which claims its exported examples
make, what its simulation row records, its computer player and its widgets); the checker,
the exporter, the simulations, the command line, the widgets and the generic tests read
only the spec.  A game's spec is imported when the game is first asked for, so that
checking a Golf file never imports Rook and ``cardlib --version`` imports no game.

Each game is one line of :data:`BUILT_IN`: its ID and where its spec is, written as an entry
point names an object (``"cardlib.golf.spec:SPEC"``).  A game from outside joins the same way:
an installed package declares it in the ``cardlib.games`` entry-point group (in its
``pyproject.toml``, ``[project.entry-points."cardlib.games"]`` ``cards = "cards.spec:SPEC"``),
which cardlib reads the first time a game it does not ship is asked for or the games are
listed; or a course's code (and the test suite's tiny game) calls ``register(spec)``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pkgutil import resolve_name
from types import ModuleType
from typing import TYPE_CHECKING, Any, Protocol

from cardlib import arguments
from cardlib.errors import CardlibError, NotationError
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
class Standing:
    """How a seat stands while a game is played, for the lab's course-of-a-game measures
    (:mod:`cardlib.analysis`): ``of(game)`` each player's standing now, a whole number
    read from the game in plain values; ``better`` is ``"higher"`` or ``"lower"`` (Golf's
    points); ``words`` says what it is ("books made"); ``sides(game)``, for a partnership
    game, each player's side in seat order (Rook: ``[0, 1, 0, 1]``), whose players stand
    together (None: each player is a side)."""

    of: Callable[[Any], Mapping[str, int]]
    better: str = "higher"
    words: str = ""
    sides: Callable[[Any], Sequence[int]] | None = None


@dataclass(frozen=True, slots=True)
class Simulation:
    """What a simulated game's row says beyond the protocol's result.

    ``running(game)``: (per player, per team) where a game stopped by a cap stood;
    ``before(game)``: what must be read before the first move (a Rook hand's dealt nest);
    ``record(game, before)``: what the game records, in plain values; ``rule_set(game)``:
    the rule set it was played under; ``hands(game)``: hands finished so far, for a game of
    several hands (capped at ``max_hands``); ``standing``: each seat's running standing
    (:class:`Standing`), recorded move by move when a simulation asks for its history (None:
    the game has none, and its history records the moves' choices only)."""

    running: Callable[[Any], tuple[dict[str, int], dict[str, int]]]
    record: Callable[[Any, dict[str, Any]], dict[str, Any]]
    rule_set: Callable[[Any], str]
    before: Callable[[Any], dict[str, Any]] = lambda game: {}
    hands: Callable[[Any], int] = lambda game: 0
    standing: Standing | None = None


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
    * ``claims_module``: the name of its claims module (``start(doc)``, ``CLAIMS``),
      imported when :attr:`claims` is first asked; ``validate(doc)``: its own check of a
      document's shape, where it does not use the course's JSON Schema (None: the schema);
    * ``export``: its :class:`ExportPolicy`; ``simulation``: its :class:`Simulation`;
    * ``bot``: its simple computer player ``(game, rng) -> move``;
    * ``widgets``: the names of its widgets in the module ``widget_module`` names (which
      imports ipywidgets), each given by :meth:`widget`;
    * ``exercises``: where its chapter of the course's exercises is (``"module:NAME"``,
      which :func:`cardlib.exercises.course.chapters` imports); None for a game the course
      does not teach; ``lab_exercises`` likewise, its chapter of the simulations notebook
      (predict, then measure: :mod:`cardlib.exercises.lab`), None where it has none.

    Its rules (:attr:`rules`) are the ``catalogue.yaml`` of its folder, the package of its
    claims module, for a game from outside cardlib as for the shipped games.
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
    claims_module: str
    export: ExportPolicy
    simulation: Simulation
    bot: Bot
    seats: Callable[[int], tuple[str, ...]] = field(default=lambda n: named_seats(n))
    whole_game: Callable[..., Any] | None = None
    whole_game_words: str = ""
    validate: Callable[[Any], None] | None = None
    widgets: tuple[str, ...] = ()
    widget_module: str | None = None
    exercises: str | None = None
    lab_exercises: str | None = None

    @property
    def claims(self) -> ModuleType:
        claims: ModuleType = resolve_name(self.claims_module)
        return claims

    def widget(self, name: str) -> Any:
        """The widget class ``name`` (one of :attr:`widgets`), importing ipywidgets."""
        if name not in self.widgets or self.widget_module is None:
            raise KeyError(name)
        return getattr(resolve_name(self.widget_module), name)

    def load(self) -> tuple[ModuleType, Bot]:
        """Its claims module and its bot (importing the claims registers its rules'
        functions, which :attr:`cardlib.catalogue.Rule.enforced_by` reads)."""
        return self.claims, self.bot

    @property
    def rules(self) -> Mapping[str, Rule]:
        """Its rules by ID: the ``catalogue.yaml`` of its folder, the package of its claims
        module (:func:`cardlib.catalogue.book_of`), read when first asked; their IDs are
        what its engine's events and refusals name."""
        from cardlib.catalogue import book_of

        return book_of(self.claims_module.rpartition(".")[0])

    def rule(self, rule_id: str) -> Rule | None:
        """The rule ``rule_id`` names: the game's own, else the catalogue's (None if
        neither has it)."""
        from cardlib.catalogue import rules

        return self.rules.get(rule_id) or rules.get(rule_id)


def known_game(value: object) -> str:
    """``value`` if it is the ID of a game of the registry (:data:`GAMES`), else a
    :class:`~cardlib.errors.NotationError` that lists them."""
    if not isinstance(value, str) or value not in GAMES:
        raise NotationError(
            f"{arguments.shown(value)} is not a game: use {', '.join(map(repr, GAMES))}"
        )
    return value


def named_seats(n: int) -> tuple[str, ...]:
    """``n`` players' names (Ann, Ben, ...), for a game whose seats have no names of their own."""
    n = arguments.whole(n, "the number of players")
    if not 1 <= n <= len(NAMES):
        raise NotationError(f"{n} players: give between 2 and {len(NAMES)}")
    return NAMES[:n]


def options_of(cls: Any, named: Mapping[str, Any]) -> Any:
    """A game's options (a dataclass) from their names, an unknown name said with the names
    there are."""
    if not (isinstance(cls, type) and dataclasses.is_dataclass(cls)):
        raise NotationError(f"a game's options are a dataclass, not {arguments.shown(cls)}")
    known = [f.name for f in dataclasses.fields(cls)]
    for name in arguments.mapping(named, "the options"):
        if name not in known:
            raise NotationError(
                f"{arguments.shown(name)} is not an option here: the options are {', '.join(known)}"
            )
    return cls(**named)


def one_rule_set(game: str, known: str, asked: str | None) -> None:
    """Refuse a rule set other than a game's one."""
    if asked is not None and not (isinstance(asked, str) and asked == known):
        raise NotationError(
            f"{arguments.shown(asked)} is not a {game} rule set: {game} has one, {known!r}"
        )


def changed_options(options: Any, defaults: Any, leave: Sequence[str] = ()) -> dict[str, Any]:
    """The fields of an options dataclass that differ from its defaults (an example's
    ``options:``), but for those in ``leave``."""
    if not (dataclasses.is_dataclass(options) and type(defaults) is type(options)):
        raise NotationError(
            f"options and their defaults are one dataclass's, not {arguments.shown(options)} "
            f"and {arguments.shown(defaults)}"
        )
    leave = arguments.sequence(leave, "the options left out")
    return {
        f.name: getattr(options, f.name)
        for f in dataclasses.fields(options)
        if f.name not in leave and getattr(options, f.name) != getattr(defaults, f.name)
    }


# -- the games: one line each ------------------------------------------------------------


#: the games cardlib ships, one line a game, in the order the course teaches them: the game's
#: ID and where its :class:`GameSpec` is (``"module:NAME"``, as an entry point names it)
BUILT_IN = {
    "golf": "cardlib.golf.spec:SPEC",
    "go-fish": "cardlib.gofish.spec:SPEC",
    "rook": "cardlib.rook.spec:SPEC",
}

#: the entry-point group in which an installed package declares a game of its own
ENTRY_POINTS = "cardlib.games"


class Registry(Mapping[str, GameSpec]):
    """Game ID -> :class:`GameSpec`.  A spec is imported when its game is first asked for,
    and the games cardlib ships are known without importing any.  The installed packages'
    games (the :data:`ENTRY_POINTS` group) are looked for once, the first time a game not
    known is asked for or the games are listed, not when a shipped game is asked for: reading
    every package's entry points takes longer than ``cardlib check`` takes to start.  A game
    already known keeps its ID: an entry point of the same name is left out."""

    def __init__(self, known: Mapping[str, str], group: str | None = None) -> None:
        for game_id, where in arguments.mapping(known, "the games").items():
            arguments.text(game_id, "a game's ID")
            arguments.text(where, f"where the game {game_id!r} is")
        self._where = dict(known)
        self._specs: dict[str, GameSpec] = {}
        self._group = group

    def _discover(self) -> None:
        """Add the games the installed packages declare in the entry-point group, once."""
        group, self._group = self._group, None
        if group is None:
            return
        from importlib.metadata import entry_points

        for point in entry_points(group=group):
            self._where.setdefault(point.name, point.value)

    def _known(self, game_id: str) -> bool:
        if game_id not in self._where:
            self._discover()
        return game_id in self._where

    def __getitem__(self, game_id: str) -> GameSpec:
        if not isinstance(game_id, str) or not self._known(game_id):
            raise KeyError(game_id)  # what an example says may be a list or a number
        spec = self._specs.get(game_id)
        if spec is None:
            spec = self._specs[game_id] = _spec_at(self._where[game_id], game_id)
        return spec

    def __iter__(self) -> Iterator[str]:
        self._discover()
        return iter(list(self._where))

    def __len__(self) -> int:
        self._discover()
        return len(self._where)

    def __contains__(self, game_id: object) -> bool:
        return isinstance(game_id, str) and self._known(game_id)

    def declared(self, game_id: str) -> str | None:
        """Where the game's spec is declared (``"module:NAME"``), read without importing
        it; None for a spec given to :meth:`register` (KeyError for no game)."""
        if not self._known(game_id):
            raise KeyError(game_id)
        where = self._where[game_id]
        return None if where.startswith("<registered ") else where

    def rule(self, rule_id: str) -> Rule | None:
        """The rule ``rule_id`` names: the catalogue's, else a registered game's own (a game
        from outside cardlib keeps its rules in its folder); None if none has it."""
        from cardlib.catalogue import rules

        known = rules.get(rule_id)
        if known is not None:
            return known
        for game_id in self:
            try:
                own = self[game_id].rules
            except CardlibError:  # an installed game that does not load is not asked
                continue
            if rule_id in own:
                return own[rule_id]
        return None

    def register(self, spec: GameSpec) -> GameSpec:
        arguments.instance(spec, GameSpec, "a game")
        if spec.id in self._where:  # the installed packages' games are not read for this
            known = self._specs.get(spec.id)
            if known == spec:  # the same game registered again (an equal spec: the same)
                return known
            raise NotationError(f"{spec.id!r} is a game already")
        self._specs[spec.id] = spec
        self._where[spec.id] = f"<registered {spec.id}>"
        return spec


def _spec_at(where: str, game_id: str) -> GameSpec:
    """The :class:`GameSpec` at ``where`` (``"module:NAME"``), which must be ``game_id``'s."""
    from cardlib.errors import InputError

    try:
        spec = resolve_name(where)
    except Exception as exc:  # an installed package's game that does not import
        problem = f"cannot be loaded from {where!r} ({type(exc).__name__}: {exc})"
    else:
        if isinstance(spec, GameSpec) and spec.id == game_id:
            return spec
        problem = f"is declared as {where!r}, which is not the GameSpec of a game {game_id!r}"
    raise InputError.at(["game"], "INPUT-SCHEMA", f"the game {game_id!r} {problem}")


GAMES = Registry(BUILT_IN, group=ENTRY_POINTS)


def register(spec: GameSpec) -> GameSpec:
    """Add a game: the checker, the exporter, the simulations, the command line's choices
    and the widgets know it from now on."""
    return GAMES.register(spec)


__all__ = [
    "BUILT_IN",
    "ENTRY_POINTS",
    "GAMES",
    "NAMES",
    "PROBE",
    "ExportPolicy",
    "GameSpec",
    "Registry",
    "Simulation",
    "Standing",
    "changed_options",
    "known_game",
    "named_seats",
    "one_rule_set",
    "options_of",
    "register",
]
