"""Every public call either works or refuses with cardlib's own error, and a refused call
changes nothing (issue 19).

The test walks every public name that cardlib and its game packages export (``__all__``):
each function and class is called, and each public method of a few objects in play, with
arguments drawn from plausible values and from wrong ones (``None``, the wrong type, huge,
empty, negative, junk text).  A call may return, or raise a :class:`CardlibError`; any other
exception is a failure, and so is a method that raises and has changed its object (compared
by its pickled state before and after).  The draws are seeded, so a failure reproduces.
"""

from __future__ import annotations

import enum
import inspect
import pickle
import random
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import Any

import pytest

import cardlib
import cardlib.check
import cardlib.examples
import cardlib.exercises
import cardlib.export
import cardlib.gofish
import cardlib.golf
import cardlib.rook
import cardlib.simulate
from cardlib.errors import CardlibError
from cardlib.exercises import grading, students

# the widgets need ipywidgets, which the test venv has
pytest.importorskip("ipywidgets")
import cardlib.widgets

PACKAGES = [
    cardlib,
    cardlib.golf,
    cardlib.gofish,
    cardlib.rook,
    cardlib.exercises,
    cardlib.simulate,
    cardlib.export,
    cardlib.check,
    cardlib.widgets,
    cardlib.examples,
    cardlib.games,
]

#: the worked examples that come with the course (a call given a relative path runs in a
#: fresh folder, so that whatever it writes is thrown away)
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

#: values no parameter of cardlib expects
WRONG: list[Any] = [
    None,
    0,
    -1,
    10**30,
    1.5,
    float("nan"),
    True,
    "",
    "x",
    "8",
    "8H 9H",
    "North",
    "\ud800",  # no text: a lone surrogate, from a JSON escape or a decoding error
    b"8H",
    [],
    [0, 1],
    ["8H", 8],
    (),
    {},
    {"a": 1},
    {"North": "x"},
    {"NS": "1e3"},
    object(),
    range(3),
]

#: a plausible value for a parameter by its name, so that the other parameters are reached
PLAUSIBLE: dict[str, list[Any]] = {
    "players": [["Ann", "Ben", "Cy"], ("North", "East", "South", "West")],
    "seed": [1, "s"],
    "card": ["8H", "R5"],
    "cards": [["8H", "8C"], ["R5", "R10"]],
    "text": ["8H", "ask Ben 8", "bid 70", "flip TL", "R5 R10"],
    "texts": [["8H", "9C"]],
    "move": ["draw", "flip TL", "ask Ben 8", "bid 70", "pass"],
    "player": ["Ann", "North"],
    "name": ["Ann", "golf"],
    "scores": [{"A": 1, "B": 2}],
    "rule_set": ["pagat", "tournament-1988"],
    "game": ["golf", "go-fish", "rook"],
    "players_count": [3],
    "n": [3],
    "top": ["8H"],
    "bottom": ["8C"],
    "trump": ["green", "red"],
    "colour": ["green"],
    "game_id": ["golf", "go-fish", "rook"],
    "path": [str(EXAMPLES / "golf" / "face-down-swap.yaml"), "no-such-file.yaml"],
    "paths": [[str(EXAMPLES / "golf" / "face-down-swap.yaml")], [EXAMPLES / "rook"]],
    "exercise_id": ["golf-1", "rook-4"],
    "id": ["golf-1", "gofish-1"],
    "you": ["Learner", "South", "East"],
    "seat": ["East", "North"],
    "opponents": [["Bot"], ("Bot 1", "Bot 2")],
    "scenario": [None],
    "hand": [None],
    "fmt": ["csv", "jsonl"],
    "raw": [b"game: golf\n", b"{"],
}


def public_names() -> Iterator[tuple[str, Any]]:
    """Every exported function and class, and each class's public class and static methods
    (``from_position``, ``parse``).  An enumeration's own call is Python's lookup by value
    (``Rank(5)``) and its functional API, not cardlib's: its ``parse`` is what reads notation.
    A protocol (``ExportPolicy``) is a type to satisfy, never called."""
    seen: set[int] = set()
    for package in PACKAGES:
        for name in package.__all__:
            obj = getattr(package, name)
            if id(obj) in seen or not (inspect.isclass(obj) or inspect.isfunction(obj)):
                continue
            seen.add(id(obj))
            if getattr(obj, "_is_protocol", False):
                continue
            if not (inspect.isclass(obj) and issubclass(obj, enum.Enum)):
                yield f"{package.__name__}.{name}", obj
            if inspect.isclass(obj):
                for attr, member in vars(obj).items():
                    if not attr.startswith("_") and isinstance(member, classmethod | staticmethod):
                        yield f"{package.__name__}.{name}.{attr}", getattr(obj, attr)


def objects_in_play() -> Iterator[tuple[str, Callable[[], Any]]]:
    """Fresh objects whose methods are called, each made anew for every call."""

    def golf() -> Any:
        game = cardlib.golf.GolfGame(["Ann", "Ben", "Cy"], seed=3)
        for move in ("flip TL", "flip TM"):
            game.play(move)
        return game

    def gofish() -> Any:
        return cardlib.gofish.GoFishGame(["Ann", "Ben", "Cy"], seed=3)

    def rook_hand() -> Any:
        return cardlib.rook.RookHand(seed=3)

    def rook_game() -> Any:
        return cardlib.rook.RookGame(seed=3)

    def match() -> Any:
        m = cardlib.golf.GolfMatch(["A", "B"])
        m.record({"A": 1, "B": 2})
        return m

    yield "GolfGame", golf
    yield "GoFishGame", gofish
    yield "RookHand", rook_hand
    yield "RookGame", rook_game
    yield "GolfMatch", match


def _argument(rng: random.Random, param: inspect.Parameter) -> Any:
    plausible = PLAUSIBLE.get(param.name)
    if plausible and rng.random() < 0.5:
        return rng.choice(plausible)
    return rng.choice(WRONG)


def _calls(fn: Callable[..., Any], rng: random.Random, rounds: int) -> Iterator[tuple[tuple, dict]]:
    try:
        signature = inspect.signature(fn)
    except (TypeError, ValueError):
        return
    params = [
        p
        for p in signature.parameters.values()
        if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD) and p.name != "self"
    ]
    for _ in range(rounds):
        args: list[Any] = []
        kwargs: dict[str, Any] = {}
        for p in params:
            required = p.default is p.empty
            if not required and rng.random() < 0.5:
                continue
            value = _argument(rng, p)
            if p.kind is p.KEYWORD_ONLY or (not required and rng.random() < 0.5):
                kwargs[p.name] = value
            elif not kwargs:
                args.append(value)
            else:
                kwargs[p.name] = value
        yield tuple(args), kwargs


def _outcome(fn: Callable[..., Any], args: tuple, kwargs: dict) -> BaseException | None:
    try:
        result = fn(*args, **kwargs)
        if inspect.isgenerator(result):
            list(result)
    except CardlibError:
        return None
    except RecursionError as e:  # pragma: no cover - reported like any other
        return e
    except Exception as e:
        return e
    return None


def _show(args: tuple, kwargs: dict) -> str:
    text = ", ".join([*map(repr, args), *(f"{k}={v!r}" for k, v in kwargs.items())])
    return text if len(text) < 120 else text[:117] + "..."


#: calls that take a tenth of a second or more when they work (a widget is built, every
#: worked example of a game is checked) are drawn fewer times, to keep the walk fast
FEWER_ROUNDS = {
    "cardlib.widgets.": 40,
    "cardlib.exercises.ReplayTable": 25,
    "cardlib.exercises.replay_table": 25,
    "cardlib.check.check_paths": 60,
}

FUNCTIONS = list(public_names())


@pytest.mark.parametrize(("name", "fn"), FUNCTIONS, ids=[n for n, _ in FUNCTIONS])
def test_a_public_function_works_or_refuses_in_cardlibs_words(
    name: str, fn: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # a call that saves writes here
    # the exercises remember who the student is and how often each was answered wrong
    monkeypatch.setattr(students, "_set", students._set)
    monkeypatch.setattr(grading, "_wrong_answers", dict(grading._wrong_answers))
    rng = random.Random(name)
    failures: dict[str, str] = {}
    rounds = next((n for prefix, n in FEWER_ROUNDS.items() if name.startswith(prefix)), 150)
    for args, kwargs in _calls(fn, rng, rounds):
        error = _outcome(fn, args, kwargs)
        if error is not None:
            failures.setdefault(type(error).__name__, f"{name}({_show(args, kwargs)}): {error!r}")
    assert not failures, "\n".join(failures.values())


def _methods(obj: Any) -> list[str]:
    return [
        n
        for n, member in inspect.getmembers(type(obj))
        if not n.startswith("_") and (inspect.isfunction(member) or inspect.ismethod(member))
    ]


#: the deprecated old names of public methods, kept for notebooks written before them: each
#: still works and warns that it is deprecated (``GoFishGame.deciding_rule``, now
#: ``legal_rule_for``)
DEPRECATED = {"deciding_rule"}


def _calling(method: str) -> AbstractContextManager[object]:
    """Where the walk calls ``method``: a deprecated name must warn, every call (so the
    warning is expected, and a full run prints none); any other is called as it is."""
    if method in DEPRECATED:
        return pytest.warns(DeprecationWarning, match="is deprecated")
    return nullcontext()


@pytest.mark.parametrize(
    ("kind", "make"), list(objects_in_play()), ids=[k for k, _ in objects_in_play()]
)
def test_a_method_works_or_refuses_and_a_refusal_changes_nothing(kind: str, make: Any) -> None:
    rng = random.Random(kind)
    failures: dict[str, str] = {}
    for method in _methods(make()):
        for args, kwargs in _calls(getattr(make(), method), rng, 60):
            obj = make()
            before = pickle.dumps(obj)
            with _calling(method):
                try:
                    getattr(obj, method)(*args, **kwargs)
                except CardlibError:
                    if pickle.dumps(obj) != before:
                        failures.setdefault(
                            f"{method} changed",
                            f"{kind}.{method}({_show(args, kwargs)}) refused and changed the object",
                        )
                except Exception as e:
                    failures.setdefault(
                        f"{method} {type(e).__name__}",
                        f"{kind}.{method}({_show(args, kwargs)}): {e!r}",
                    )
    assert not failures, "\n".join(failures.values())
