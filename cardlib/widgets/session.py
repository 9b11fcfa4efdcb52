"""A table session over the game protocol: what every game widget does besides drawing.

A :class:`TableSession` holds one game at a table where a learner plays some seats (or all
of them) and computer players the rest.  It knows nothing of any game's rules: every move
goes to the engine, which makes it or refuses it.  It adds what a learner at a table needs:

* ``attempt(move)``: the learner's move; a refusal comes back as a :class:`Refusal` (rule
  ID, its title, the engine's reason and what would be legal instead, in words with the
  notation beside them), never as an exception; then the computer players
  (``cardlib.games.GAMES[id].bot``) reply;
* ``story`` / ``log``: what the learner is told of each move, their seat's story: every
  event as their seats are told it (:meth:`cardlib.game.Event.told_to`), the whole of it
  once a hand ends where the sources show every card (:attr:`cardlib.game.Fact.shows_all`),
  and everything when the learner plays every seat;
* ``undo()``: take back the learner's last move together with the replies it caused;
* ``restart()``: the same deal again; ``new_deal(seed)``: a fresh deal, its seed shown
  (a deal's number is a whole number from 0 to :data:`MAX_SEED`);
* ``to_example()`` / ``save(folder)``: the game so far as a worked example that
  ``cardlib check`` proves (see :mod:`cardlib.export`).

Something the learner can put right (a folder that cannot be written, nothing chosen in a
dropdown) is a :class:`TableProblem`: ``fail`` shows its words as they are.  Any other
exception a click meets is a fault of cardlib, and ``fail`` says so.

It imports no ipywidgets, so it can be driven and tested without a browser::

    >>> from cardlib.golf import GolfGame
    >>> s = TableSession("golf", deal=lambda seed: GolfGame(["You", "Bot"], seed=seed),
    ...                  seed=17, learners=["You"])
    >>> s.headline_seed
    'deal 17'
    >>> refusal = s.attempt("draw")
    >>> refusal.rule
    'GOLF-FLIP-TWO'
    >>> s.attempt("flip TL").player
    'You'
    >>> s.undo(), len(s.steps)
    (True, 0)
"""

from __future__ import annotations

import errno
import html
import os
import random
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardlib.bots import take_turn
from cardlib.catalogue import rules
from cardlib.errors import CardlibError, ExportError, NotationError, RuleViolation, SaveError
from cardlib.games import GAMES

#: how many legal moves a refusal lists before it says "and N more"
SHOWN_INSTEAD = 8

#: the highest deal number (the Deal box's maximum); the deal after it is deal 0
MAX_SEED = 2**31 - 1


def move_words(move: Any) -> str:
    """A move as a learner reads it, its notation beside it: "turn up the top-left card
    (flip TL)".  The words are the move's own (``move.words``, written in its game's
    folder); a move without words is its notation."""
    words = getattr(move, "words", None)
    return f"{words} ({move})" if isinstance(words, str) and words != str(move) else str(move)


class TableProblem(CardlibError, ValueError):
    """Something the learner can put right, said in the learner's words (a folder that
    cannot be written, nothing chosen): :meth:`TableSession.fail` shows the message as it is."""


def failure_words(exc: Exception, unchanged: str = "") -> str:
    """What a widget shows for an exception a click met: a :class:`TableProblem`'s own
    words, or, for anything else (a fault of cardlib), what happened and a plea to report
    it (``unchanged`` says what was left as it was)."""
    if isinstance(exc, TableProblem):
        return str(exc)
    return (
        f"Something went wrong inside cardlib ({type(exc).__name__}: {exc}){unchanged}. "
        "Please report it."
    )


def check_seed(seed: object) -> int:
    """``seed`` if it is a deal's number (a whole number from 0 to :data:`MAX_SEED`);
    otherwise a :class:`TableProblem` that says what a deal's number is."""
    # a plain whole number only: True, or an IntEnum member, would be shown as itself
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        shown = str(seed) if type(seed) is int and abs(seed) < 10**30 else "that"
        raise TableProblem(
            f"A deal's number is a whole number from 0 to {MAX_SEED}; {shown} is not one."
        )
    return seed


def _folder_words(folder: str) -> str:
    """A folder's name as a learner can read it: invisible characters shown as ``?``, a
    very long name cut short in the middle."""
    name = "".join(c if c.isprintable() else "?" for c in folder)
    return name if len(name) <= 120 else name[:70] + "..." + name[-40:]


def _save_problem(folder: str, exc: SaveError | NotationError) -> TableProblem:
    """Why ``folder`` could not be written, in the learner's words."""
    where = f"Cannot save into '{_folder_words(folder)}'"
    code = exc.errno if isinstance(exc, SaveError) else None
    if code is None:  # Python refuses the name itself (a NUL character)
        why = "a folder's name cannot contain that character (shown as ?)"
    elif code == errno.EEXIST or (code == errno.ENOTDIR and Path(folder).is_file()):
        why = "that is a file, not a folder"
    elif code == errno.ENOTDIR:
        why = "part of that path is a file, not a folder"
    elif code in (errno.EACCES, errno.EPERM, errno.EROFS, errno.ENOENT):
        why = "you may not write there"
    elif code == errno.ENAMETOOLONG:
        why = "the name is too long"
    elif code == errno.ENOSPC:
        why = "the disk is full"
    else:
        words = os.strerror(code)
        why = words[:1].lower() + words[1:]
    return TableProblem(f"{where}: {why}. Write another folder in the Folder box.")


@dataclass(frozen=True)
class Refusal:
    """A move the rules (or the notation) refuse, in the learner's words.

    ``rule`` and ``title`` name the rule, ``reason`` is the engine's explanation, ``tried``
    the move as written, ``instead`` the legal moves of the player who tried, in words
    with their notation (:func:`move_words`).
    """

    rule: str
    title: str
    reason: str
    tried: str
    instead: tuple[str, ...] = ()

    @classmethod
    def of(
        cls,
        v: RuleViolation | NotationError,
        tried: str,
        instead: Sequence[str],
        game_id: str | None = None,
    ) -> Refusal:
        """The refusal of ``tried``; the rule's title is the catalogue's, or the game's own
        (``game_id``'s spec) for a game from outside the catalogue."""
        rule = v.rule or "INPUT-MOVE"
        spec = GAMES.get(game_id) if game_id is not None else None
        known = spec.rule(rule) if spec is not None else rules.get(rule)
        title = known.title if known is not None else "not a move"
        return cls(rule, title, v.message, tried, tuple(instead))

    @property
    def instead_words(self) -> str:
        moves = list(self.instead)
        if not moves:
            return "no move is legal now"
        shown = ", ".join(moves[:SHOWN_INSTEAD])
        more = len(moves) - SHOWN_INSTEAD
        return shown + (f" and {more} more" if more > 0 else "")

    def __str__(self) -> str:
        return (
            f"Refused: {self.tried} -- {self.rule} ({self.title}): {self.reason}. "
            f"Legal instead: {self.instead_words}."
        )

    def html(self) -> str:
        """The one refusal style of every widget (a box with the rule, reason and options)."""
        e = html.escape
        return (
            f'<div class="cardlib-refusal" role="alert"><b>Refused: {e(self.tried)}</b> -- '
            f"<b>{e(self.rule)}</b> ({e(self.title)}): {e(self.reason)}.<br>"
            f"Legal instead: {e(self.instead_words)}.</div>"
        )


@dataclass(frozen=True)
class Step:
    """One move made at the table: who, the move in notation, whether the learner made it,
    and the engine's whole event (the game's record, which a worked example saves; what
    the learner is told of it is :attr:`TableSession.story`)."""

    player: str
    move: str
    by_learner: bool
    event: Any


@dataclass
class _Snapshot:
    game: Any
    rng: Any
    steps: int


@dataclass
class TableSession:
    """One game at a table; see the module's documentation.

    Give either ``deal`` (seed -> a new game: a fresh deal, which ``new_deal`` can repeat
    with another seed) or ``start`` (a game in a given position; ``restart`` returns to it).
    ``learners`` are the seats the learner plays (default: every seat); the others are
    played by ``bot`` (default: the game's registered computer player), seeded from the deal.
    """

    game_id: str
    deal: Callable[[int], Any] | None = None
    seed: int = 1
    start: Any = None
    learners: Collection[str] | None = None
    bot: Callable[[Any, random.Random], Any] | None = None
    steps: list[Step] = field(default_factory=list)
    refusal: Refusal | None = None
    problem: str = ""

    def __post_init__(self) -> None:
        if (self.deal is None) == (self.start is None):
            raise ValueError("give a session either deal= (a fresh deal by seed) or start=")
        check_seed(self.seed)
        if self.bot is None:
            self.bot = GAMES[self.game_id].bot
        self._undo: list[_Snapshot] = []
        self.new_deal(self.seed) if self.deal is not None else self.restart()

    # -- the table ------------------------------------------------------------------

    @property
    def headline_seed(self) -> str:
        """``"deal 17"`` (what a teacher says to give everyone the same cards), or
        ``"the given position"``."""
        return f"deal {self.seed}" if self.deal is not None else "the given position"

    def is_learner(self, player: str | None) -> bool:
        return player is not None and (self.learners is None or player in self.learners)

    @property
    def learner_to_move(self) -> bool:
        return not self.game.is_over and self.is_learner(self.game.to_move)

    @property
    def mover(self) -> str:
        """Who the learner's next move is made for: the player to move if the learner plays
        that seat, else the learner's (first) seat, whose move the rules will refuse."""
        to_move = self.game.to_move
        if self.is_learner(to_move):
            return str(to_move)
        if self.learners:
            return next(iter(self.learners))
        return str(to_move or self.game.players[0])

    def legal(self) -> list[Any]:
        """The learner's legal moves now (none while a computer player is to move)."""
        return list(self.game.legal_moves().now()) if self.learner_to_move else []

    def is_legal(self, move: Any) -> bool:
        return self.learner_to_move and move in self.game.legal_moves()

    def _instead(self) -> list[str]:
        return [move_words(m) for m in self.legal()]

    # -- what the learner is told ------------------------------------------------------

    @property
    def seats(self) -> tuple[str, ...]:
        """The seats the learner plays (every seat when ``learners`` is None)."""
        return tuple(self.game.players if self.learners is None else self.learners)

    def told(self, event: Any) -> Any:
        """``event`` as the learner's seats are told it (:meth:`cardlib.game.Event.told_to`);
        the whole event when the learner plays every seat."""
        return event if self.learners is None else event.told_to(*self.seats)

    @property
    def story(self) -> list[Any]:
        """Each move's event as the learner is told it, in order: as told to their seats,
        but whole up to the last event whose fact shows every card (a hand's end, where the
        sources turn every card up: :attr:`cardlib.game.Fact.shows_all`).  The steps keep
        the whole events: they are the game's record, which a worked example saves."""
        shown = max((i for i, s in enumerate(self.steps) if s.event.shows_all), default=-1)
        return [s.event if i <= shown else self.told(s.event) for i, s in enumerate(self.steps)]

    @property
    def log(self) -> list[str]:
        """The narration of :attr:`story`, a move a line."""
        return [str(event.text) for event in self.story]

    # -- moves ----------------------------------------------------------------------

    def attempt(self, move: Any) -> Any:
        """The learner tries ``move`` (notation or a move object): returns the engine's
        event, or a :class:`Refusal` (the game unchanged).  After a legal move the computer
        players reply until it is the learner's turn or the game is over."""
        self.problem = ""
        tried = str(move)
        # the game is copied (for undo) only for a move the learner may make; play refuses
        # any other and leaves the game as it was, so nothing needs keeping
        snap = self._snapshot() if self.is_legal(move) else None
        try:
            event = self.game.play(move, player=self.mover)
        except (RuleViolation, NotationError) as v:
            self.refusal = Refusal.of(v, tried, self._instead(), self.game_id)
            return self.refusal
        # the listing and play agree on every move (tests/core/test_random_play.py)
        assert snap is not None, f"{tried!r} was played but not listed"
        self.refusal = None
        self._undo.append(snap)
        self._record(event, by_learner=True)
        try:
            self._bots_play()
        except Exception:
            self._restore(self._undo.pop())
            raise
        return event

    def _record(self, event: Any, *, by_learner: bool) -> None:
        self.steps.append(Step(event.player, str(event.move), by_learner, event))

    def _bots_play(self) -> None:
        assert self.bot is not None
        while not self.game.is_over and not self.is_learner(self.game.to_move):
            self._record(take_turn(self.bot, self.game, self._rng), by_learner=False)

    def _snapshot(self) -> _Snapshot:
        return _Snapshot(self.game.copy(), self._rng.getstate(), len(self.steps))

    def _restore(self, snap: _Snapshot) -> None:
        self.game = snap.game
        self._rng.setstate(snap.rng)
        del self.steps[snap.steps :]

    def undo(self) -> bool:
        """Take back the learner's last move and the computer players' replies to it."""
        self.problem = ""
        self.refusal = None
        if not self._undo:
            return False
        self._restore(self._undo.pop())
        return True

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    def restart(self) -> None:
        """The same deal (or the given position) from the beginning."""
        if self.deal is not None:
            self.game = self.deal(self.seed)
        else:
            self.game = self.start.copy()
        self._begin()

    def new_deal(self, seed: int | None = None) -> None:
        """A fresh deal: ``seed`` (default: the next one; after :data:`MAX_SEED` deal 0),
        so ``new_deal(17)`` is "deal 17"."""
        if self.deal is None:
            raise TableProblem(
                "This table plays one given position, so it has no other deals: Restart (or "
                "Reset) goes back to its start."
            )
        self.seed = (self.seed + 1) % (MAX_SEED + 1) if seed is None else check_seed(seed)
        self.restart()

    def _begin(self) -> None:
        self._first = self.game.copy()
        self._rng = random.Random(self.seed)
        self._undo = []
        self.steps = []
        self.refusal = None
        self.problem = ""
        self._bots_play()

    def fail(self, exc: Exception) -> None:
        """Show a failure in words (for click handlers); the game is unchanged.  A
        :class:`TableProblem` is shown as it is; anything else is a fault of cardlib."""
        self.problem = failure_words(exc, "; the game is unchanged")

    # -- export ---------------------------------------------------------------------

    @property
    def first(self) -> Any:
        """A copy of the game as it stood before the first move."""
        return self._first

    def to_example(self, *, title: str | None = None, source: str | None = None) -> str:
        """The game so far as a YAML worked example (see :func:`cardlib.export.example`)."""
        from cardlib.export import session_example

        return session_example(self, title=title, source=source)

    def save(self, folder: str | Path, name: str | None = None) -> Path:
        """Write :meth:`to_example` into ``folder`` (created if needed); the file's path.
        A folder that cannot be written is a :class:`TableProblem` that says why."""
        from cardlib.export import save

        if not str(folder).strip():
            raise TableProblem("Write the name of a folder to save into in the Folder box.")
        try:
            text = self.to_example()
        except ExportError as exc:
            raise TableProblem(
                f"This game cannot be saved as a worked example: {exc.message}."
            ) from exc
        try:
            return save(text, folder, name or self._file_name())
        except (SaveError, NotationError) as exc:
            raise _save_problem(str(folder), exc) from exc

    def _file_name(self) -> str:
        where = f"deal-{self.seed}" if self.deal is not None else "position"
        return f"{self.game_id}-{where}-{len(self.steps)}-moves.yaml"


__all__ = [
    "MAX_SEED",
    "Refusal",
    "Step",
    "TableProblem",
    "TableSession",
    "check_seed",
    "failure_words",
    "move_words",
]
