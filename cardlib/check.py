"""Replaying worked examples through the engines and comparing every claim they make.

Each step of an example is either a move (``{You: replace BL}``), a move the example
claims is illegal (``{You: discard, illegal: GOLF-TAKE-MUST-REPLACE}``), or a list of
claims (``expect: {stock: 33}``).  The engine computes every claimed value; nothing is
taken from the example on trust.  Problems come back as one-line diagnostics in the
linter form ``PATH:LINE:COL: RULE-ID message``.
"""

from __future__ import annotations

import gc
import os
import time
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, Protocol

from cardlib import arguments
from cardlib.arguments import STEP_KEYS
from cardlib.claims import ClaimResult, Confirmed, Mismatch, Record, compare, refused
from cardlib.errors import (
    EXIT_FAILED,
    EXIT_INTERNAL,
    EXIT_INVALID,
    EXIT_OK,
    CardlibError,
    ExampleMismatch,
    InputError,
    NotationError,
    RuleViolation,
)
from cardlib.examples import STDIN, Map, Seq, clip, locate, one_line, read_documents, validate
from cardlib.game import Event, Game
from cardlib.games import GAMES, known_game

Kind = Literal["input", "illegal", "mismatch", "internal"]

MAX_PROBLEMS = 100
"""The most problems reported for one file; one more line says that the rest are left out."""
MAX_SECONDS = 20.0
"""The longest one file may take; the checker stops there and says so at the step it reached."""
MAX_MESSAGE = 1000
"""The longest message of one diagnostic (a claimed list is quoted up to :data:`MAX_ITEMS`)."""
MAX_ITEMS = 12


class Adapter(Protocol):
    """What the checker needs from a game's claims module (see :mod:`cardlib.claims`)."""

    CLAIMS: dict[str, Any]

    def start(self, doc: Map) -> Any: ...


@dataclass(frozen=True, slots=True)
class Problem:
    path: str
    line: int
    column: int
    rule: str
    message: str
    kind: Kind

    def __post_init__(self) -> None:
        # one diagnostic is one line: whatever comes from the file (names, keys, a file name
        # that is not UTF-8) is escaped, and a message has a length limit
        object.__setattr__(self, "path", one_line(self.path))
        object.__setattr__(self, "rule", one_line(self.rule))
        object.__setattr__(self, "message", clip(self.message, MAX_MESSAGE))

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}: {self.rule} {self.message}"

    def as_dict(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "line": self.line,
            "column": self.column,
            "rule": self.rule,
            "message": self.message,
            "kind": self.kind,
        }


@dataclass
class Report:
    """The outcome of one worked example (or of a file that could not be read)."""

    path: str
    title: str
    problems: list[Problem] = field(default_factory=list)
    claims: int = 0
    moves: int = 0
    #: what :attr:`narration` tells, in order: a line of text, or a line number and what
    #: happened there -- a move's :class:`Event`, whose text is composed from its facts, or a
    #: claim :class:`Confirmed` -- put into words only when the narration is read
    told: list[str | tuple[int, Event | Confirmed]] = field(default_factory=list, repr=False)
    #: the file as it was named (not escaped for a diagnostic line: it may hold a line end or
    #: a byte that is not UTF-8), which the output formats read again and name as a URI
    file: str = field(default="", repr=False)

    def __post_init__(self) -> None:
        self.file = self.file or self.path
        self.path = one_line(self.path)
        self.title = clip(self.title, 200)

    @property
    def narration(self) -> list[str]:
        """Each move and each claim confirmed, in words: ``line 12: Mei takes 5H ...``."""
        return [t if isinstance(t, str) else _told(*t) for t in self.told]

    @property
    def passed(self) -> bool:
        return not self.problems

    @property
    def invalid(self) -> bool:
        return any(p.kind == "input" for p in self.problems)

    def as_dict(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "example": self.title,
            "passed": self.passed,
            "moves": self.moves,
            "claims": self.claims,
            "problems": [p.as_dict() for p in self.problems],
            "narration": [one_line(n) for n in self.narration],
        }


def _told(line: int, what: Event | Confirmed) -> str:
    if isinstance(what, Confirmed):
        return f"line {line}: ✓ {what.what} = {_show(what.value)} ({what.rule})"
    return f"line {line}: {what}"


#: the types of a confirmed value that the narration may put into words when it is read
#: (a list could be the engine's own, changed by the next move: it is told at once)
_TOLD_LATER = frozenset({int, str, bool, type(None)})


def _where(doc: Map, e: InputError) -> tuple[int, int]:
    return (e.line, e.column) if e.path is None else locate(doc, e.path)


_PLAYS: dict[type, bool] = {}
"""Whether the objects of a type are games (``isinstance`` against the runtime-checkable
:class:`Game` protocol looks up each of its members: about 25 µs, asked once a type)."""


def _is_game(state: Any) -> bool:
    kind = type(state)
    plays = _PLAYS.get(kind)
    if plays is None:
        plays = _PLAYS[kind] = isinstance(state, Game)
    return plays


def play_step(state: Any, player: str, move: Any, path: tuple[Any, ...]) -> Event:
    """One move of an example, through the engine: input problems are reported at ``path``,
    a refusal is the engine's :class:`RuleViolation`, unchanged."""
    if not _is_game(state):
        code, why = getattr(state, "no_moves", ("INPUT-SCHEMA", "this example has no moves"))
        raise InputError.at(path, code, why)
    if player not in state.players:
        raise InputError.at(
            path,
            "INPUT-PLAYER",
            f"{player!r} is not one of the players ({', '.join(state.players)})",
        )
    try:
        return state.play(move, player=player)
    except NotationError as e:
        raise InputError.at(path, e.rule or "INPUT-MOVE", e.message) from None


@dataclass
class Budget:
    """What one file may still take: problems reported and time (see :data:`MAX_PROBLEMS`,
    :data:`MAX_SECONDS`)."""

    problems: int = MAX_PROBLEMS
    deadline: float = field(default_factory=lambda: time.monotonic() + MAX_SECONDS)
    spent: bool = False


def check_file(path: Path | str, *, display: str | None = None) -> list[Report]:
    """Check every worked example in one file (``-``: standard input)."""
    arguments.path(path)
    display = arguments.optional_text(display, "display")
    name = display or ("<stdin>" if str(path) == STDIN else str(path))
    try:
        docs = read_documents(path if str(path) == STDIN else Path(path))
    except InputError as p:
        report = Report(name, Path(name).name)
        report.problems.append(Problem(name, p.line, p.column, p.code, p.message, "input"))
        return [report]
    reports = []
    budget = Budget()
    for doc in docs:
        if budget.spent:
            break
        try:
            reports.append(check_document(doc, name, budget=budget))
        except Exception as exc:  # a bug in cardlib, never the user's fault: say so in one line
            report = Report(name, str(doc.get("example", Path(name).name)))
            report.problems.append(
                Problem(
                    name,
                    *doc.mark,
                    "INTERNAL",
                    f"cardlib failed on this example ({type(exc).__name__}: {clip(str(exc), 200)}); please report it",
                    "internal",
                )
            )
            reports.append(report)
    return reports


def check_document(doc: Map, name: str, *, budget: Budget | None = None) -> Report:
    """Replay one example document and compare each of its claims."""
    title = str(doc.get("example", "(untitled)"))
    report = Report(name, title, problems=_Capped(budget or Budget()))

    def problem(where: tuple[int, int], rule: str, message: str, kind: Kind) -> None:
        report.problems.append(Problem(name, where[0], where[1], rule, message, kind))

    game = doc.get("game")
    try:  # a game with a format of its own checks it; the course's games share the schema
        spec = GAMES.get(game) if isinstance(game, str) else None
        (spec.validate if spec is not None and spec.validate else validate)(doc)
    except InputError as p:
        problem(_where(doc, p), p.code, p.message, "input")
        return report
    adapter: Adapter = GAMES[doc["game"]].claims
    try:
        state = adapter.start(doc)
    except InputError as e:
        problem(_where(doc, e), e.code, e.message, "input")
        return report
    except RuleViolation as v:  # the rules refuse this setup: fine if the example says so
        if not _claims_refusal(doc):
            ((kind, _),) = doc["setup"].items()
            problem(locate(doc, v.path or ["setup", kind]), v.rule, v.message, "input")
            return report
        state = refused(v)
    steps: Seq = doc["steps"]
    spend: _Capped = report.problems  # type: ignore[assignment]
    for i, step in enumerate(steps):
        here: tuple[Any, ...] = ("steps", i)
        if spend.budget.spent:
            return report
        if time.monotonic() > spend.budget.deadline:
            spend.budget.spent = True
            list.append(
                spend,
                Problem(
                    name,
                    *locate(doc, list(here)),
                    "INPUT-LIMIT",
                    f"checking stopped here: one file may take {MAX_SECONDS:.0f} s "
                    f"({len(steps) - i:,} steps not checked)",
                    "input",
                ),
            )
            return report
        movers = [k for k in step if k not in STEP_KEYS]
        try:
            if len(movers) > 1:
                raise InputError.at(
                    here,
                    "INPUT-SCHEMA",
                    f"one move a step, but this step names {', '.join(movers)}",
                )
            if "illegal" in step and not movers:
                raise InputError.at(
                    (*here, "illegal"), "INPUT-SCHEMA", "illegal: needs a move in the same step"
                )
            if movers:
                player = movers[0]
                move = step[player]
                claimed_rule = step.get("illegal")
                try:
                    event = play_step(state, player, move, (*here, player))
                except RuleViolation as v:
                    if claimed_rule == v.rule:
                        report.told.append(
                            f"line {step.where(player)[0]}: {player}: {move} is refused, as claimed "
                            f"({v.rule}: {v.message})"
                        )
                    elif claimed_rule:
                        problem(
                            step.where("illegal"),
                            v.rule,
                            f"the example says {player}: {move!r} breaks {claimed_rule}, "
                            f"but the rule it breaks is {v.rule}: {v.message}",
                            "mismatch",
                        )
                    else:
                        problem(
                            step.where(player),
                            v.rule,
                            f"illegal move {player}: {move!r}: {v.message}",
                            "illegal",
                        )
                        return report
                else:
                    report.moves += 1
                    if claimed_rule:
                        problem(
                            step.where("illegal"),
                            claimed_rule,
                            f"the example says {player}: {move!r} is illegal ({claimed_rule}), "
                            f"but the rules allow it: {event}",
                            "mismatch",
                        )
                        return report
                    report.told.append((step.where(player)[0], event))
            if "expect" in step:
                _check_claims(adapter, state, doc, step, (*here, "expect"), report)
        except InputError as e:
            problem(_where(doc, e), e.code, e.message, "input")
            return report
        except NotationError as e:
            problem(step.mark, e.rule or "INPUT-MOVE", e.message, "input")
            return report
    return report


def _claims_refusal(doc: Map) -> bool:
    return any("expect" in step and "refused" in step["expect"] for step in doc["steps"])


def _refused_claim(state: Any, value: str, path: tuple[Any, ...]) -> list[ClaimResult]:
    """``refused: RULE-ID``, a claim every game can make about its setup."""
    v = (
        state.value
        if isinstance(state, Record) and isinstance(state.value, RuleViolation)
        else None
    )
    what = (
        f"the rule that refuses this setup ({v.message})"
        if v
        else "the rule that refuses this setup (the rules allow it)"
    )
    return [compare(path, v.rule if v else value, what, value, v.rule if v else None)]


def _check_claims(
    adapter: Adapter, state: Any, doc: Map, step: Map, here: tuple[Any, ...], report: Report
) -> None:
    """The claims of ``step``'s ``expect:`` (at ``here``), each compared with the engine."""
    told = step.where("expect")[0]  # the line of each claim confirmed, in the narration
    claims, tell = adapter.CLAIMS, report.told.append
    for key, value in step["expect"].items():
        fn = _refused_claim if key == "refused" else claims.get(key)
        if fn is None:  # the schema knows every claim; this is a safety net
            raise InputError.at(
                (*here, key), "INPUT-SCHEMA", f"{key!r} is not a claim this game can check"
            )
        try:
            results = list(fn(state, value, (*here, key)))
        except RuleViolation as v:
            line, col = locate(doc, [*here, key])
            report.problems.append(
                Problem(report.path, line, col, v.rule, f"{key}: {v.message}", "mismatch")
            )
            continue
        except NotationError as e:
            raise InputError.at(
                (*here, key), e.rule or "INPUT-SCHEMA", f"{key}: {e.message}"
            ) from None
        report.claims += len(results)
        for r in results:
            if isinstance(r, Mismatch):
                line, col = locate(doc, list(r.path))
                report.problems.append(
                    Problem(
                        report.path,
                        line,
                        col,
                        r.rule,
                        f"{r.what}: the example claims {_show(r.claimed)}, the rules give {_show(r.actual)}",
                        "mismatch",
                    )
                )
            elif type(r.value) in _TOLD_LATER:
                tell((told, r))
            else:
                tell(_told(told, r))


class _Capped(list[Problem]):
    """The problems of one example, up to what the file's :class:`Budget` allows; the first
    problem past it is replaced by one line that says how the output was cut."""

    def __init__(self, budget: Budget) -> None:
        super().__init__()
        self.budget = budget

    def append(self, problem: Problem) -> None:
        if self.budget.spent:
            return
        if self.budget.problems <= 0:
            self.budget.spent = True
            problem = Problem(
                problem.path,
                problem.line,
                problem.column,
                "INPUT-LIMIT",
                f"more than {MAX_PROBLEMS} problems in this file: the checker stopped here",
                "mismatch" if problem.kind != "input" else "input",
            )
        self.budget.problems -= 1
        super().append(problem)


def _show(value: Any) -> str:
    """A value for a message, with long lists and long text cut short (saying how much).

    >>> _show(["a", None, 3, True])
    '[a, none, 3, true]'
    >>> _show(list(range(20)))
    '[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, ... and 8 more]'
    """
    if isinstance(value, list | tuple):
        shown = [_show(v) for v in value[:MAX_ITEMS]]
        if len(value) > MAX_ITEMS:
            shown.append(f"... and {len(value) - MAX_ITEMS:,} more")
        return "[" + ", ".join(shown) + "]"
    if value is None:
        return "none"
    if isinstance(value, bool):  # as the example writes it
        return "true" if value else "false"
    return clip(str(value), 100)


def shipped_examples(game: str | None = None) -> Path:
    """The folder of the worked examples that come with the course (``examples/<game>``):
    in an installed cardlib its own copy (``cardlib/data/examples``, put there when the wheel
    is built); in the repository (an editable install) its ``examples/``, the one source."""
    if game is not None:
        game = known_game(game)
    package = Path(__file__).resolve().parent
    candidates = [package / "data" / "examples"]
    if (package.parent / "pyproject.toml").is_file():  # the source tree
        candidates.insert(0, package.parent / "examples")
    candidates += [base / "examples" for base in (Path.cwd(), *Path.cwd().resolve().parents)]
    for folder in candidates:
        if folder.is_dir():
            return folder / game if game else folder
    raise FileNotFoundError("the worked examples of the course were not found")


EMPTY_PATH = "<empty path>"
"""How an empty path (``cardlib check ""``) is named in its report."""


def example_files(
    paths: Iterable[str | os.PathLike[str]],
) -> Iterator[tuple[Path, str | None]]:
    """The files to check: each path itself, or the .yaml/.yml files below a folder (in
    order); a path that cannot be looked at, and a folder below that cannot be read, come
    with what went wrong instead of None."""
    for given in paths:
        if not os.fspath(given):  # Path("") would be the current folder
            yield Path(EMPTY_PATH), "an empty path names no file: give a .yaml file or a folder"
            continue
        p = Path(given)
        if str(p) == STDIN:
            yield p, None
            continue
        try:
            is_dir = p.is_dir()
        except OSError as exc:  # a name too long, a folder the user may not enter
            yield p, f"cannot read the file: {exc.strerror or exc}"
            continue
        if not is_dir:
            yield p, None
            continue
        found: list[Path] = []
        unreadable: list[tuple[Path, str]] = []

        def failed(exc: OSError, unreadable: list[tuple[Path, str]] = unreadable) -> None:
            unreadable.append((Path(exc.filename), exc.strerror or str(exc)))

        for folder, subfolders, files in os.walk(p, onerror=failed):
            subfolders.sort()
            found.extend(Path(folder, f) for f in files if f.endswith((".yaml", ".yml")))
        found.sort()
        for bad, why in unreadable:
            yield bad, f"cannot read the folder ({why}): its worked examples were not checked"
        if not found and not unreadable:
            yield p, f"no worked examples (.yaml files) under {p}"
        for q in found:
            yield q, None


#: the youngest generation's collection threshold while checking (Python's default is 700)
_GEN0_WHILE_CHECKING = 50_000


@contextmanager
def _fewer_collections() -> Iterator[None]:
    """Run the cycle collector less often while checking, as mypy does while it builds.

    Reading a file makes tens of thousands of small objects that stay alive until the file
    is checked (events, marks, the document, the engine's state, the narration), so at
    Python's default threshold the collector runs several times a file and frees next to
    nothing (about 5% of the checker's time, measured in alternating rounds).  Cycles are
    still collected, every 50,000 allocations; the thresholds come back when checking ends,
    on an error too.
    """
    old = gc.get_threshold()
    if old[0] == 0 or old[0] >= _GEN0_WHILE_CHECKING:  # collection off, or already rare
        yield
        return
    gc.set_threshold(_GEN0_WHILE_CHECKING, *old[1:])
    try:
        yield
    finally:
        gc.set_threshold(*old)


def check_paths(paths: Iterable[Path | str], *, stdin_name: str | None = None) -> list[Report]:
    """Check every worked example in the files and folders given (``-``: standard input,
    reported as ``stdin_name`` if given, else ``<stdin>``)."""
    given = arguments.paths(paths)
    stdin_name = arguments.optional_text(stdin_name, "stdin_name")
    reports: list[Report] = []
    with _fewer_collections():
        for path, missing in example_files(given):
            if missing:
                r = Report(str(path), str(path))
                r.problems.append(Problem(str(path), 1, 1, "INPUT-FILE", missing, "input"))
                reports.append(r)
            else:
                display = stdin_name if stdin_name and str(path) == STDIN else None
                reports.extend(check_file(path, display=display))
    return reports


def exit_status(reports: Sequence[Report]) -> int:
    _reports(reports)
    if any(p.kind == "internal" for r in reports for p in r.problems):
        return EXIT_INTERNAL
    if any(r.invalid for r in reports):
        return EXIT_INVALID
    return EXIT_FAILED if any(not r.passed for r in reports) else EXIT_OK


def _reports(reports: object) -> Sequence[Report]:
    """``reports`` if it is a list of the checker's reports (what :func:`check_paths` gives)."""
    for r in arguments.sequence(reports, "reports"):
        arguments.instance(r, Report, "each of reports")
    return reports  # type: ignore[return-value]


def summary(reports: Sequence[Report]) -> str:
    """The checker's last line: how many examples passed, failed and were invalid."""
    _reports(reports)
    files = len({r.path for r in reports})
    passed = sum(r.passed for r in reports)
    invalid = sum(r.invalid for r in reports)
    failed = len(reports) - passed - invalid
    claims = sum(r.claims for r in reports)
    return (
        f"{len(reports)} example{'s' * (len(reports) != 1)} in {files} file{'s' * (files != 1)}: "
        f"{passed} passed, {failed} failed, {invalid} invalid ({claims} claims checked)"
    )


def verify(path: Path | str) -> list[Report]:
    """Check a file and raise on its first problem: :class:`ExampleMismatch` for a wrong claim,
    :class:`RuleViolation` for an illegal move, :class:`NotationError` for invalid input.
    Handy in a notebook or a test: ``verify("my-example.yaml")``."""
    arguments.path(path)
    reports = check_file(path)
    for report in reports:
        for p in report.problems:
            where = f"{p.path}:{p.line}:{p.column}"
            if p.kind == "mismatch":
                raise ExampleMismatch(p.rule, where, p.message)
            if p.kind == "illegal":
                raise RuleViolation(p.rule, f"{where}: {p.message}")
            raise NotationError(f"{where}: {p.message}", rule=p.rule)
    return reports


def narrate(path: Path | str) -> str:
    """The checker's step-by-step narration of a file, as ``cardlib check -v`` prints it."""
    arguments.path(path)
    lines: list[str] = []
    for r in check_file(path):
        lines.append(f"{r.title} ({r.path})")
        lines.extend(f"  {n}" for n in r.narration)
        lines.extend(f"  {p}" for p in r.problems)
        lines.append("  passed" if r.passed else "  FAILED")
    return "\n".join(lines)


#: what a notebook, a script or a test calls; the checker's machinery (``Problem``,
#: ``Report``, ``check_document``, ``play_step``, ``exit_status``) is imported by name by
#: the command line and the exporter, and is not promised to users
__all__ = [
    "CardlibError",
    "Confirmed",
    "Mismatch",
    "check_file",
    "check_paths",
    "narrate",
    "shipped_examples",
    "summary",
    "verify",
]
