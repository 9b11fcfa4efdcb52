"""The course's exercises and the feedback on an answer.

``check("golf-1", answer)`` is all a notebook cell calls.  The feedback comes in four
kinds, in this order:

* **unanswered**: the answer is still the placeholder (``None``, an empty list, a widget
  where it started, a YAML template with ``???`` in it); nothing is counted;
* **form**: the answer is not of the form the exercise asks for (text where a number is
  asked, a list where a table is asked, a rule ID that does not exist); the message says
  which form, plainly, and no rule hint is given, since the rules are not the problem;
* **wrong**: the form is right and the answer is not; it says which part is wrong (an
  entry of a dictionary, a value of a tuple, a claim of an example), never the right
  value, and each further wrong answer opens the next step of the hints: a nudge, then
  the text of the rule from the catalogue (without rule IDs when the answer is made of
  them), then where in the notebook to look;
* **right**: the answer is right, and the message explains why, from the engine.

The right answers are computed by the engines when an answer is checked; they are not
written in this module or in the notebooks, and nothing public here hands one out
(``EXERCISES`` lists every exercise with its kind, rules and place, for the teacher's
guide, and holds no way to its answer).  ``grade(id, answer)`` is the same check without
messages or hint steps (the notebooks' hidden autograder tests call it), and
``feedback(id, answer)`` the message of a first try (what a failed test says).

A widget exercise is answered by playing in ``widget(id)``; beside a notebook every click
saves the moves to the exercise's answer file, which a fresh ``widget(id)`` replays (see
:func:`widget`): that file, handed in with the notebook, is what nbgrader grades.

Importing this module imports neither IPython nor ipywidgets; a widget exercise reads the
widget's game state through its attributes.
"""

from __future__ import annotations

import json
import re
import tempfile
import weakref
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any, cast

from cardlib.catalogue import rules
from cardlib.errors import CardlibError, RuleViolation

KINDS = ("compute", "classify", "predict", "widget", "yaml")
LEGAL = "legal"


class FormError(Exception):
    """The answer is not of the form the exercise asks for (the message says which)."""


class Unanswered(Exception):
    """The answer is still the placeholder."""


@dataclass(frozen=True)
class Feedback:
    """What ``check`` says about one answer: its kind, the message and the hint step."""

    exercise: str
    kind: str  # "unanswered" | "form" | "wrong" | "right"
    message: str
    hint_step: int = 0

    @property
    def correct(self) -> bool:
        return self.kind == "right"

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:  # what a notebook shows: the message itself
        return self.message


@dataclass(frozen=True)
class Exercise:
    """One exercise as a learner and a teacher see it: what it asks, the form of an answer,
    its rules and where the notebook teaches them.

    It holds no way to an answer: how an answer is read, the right answer and why it is
    right are kept by this module alone (see :func:`check`), so that nothing public in a
    learner's install hands out an answer.  ``parts`` names the values of a tuple answer,
    so that feedback can say which part is wrong.
    """

    id: str
    kind: str
    question: str
    form: str
    rules: tuple[str, ...]
    where: str
    nudge: str
    parts: tuple[str, ...] = ()

    @property
    def notebook(self) -> str:
        prefix = self.id.rsplit("-", 1)[0]
        return {"sh": "start-here", "gf": "go-fish"}.get(prefix, prefix) + ".ipynb"

    @property
    def answer_file(self) -> str | None:
        """Where a widget exercise saves the learner's moves, beside the notebook (this
        file is what is graded, with the notebook); None for the other kinds."""
        return f"{self.id}.answer.json" if self.kind == "widget" else None


@dataclass(frozen=True)
class _Key:
    """How one exercise is marked (private: the right answer is computed here).

    ``read`` turns an answer into its normal form (raising :class:`Unanswered` or
    :class:`FormError`); ``solve`` computes the right answer from the engine; ``why``
    explains a right answer; ``differences`` (optional) says, for a wrong answer of the
    right form, which parts are wrong, without giving the right ones.
    """

    read: Callable[[Any], Any]
    solve: Callable[[], Any]
    why: Callable[[Any], str]
    same: Callable[[Any, Any], bool] = lambda answer, right: answer == right
    differences: Callable[[Any, Any], str] | None = None


EXERCISES: dict[str, Exercise] = {}
_KEYS: dict[str, _Key] = {}
_wrong_answers: dict[str, int] = {}
_PUBLIC = {f.name for f in fields(Exercise)}


def _define(**spec: Any) -> Exercise:
    """Register an exercise: its public fields (:class:`Exercise`) and its key (:class:`_Key`)."""
    public = Exercise(**{k: v for k, v in spec.items() if k in _PUBLIC})
    assert public.kind in KINDS and public.id not in EXERCISES, public.id
    EXERCISES[public.id] = public
    _KEYS[public.id] = _Key(**{k: v for k, v in spec.items() if k not in _PUBLIC})
    return public


def _lookup(exercise_id: str) -> Exercise:
    try:
        return EXERCISES[exercise_id]
    except KeyError:
        known = ", ".join(EXERCISES)
        raise KeyError(f"{exercise_id!r} is not an exercise; the exercises are {known}") from None


def grade(exercise_id: str, answer: Any) -> bool:
    """True if ``answer`` is right (no message, no hint step): for autograder tests."""
    e = _lookup(exercise_id)
    key = _KEYS[e.id]
    try:
        _placeholder(answer)
        return key.same(key.read(answer), key.solve())
    except (Unanswered, FormError):
        return False


def check(exercise_id: str, answer: Any) -> Feedback:
    """The feedback on ``answer`` to exercise ``exercise_id`` (see the module's doc); each
    wrong answer in a row opens the next hint."""
    said = _feedback(_lookup(exercise_id), answer, lambda e: _wrong_answers.get(e, 0) + 1)
    if said.kind == "right":
        _wrong_answers.pop(said.exercise, None)
    elif said.kind == "wrong":
        _wrong_answers[said.exercise] = said.hint_step
    return said


def feedback(exercise_id: str, answer: Any) -> str:
    """What :func:`check` says about ``answer`` at its first hint, without counting it as a
    try: the message an autograder test carries when it fails."""
    return _feedback(_lookup(exercise_id), answer, lambda _e: 1).message


_RULE_ID = re.compile(r"\b[A-Z]+(?:-[A-Z0-9]+)+\b")


def _feedback(e: Exercise, answer: Any, step_of: Callable[[str], int]) -> Feedback:
    key = _KEYS[e.id]
    try:
        _placeholder(answer)
        value = key.read(answer)
    except Unanswered as why:
        return Feedback(
            e.id, "unanswered", f"{e.id}: not answered yet. {why}{_saved(e, answer, played=False)}"
        )
    except FormError as why:
        text = str(why)
        return Feedback(
            e.id,
            "form",
            f"{e.id}: the answer is not in the form asked for. {text[:1].upper()}{text[1:]} "
            f"Expected {e.form}.",
        )
    right = key.solve()
    if key.same(value, right):
        return Feedback(e.id, "right", f"{e.id}: right. {key.why(right)}{_saved(e, answer)}")
    step = min(step_of(e.id), 3)
    lines = [f"{e.id}: not yet."]
    if key.differences is not None:
        lines[0] += " " + key.differences(value, right)
    elif e.parts and isinstance(right, tuple):
        lines[0] += " " + _wrong_parts(e.parts, value, right)
    lines.append(f"Hint 1 of 3: {e.nudge}")
    if step >= 2:
        lines.append("Hint 2 of 3, the rule: " + " ".join(_rule_hint(e, r, right) for r in e.rules))
    if step >= 3:
        lines.append(f"Hint 3 of 3: look again at {e.where}.")
    else:
        lines.append("Answer again for the next hint.")
    return Feedback(e.id, "wrong", "\n".join(lines), step)


def _rule_hint(e: Exercise, rule_id: str, right: Any) -> str:
    """The rule's text; without its ID (nor any other) when the answer is made of rule IDs,
    so that the hint never names the answer."""
    rule = rules[rule_id]
    if not _RULE_ID.search(str(right)):
        return str(rule)
    return _RULE_ID.sub("another rule", f"A rule ({rule.title}): {rule.text}")


_ORDINALS = ("first", "second", "third", "fourth")


def _wrong_parts(parts: Sequence[str], value: Sequence[Any], right: Sequence[Any]) -> str:
    """Which values of a tuple answer are right and which to look at again (not the right ones)."""
    said = [
        f"the {_ORDINALS[i]} value ({what}) is {'right' if v == r else 'not'}"
        for i, (what, v, r) in enumerate(zip(parts, value, right, strict=True))
    ]
    text = "; ".join(said) + "."
    return text[:1].upper() + text[1:]


def reset_hints(exercise_id: str | None = None) -> None:
    """Start the hint steps again (for one exercise, or for all)."""
    if exercise_id is None:
        _wrong_answers.clear()
    else:
        _wrong_answers.pop(exercise_id, None)


# --------------------------------------------------------------------------- widgets


class AnswerFileProblem(ValueError):
    """A saved answer file that does not replay (the message says why, in words)."""


def widget(exercise_id: str, *, save: bool = True) -> Any:
    """The widget of a widget exercise, where the exercise says it starts, or where the
    learner left it.

    Beside a notebook (the kernel's folder holds an ``.ipynb``, as in JupyterLab, nbval
    and nbgrader's autograde), every click saves the learner's moves to the exercise's
    answer file (``golf-4.answer.json``: the six cards; ``gf-4`` and ``rook-5``: the moves
    in order), and a fresh widget replays that file through the engine: so the answer
    played survives a restarted kernel, and nbgrader, which re-executes the notebook,
    grades the answer that was played.  A file that does not replay is refused in words
    (printed) and the widget starts afresh.  ``save=False`` neither reads nor writes a file
    (the teacher's solution, scripts).  The widget carries the CSS class
    ``cardlib-exercise`` (to tell it from the notebook's other widgets of the same kind).
    """
    e = _lookup(exercise_id)
    if e.kind != "widget":
        raise ValueError(f"{exercise_id} is a {e.kind} exercise, not a widget exercise")
    made = _fresh_widget(e.id)
    path = Path(str(e.answer_file))
    if save and any(Path.cwd().glob("*.ipynb")):
        path = Path.cwd() / path
        if path.exists():
            try:
                made = _replayed(e.id, path)
            except AnswerFileProblem as why:
                print(
                    f"{path.name} is not replayed: {why} The widget starts where the exercise "
                    "starts; your next click in it saves your moves again."
                )
                made = _fresh_widget(e.id)
        saving = made
        made.on_change(lambda: _save(e.id, saving, path))
        _answer_files[made] = path
    made.add_class("cardlib-exercise")
    return made


#: a saving widget -> its answer file (what check() tells the learner to hand in)
_answer_files: weakref.WeakKeyDictionary[Any, Path] = weakref.WeakKeyDictionary()


def _saved(e: Exercise, answer: Any, *, played: bool = True) -> str:
    """What a widget exercise's feedback adds: where the moves are saved (what is graded)."""
    if e.kind != "widget" or not hasattr(answer, "add_class"):
        return ""
    path = _answer_files.get(answer)
    if path is None:
        return (
            " This widget saves nothing (no notebook in this folder, or save=False): an answer "
            f"counts when it is played in a widget that saves {e.answer_file} beside the notebook."
        )
    if not played:
        return (
            f" Each click in the widget saves your moves in {path.name}, beside the notebook; "
            "hand it in with the notebook, as it is what is graded."
        )
    return (
        f" Your moves are saved in {path.name}, beside the notebook: hand it in with the "
        "notebook, as it is what is graded."
    )


def _fresh_widget(exercise_id: str) -> Any:
    if exercise_id == "golf-4":
        from cardlib.golf.widgets import LayoutScorer

        return LayoutScorer(_SCORER_START)
    if exercise_id == "gf-4":
        from cardlib.gofish.widgets import AskSandbox

        return AskSandbox()
    from cardlib.rook.widgets import BiddingPanel

    return BiddingPanel()


def _answer_state(exercise_id: str, made: Any) -> dict[str, Any] | None:
    """What the answer file keeps of the widget (None: nothing to keep, a place left empty)."""
    if exercise_id == "golf-4":
        cards = [picker.value for picker in made.pickers]
        return None if None in cards else {"exercise": exercise_id, "cards": cards}
    state: dict[str, Any] = {"exercise": exercise_id}
    if exercise_id == "gf-4":
        state["rule_set"] = made.rule_set.value
    state["moves"] = [
        {"player": s.player, "move": s.move} for s in made.session.steps if s.by_learner
    ]
    return state


def _save(exercise_id: str, made: Any, path: Path) -> None:
    state = _answer_state(exercise_id, made)
    if state is not None:
        path.write_text(json.dumps(state, indent=1) + "\n", encoding="utf-8")


def _replayed(exercise_id: str, path: Path) -> Any:
    """A fresh widget with the moves of ``path`` replayed through the engine, or
    :class:`AnswerFileProblem` saying why they do not replay."""
    try:
        state = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as why:
        raise AnswerFileProblem(f"it cannot be read as an answer file ({why}).") from None
    if not isinstance(state, dict) or state.get("exercise") != exercise_id:
        raise AnswerFileProblem(f"it is not the answer file of exercise {exercise_id}.")
    if exercise_id == "golf-4":
        return _replayed_layout(state.get("cards"))
    made = _fresh_widget(exercise_id)
    if exercise_id == "gf-4":
        rule_set = state.get("rule_set")
        if rule_set not in made.rule_set.options:
            raise AnswerFileProblem(f"{rule_set!r} is not a rule set of the sandbox.")
        made.rule_set.value = rule_set
    moves = state.get("moves")
    if not isinstance(moves, list):
        raise AnswerFileProblem("it holds no list of moves.")
    for number, step in enumerate(moves, 1):
        if not isinstance(step, dict) or not isinstance(step.get("move"), str):
            raise AnswerFileProblem(f"move {number} is not a move.")
        mover = made.session.mover
        if step.get("player") != mover:
            raise AnswerFileProblem(
                f"move {number} is {step.get('player')}'s, but it is {mover}'s turn there."
            )
        if not _replay_move(exercise_id, made, step["move"]):
            refused = made.session.refusal or made.session.problem or "it is refused"
            raise AnswerFileProblem(f"move {number}, {step['move']!r}, does not replay: {refused}")
    return made


def _replayed_layout(cards: Any) -> Any:
    from cardlib.cards import Card

    if not isinstance(cards, list) or len(cards) != 6:
        raise AnswerFileProblem("it does not hold the six cards of a layout.")
    try:
        parsed = [str(Card.parse(c)) for c in cards]
    except (CardlibError, TypeError, AttributeError):
        raise AnswerFileProblem(f"{cards!r} are not six cards.") from None
    from cardlib.golf.widgets import LayoutScorer

    return LayoutScorer(parsed)


def _replay_move(exercise_id: str, made: Any, move: str) -> bool:
    if exercise_id == "rook-5":
        return bool(made.play(move))
    words = move.split()
    try:
        if len(words) != 3 or words[0] != "ask":
            raise ValueError(move)
        made.target.value, made.what.value = words[1], words[2]
    except Exception:  # a value the dropdowns do not offer (traitlets' TraitError)
        raise AnswerFileProblem(f"{move!r} is not a request the sandbox can make.") from None
    return bool(made.ask())


class ReplayTable:
    """The worked examples of one game, checked: example, what it shows, claims, result."""

    def __init__(self, game: str) -> None:
        from cardlib.check import check_paths, shipped_examples

        self.game = game
        self.reports = check_paths([shipped_examples(game)])
        self.rows = [
            (
                Path(r.path).stem
                + (
                    f" #{i}"
                    if sum(Path(o.path).stem == Path(r.path).stem for o in self.reports) > 1
                    else ""
                ),
                r.title,
                r.claims,
                "passed" if r.passed else f"{len(r.problems)} problem(s)",
            )
            for i, r in _numbered(self.reports)
        ]

    @property
    def passed(self) -> bool:
        return all(r.passed for r in self.reports)

    def __repr__(self) -> str:
        width = max(len(row[0]) for row in self.rows)
        lines = [f"{'example':<{width}}  claims  result  what it shows"]
        lines += [f"{a:<{width}}  {c:>6}  {d:<6}  {b}" for a, b, c, d in self.rows]
        total = sum(row[2] for row in self.rows)
        lines.append(f"{len(self.rows)} examples, {total} claims checked")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        import html

        body = "".join(
            f"<tr><td><code>{html.escape(a)}</code></td><td>{html.escape(b)}</td>"
            f"<td style='text-align:right'>{c}</td><td>{html.escape(d)}</td></tr>"
            for a, b, c, d in self.rows
        )
        return (
            "<table class='cardlib-replays'><thead><tr><th>example</th><th>what it shows</th>"
            f"<th>claims checked</th><th>result</th></tr></thead><tbody>{body}</tbody></table>"
        )


def _numbered(reports: Sequence[Any]) -> list[tuple[int, Any]]:
    seen: dict[str, int] = {}
    out = []
    for r in reports:
        seen[r.path] = seen.get(r.path, 0) + 1
        out.append((seen[r.path], r))
    return out


def replay_table(game: str) -> ReplayTable:
    """Every worked example of ``game`` replayed by the checker, as a compact table."""
    return ReplayTable(game)


# --------------------------------------------------------------------------- forms


def _type_name(value: Any) -> str:
    return {
        str: "text",
        int: "a whole number",
        bool: "True or False",
        float: "a decimal number",
    }.get(type(value), f"a {type(value).__name__}")


def _placeholder(value: Any) -> None:
    if value is None or value is ... or (isinstance(value, Sized) and not len(value)):
        raise Unanswered("Replace the placeholder with your answer and run the cell again.")


Sized = (str, list, tuple, dict, set)


def as_int(value: Any, what: str = "the answer") -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, str) and value.strip().lstrip("+-−").isdigit():
            raise FormError(f"{what} is text, {value!r}; write the number without quotes.")
        raise FormError(f"{what} is {_type_name(value)}, {value!r}, not a whole number.")
    return value


def as_bool(value: Any, what: str = "the answer") -> bool:
    if not isinstance(value, bool):
        hint = " (without quotes)" if isinstance(value, str) else ""
        raise FormError(f"{what} is {_type_name(value)}, {value!r}; write True or False{hint}.")
    return value


def as_name(value: Any, names: Sequence[str], what: str = "the answer") -> str:
    if not isinstance(value, str):
        raise FormError(f"{what} is {_type_name(value)}, {value!r}, not a name in quotes.")
    if value not in names:
        raise FormError(f"{what} is {value!r}, which is not one of {', '.join(names)}.")
    return value


def as_rule(value: Any, what: str = "the answer") -> str:
    if not isinstance(value, str):
        raise FormError(f"{what} is {_type_name(value)}, {value!r}, not a rule ID in quotes.")
    text = value.strip().upper()
    if text not in rules:
        raise FormError(
            f"{what} is {value!r}, which is not a rule ID (they look like GOLF-COLUMN)."
        )
    return text


def as_tuple(value: Any, *parts: Callable[[Any], Any]) -> tuple[Any, ...]:
    _placeholder(value)
    if not isinstance(value, tuple | list) or len(value) != len(parts):
        raise FormError(f"the answer is {_type_name(value)}, {value!r}, not {len(parts)} values.")
    if any(v is None for v in value):
        raise Unanswered("Some of the values are still None.")
    return tuple(read(v) for read, v in zip(parts, value, strict=True))


def as_table(value: Any, keys: Sequence[str], read: Callable[[Any, str], Any]) -> dict[str, Any]:
    _placeholder(value)
    if not isinstance(value, Mapping):
        raise FormError(f"the answer is {_type_name(value)}, {value!r}, not a dictionary {{...}}.")
    if any(v is None or v == "" for v in value.values()):
        raise Unanswered("Some of the entries are still None.")
    missing = [k for k in keys if k not in value]
    extra = [k for k in value if k not in keys]
    if missing or extra:
        parts = ([f"missing {', '.join(map(repr, missing))}"] if missing else []) + (
            [f"not asked about: {', '.join(map(repr, extra))}"] if extra else []
        )
        raise FormError(f"the dictionary's keys are not the ones asked for ({'; '.join(parts)}).")
    return {k: read(value[k], f"the entry for {k!r}") for k in keys}


def legal_or_rule(value: Any, what: str) -> str:
    if isinstance(value, str) and value.strip().lower() == LEGAL:
        return LEGAL
    try:
        return as_rule(value, what)
    except FormError:
        raise FormError(
            f"{what} is {value!r}; write 'legal', or the ID of the rule that refuses the move."
        ) from None


def _wrong_keys(answer: Mapping[str, Any], right: Mapping[str, Any]) -> str:
    wrong = [k for k in right if answer[k] != right[k]]
    return f"{len(right) - len(wrong)} of {len(right)} right; look again at {', '.join(wrong)}."


def classify(game: Any, moves: Sequence[str]) -> dict[str, str]:
    """For each move: ``'legal'``, or the ID of the rule that refuses it (asked of the engine)."""
    verdicts = {}
    for move in moves:
        try:
            game.copy().play(move)
            verdicts[move] = LEGAL
        except RuleViolation as refusal:
            verdicts[move] = refusal.rule
    return verdicts


def _sorted_cards(value: Any, what: str = "the answer") -> tuple[str, ...]:
    from cardlib.rook.cards import RookCard

    _placeholder(value)
    if isinstance(value, str) or not isinstance(value, list | tuple | set):
        raise FormError(f"{what} is {_type_name(value)}, {value!r}, not a list of cards.")
    cards = []
    for item in value:
        try:
            cards.append(str(RookCard.parse(item)))
        except (CardlibError, TypeError, AttributeError):
            raise FormError(
                f"{item!r} is not a Rook card (write them like 'R6' or 'Rook')."
            ) from None
    return tuple(sorted(cards))


# --------------------------------------------------------------------------- start here

_STOCK_CLAIM = """\
example: A three-player start, with a stock miscounted
source: an exercise of the course (start-here.ipynb)
game: golf
players: [Ann, Ben, Cy]
dealer: Cy
setup:
  deal: {seed: 2026}
steps:
  - expect: {stock: 34}
"""


def _check_text(text: str, name: str = "my-example.yaml") -> list[Any]:
    from cardlib.check import check_file

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / name
        path.write_text(text, encoding="utf-8")
        return check_file(path, display=name)


def _first_problem(text: str) -> Any:
    return next(p for r in _check_text(text) for p in r.problems)


def _where_said(problem: Any) -> str:
    """A problem of the checker without a file name: the learner never made the file."""
    return f"line {problem.line}, column {problem.column}: {problem.rule} {problem.message}"


_define(
    id="sh-1",
    kind="predict",
    question="A rule writer claims a three-player golf deal leaves 34 cards in the stock. "
    "Which rule ID does the checker name?",
    form="a rule ID in quotes, such as 'GOLF-DECK'",
    rules=("GOLF-DEAL",),
    where="'The rule catalogue' and 'Checking your own worked example' in start-here.ipynb",
    nudge="The checker names the rule that computes the number the claim is about. "
    "Which rule says how many cards the stock keeps after the deal?",
    read=as_rule,
    solve=lambda: _first_problem(_STOCK_CLAIM).rule,
    why=lambda _right: "The checker says, at " + _where_said(_first_problem(_STOCK_CLAIM)) + ".",
)

_SH2_TEMPLATE_MARK = "???"
_SH2_LAYOUT = {"TL": "5H", "TM": "KS", "TR": "2C", "BL": "5C", "BM": "QD", "BR": "2D"}


def _as_layout(layout: Any) -> dict[str, str] | None:
    """A layout of the example in the course's notation, whichever notation the checker
    accepted (``5H``, ``5h``, ``5♥``, ``♥5``, ``down 5H``, ``tl``); None if it is none."""
    from cardlib.cards import Card
    from cardlib.golf import Position

    if not isinstance(layout, Mapping):
        return None
    try:
        return {
            str(Position.parse(pos)): str(Card.parse(str(text).split()[-1]))
            for pos, text in layout.items()
        }
    except (CardlibError, IndexError, TypeError, ValueError):
        return None


def _read_example(value: Any) -> str:
    import yaml

    _placeholder(value)
    if not isinstance(value, str):
        raise FormError(
            f"the answer is {_type_name(value)}, not the text of a YAML example in quotes."
        )
    if _SH2_TEMPLATE_MARK in value:
        raise Unanswered(
            f"Replace each {_SH2_TEMPLATE_MARK} in the template and run the cell again."
        )
    try:
        doc = yaml.safe_load(value)
    except yaml.YAMLError as problem:
        raise FormError(f"the text is not valid YAML: {str(problem).splitlines()[0]}.") from None
    if not isinstance(doc, dict) or doc.get("game") != "golf":
        raise FormError("the text is not a golf worked example (it needs 'game: golf').")
    reports = _check_text(value)
    invalid = [p for r in reports for p in r.problems if p.kind == "input"]
    if invalid:
        raise FormError(
            "the checker cannot read it: at "
            + "; at ".join(_where_said(p) for p in invalid[:3])
            + " (the lines of your example, the text in quotes)."
        )
    layout = (doc.get("setup") or {}).get("position", {}).get("layouts", {}).get("Mei")
    claims = [s.get("expect", {}) for s in doc.get("steps") or [] if isinstance(s, dict)]
    if _as_layout(layout) != _SH2_LAYOUT or not any(
        "score" in c for c in claims if isinstance(c, dict)
    ):
        raise FormError("the example must set up Mei's layout as given and claim her score.")
    return value


def _example_passes(text: str, _right: Any) -> bool:
    return all(r.passed for r in _check_text(text))


def _example_problems(text: str, _right: Any) -> str:
    """Where the checker finds the example wrong, and which rule decides it; a wrong claim
    is pointed at, its right value never said (working it out is the exercise)."""
    said = []
    for problem in (p for r in _check_text(text) for p in r.problems):
        if problem.kind == "mismatch":
            said.append(
                f"the claim at line {problem.line} of your example is not what the rules "
                f"give ({problem.rule} decides it)"
            )
        else:
            said.append(f"at {_where_said(problem)}")
    return "The checker says: " + "; ".join(said) + "."


_define(
    id="sh-2",
    kind="yaml",
    question="Write a worked example of Mei's layout 5H KS 2C over 5C QD 2D that claims its "
    "score, and that `cardlib check` passes.",
    form="the text of a YAML example in triple quotes, like layout-9-and-27.yaml",
    rules=("GOLF-COLUMN", "GOLF-VALUES"),
    where="'Checking your own worked example' in start-here.ipynb, and GOLF-COLUMN in golf.ipynb",
    nudge="Score each column: same rank pairs to 0, otherwise add the two values.",
    read=_read_example,
    solve=lambda: None,
    same=_example_passes,
    differences=_example_problems,
    why=lambda _right: "The checker replays your example and confirms every claim.",
)


# --------------------------------------------------------------------------- golf

_GOLF_1 = ["QS", "2H", "KC", "JD", "2S", "KH"]


def _golf_score(cards: Sequence[str]) -> Any:
    from cardlib.golf import score_layout

    return score_layout(list(cards))


_define(
    id="golf-1",
    kind="compute",
    question="What does the layout QS 2H KC over JD 2S KH score?",
    form="a whole number, such as 12",
    rules=("GOLF-COLUMN", "GOLF-PAIR-TWOS"),
    where="GOLF-COLUMN and GOLF-PAIR-TWOS in golf.ipynb",
    nudge="Look at each column: are the two cards the same rank, or only the same value?",
    read=as_int,
    solve=lambda: _golf_score(_GOLF_1).total,
    why=lambda _right: _golf_score(_GOLF_1).explain(),
)


def _golf_2_game() -> Any:
    from cardlib.cards import Card
    from cardlib.golf import GolfGame, Position

    game = GolfGame.from_position(
        ["Mei", "Ben"],
        {
            "Mei": {
                Position.TL: (Card.parse("5D"), True),
                Position.TR: (Card.parse("9C"), True),
            }
        },
        discard=[Card.parse("5C")],
        to_move="Mei",
    )
    game.play("take")
    return game


_GOLF_2_MOVES = ("discard", "replace TR", "replace BL", "take")

_define(
    id="golf-2",
    kind="classify",
    question="Mei has taken the 5C from the discard pile. For each of the moves "
    + ", ".join(_GOLF_2_MOVES)
    + ": legal, or which rule refuses it?",
    form="a dictionary from each move to 'legal' or a rule ID, such as {'draw': 'GOLF-DRAW', ...}",
    rules=("GOLF-TAKE-MUST-REPLACE", "GOLF-REPLACE", "GOLF-DRAW"),
    where="GOLF-DRAW, GOLF-REPLACE and GOLF-TAKE-MUST-REPLACE in golf.ipynb",
    nudge="A card taken from the discard pile is not a card drawn from the stock. "
    "And how many cards may a turn start with?",
    read=lambda a: as_table(a, _GOLF_2_MOVES, legal_or_rule),
    solve=lambda: classify(_golf_2_game(), _GOLF_2_MOVES),
    why=lambda right: (
        "The engine says "
        + "; ".join(f"{m}: {v}" for m, v in right.items())
        + ". A taken card must replace one of yours, face up or face down."
    ),
    differences=_wrong_keys,
)


def _golf_3_game() -> Any:
    from cardlib.cards import Card
    from cardlib.golf import GolfGame, Position

    def layout(cards: str, up: Sequence[Position]) -> dict[Any, Any]:
        return {p: (Card.parse(c), p in up) for p, c in zip(Position, cards.split(), strict=True)}

    every = list(Position)
    return GolfGame.from_position(
        ["Mei", "Ben"],
        {
            "Mei": layout("2H 5C 9D 2S 4H 3C", every[:5]),
            "Ben": layout("KS 4D 7H KH 4C 8S", [Position.TL, Position.BL]),
        },
        stock=[Card.parse("KD")],
        to_move="Mei",
    )


def _golf_3_after() -> Any:
    game = _golf_3_game()
    game.play("draw")
    game.play("replace BR")
    return game


_define(
    id="golf-3",
    kind="predict",
    question="Mei draws the KD and puts it in place of her last face-down card (BR). "
    "Is the hand over, and who has the lower score for it?",
    form="two values in a tuple: (True or False, a player's name), such as (False, 'Ben')",
    rules=("GOLF-END", "GOLF-COLUMN"),
    where="GOLF-END in golf.ipynb",
    nudge="When does a hand end, and does going out first win it? Score both layouts.",
    parts=("is the hand over", "who has the lower score"),
    read=lambda a: as_tuple(a, as_bool, lambda v: as_name(v, ["Mei", "Ben"], "the name")),
    solve=lambda: (
        (g := _golf_3_after()).is_over,
        min(g.players, key=lambda p: g.result()[p]),
    ),
    why=lambda _right: (
        "; ".join(f"{p} scores {v}" for p, v in dict(_golf_3_after().result()).items())
        + ". The hand ends when one layout is all face up (GOLF-END); going out first is not winning."
    ),
)


def _scorer_cards(widget: Any) -> tuple[str, ...]:
    try:
        cards = getattr(widget, "cards", None)
    except ValueError as why:  # a place left without a card: the scorer says which
        raise FormError(str(why)) from None
    if cards is None or not hasattr(widget, "pickers"):
        raise FormError(f"the answer is {_type_name(widget)}, not the layout scorer widget.")
    return tuple(str(c) for c in cards)


_SCORER_START = ("8H", "2S", "AC", "8C", "KD", "QH")


def _read_scorer(widget: Any) -> tuple[str, ...]:
    _placeholder(widget)
    cards = _scorer_cards(widget)
    if cards == _SCORER_START:
        raise Unanswered("The scorer still shows the layout it started with: choose cards in it.")
    if len(set(cards)) < len(cards):
        raise FormError("the scorer shows a card twice, which one pack cannot give (GOLF-DECK).")
    return cards


def _lowest_layout() -> int:
    """The lowest score a layout can have, asked of the engine: the best column (every pair
    of ranks scored by :func:`~cardlib.golf.score_layout`) three times, which one pack
    allows when the column's two ranks differ (each is then needed three times of four)."""
    from cardlib.cards import Card, Rank, Suit

    spades, hearts = Suit.SPADES, Suit.HEARTS
    filler = [Card(Rank.KING, Suit.CLUBS), Card(Rank.KING, Suit.DIAMONDS)]

    def column(top: Rank, bottom: Rank) -> int:
        cards = [Card(top, spades), *filler, Card(bottom, hearts), *filler]
        return int(_golf_score([str(c) for c in cards]).columns[0].points)

    best, top, bottom = min((column(t, b), t, b) for t in Rank for b in Rank)
    assert top != bottom, "three columns of one rank would need six cards of it"
    return 3 * best


_define(
    id="golf-4",
    kind="widget",
    question="In the layout scorer, choose six cards that score as little as a layout can.",
    form="the layout scorer, with six different cards chosen",
    rules=("GOLF-VALUES", "GOLF-PAIR-TWOS"),
    where="GOLF-VALUES and GOLF-PAIR-TWOS in golf.ipynb",
    nudge="Which card is worth less than nothing, and what does a column of two of them score?",
    read=_read_scorer,
    solve=_lowest_layout,
    same=lambda cards, lowest: _golf_score(cards).total == lowest,
    differences=lambda cards, _lowest: (
        f"Your layout scores {_golf_score(cards).total}; a lower one is possible."
    ),
    why=lambda lowest: (
        f"{lowest} is the lowest: each column at best a 2 (-2) over a card worth 0 "
        "(a king), and two 2s in one column pair to 0, not -4."
    ),
)

_GOLF_5 = {"Jia": [5, -2, 7, 0, 4, -4, 3, 9, 1], "Yi": [2, 3, 1, 6, 0, 2, 5, 3, 4]}


def _golf_5_match() -> Any:
    from cardlib.golf import GolfMatch

    match = GolfMatch(("Jia", "Yi"))
    for jia, yi in zip(*_GOLF_5.values(), strict=True):
        match.record({"Jia": jia, "Yi": yi})
    return match


_define(
    id="golf-5",
    kind="compute",
    question="Jia's nine holes: "
    + ", ".join(map(str, _GOLF_5["Jia"]))
    + "; Yi's: "
    + ", ".join(map(str, _GOLF_5["Yi"]))
    + ". Who wins the match, with what total?",
    form="two values in a tuple: (a player's name, a whole number), such as ('Jia', 30)",
    rules=("GOLF-MATCH",),
    where="GOLF-MATCH in golf.ipynb",
    nudge="Add each player's hole scores with their signs. Does low or high win?",
    parts=("who wins the match", "the winning total"),
    read=lambda a: as_tuple(a, lambda v: as_name(v, ["Jia", "Yi"], "the name"), as_int),
    solve=lambda: (
        (m := _golf_5_match()).winners()[0],
        m.totals()[m.winners()[0]],
    ),
    why=lambda _right: (
        f"The totals are {_golf_5_match().totals()}; the lowest total wins, whoever won more holes."
    ),
)


# --------------------------------------------------------------------------- go fish


def _fish(hands: Mapping[str, Sequence[str]], stock: Sequence[str] = (), **options: Any) -> Any:
    """A Go Fish position: these hands, this top of the stock, the rest of the pack below."""
    from cardlib.cards import Card, standard_deck
    from cardlib.gofish import GoFishGame, GoFishOptions

    named = {Card.parse(c) for cs in hands.values() for c in cs} | {Card.parse(c) for c in stock}
    rest = [c for c in standard_deck() if c not in named]
    return GoFishGame.from_position(
        list(hands),
        {p: list(cs) for p, cs in hands.items()},
        stock=[*stock, *rest],
        to_move=next(iter(hands)),
        options=GoFishOptions(**options),
    )


def _gf_1_after() -> Any:
    game = _fish({"Lin": ["7S", "7H"], "An": ["7D", "7C", "2S"], "Mei": ["3H"]})
    game.play("ask An 7")
    return game


_define(
    id="gf-1",
    kind="predict",
    question="Pagat's rules. Lin holds 7S 7H; An holds 7D 7C 2S; Mei 3H. Lin asks An for 7s. "
    "How many books does Lin have afterwards, and is the game over?",
    form="two values in a tuple: (a whole number, True or False), such as (0, False)",
    rules=("GF-GIVE-ALL", "GF-BOOK", "GF-END-EMPTY"),
    where="GF-GIVE-ALL, GF-BOOK and GF-END-EMPTY in go-fish.ipynb",
    nudge="How many 7s does Lin hold after An hands over hers, and what is left in Lin's hand?",
    parts=("Lin's books", "is the game over"),
    read=lambda a: as_tuple(a, as_int, as_bool),
    solve=lambda: (len((g := _gf_1_after()).books["Lin"]), g.is_over),
    why=lambda _right: _gf_1_after().log[-1].text,
)

_GF_2_HANDS = {"Lin": ["8S", "QS", "9S"], "An": ["8H", "3D"], "Mei": ["8C", "JD"]}
_GF_2_MOVES = ("ask An 8", "ask An 3", "ask Lin Q", "ask Mei 9")

_define(
    id="gf-2",
    kind="classify",
    question="Lin holds 8S QS 9S and asks. For each of "
    + ", ".join(_GF_2_MOVES)
    + ": legal, or which rule refuses it?",
    form="a dictionary from each request to 'legal' or a rule ID, such as {'ask An 8': 'legal', ...}",
    rules=("GF-ASK-HOLD", "GF-ASK-TARGET"),
    where="GF-ASK-HOLD and GF-ASK-TARGET in go-fish.ipynb",
    nudge="You may only ask for a rank you hold, and only ask someone else at the table. "
    "Whether they have the rank does not matter.",
    read=lambda a: as_table(a, _GF_2_MOVES, legal_or_rule),
    solve=lambda: classify(_fish(_GF_2_HANDS), _GF_2_MOVES),
    why=lambda right: (
        "The engine says "
        + "; ".join(f"{m}: {v}" for m, v in right.items())
        + ". Asking a player who has none is legal: it is how you go fishing."
    ),
    differences=_wrong_keys,
)

_GF_3_HANDS = {"Lin": ["5S", "9S"], "An": ["3D"], "Mei": ["2C"], "Bo": ["JD"]}
_RULE_SETS = ("pagat", "bicycle", "gamerules")


def _gf_3_next(rule_set: str) -> str:
    game = _fish(_GF_3_HANDS, stock=["4H"], rule_set=rule_set)
    game.play("ask Mei 9")
    return str(game.to_move)


_define(
    id="gf-3",
    kind="predict",
    question="Four at the table, in order Lin, An, Mei, Bo. Lin asks Mei for 9s; Mei has none "
    "and Lin fishes the 4H. Who asks next, under each rule set?",
    form="a dictionary from each rule set ('pagat', 'bicycle', 'gamerules') to a player's name",
    rules=("GF-NEXT",),
    where="GF-NEXT and 'The rule sets side by side' in go-fish.ipynb",
    nudge="After a miss, does the turn go to the asker's left, or to the player who said 'Go fish'? "
    "It depends on the rule set.",
    read=lambda a: as_table(a, _RULE_SETS, lambda v, what: as_name(v, list(_GF_3_HANDS), what)),
    solve=lambda: {rs: _gf_3_next(rs) for rs in _RULE_SETS},
    why=lambda right: (
        "; ".join(f"{rs}: {p}" for rs, p in right.items())
        + ". Pagat and Bicycle pass the turn to the asker's left (An); the Game Rules site "
        "gives it to whoever said 'Go fish' (Mei)."
    ),
    differences=_wrong_keys,
)


def _read_sandbox(widget: Any) -> Any:
    _placeholder(widget)
    game = getattr(widget, "game", None)
    if game is None or not hasattr(widget, "ask_button"):
        raise FormError(f"the answer is {_type_name(widget)}, not the ask sandbox widget.")
    if not game.history:
        raise Unanswered("The sandbox is still where it started: make requests in it.")
    return game


def _sandbox_goal(game: Any, _right: Any) -> bool:
    return 8 in [int(r) for r in game.books.get("Lin", [])] and game.to_move == "Lin"


def _sandbox_state(game: Any, _right: Any) -> str:
    books = game.books.get("Lin", [])
    return (
        f"In the sandbox Lin has {len(books)} book(s) and {game.to_move or 'nobody'} asks next. "
        "Click Reset to start again."
    )


_define(
    id="gf-4",
    kind="widget",
    question="In the ask sandbox, make Lin lay down the book of 8s and still be the one asking.",
    form="the ask sandbox widget",
    rules=("GF-GIVE-ALL", "GF-CATCH-AGAIN", "GF-BOOK"),
    where="GF-GIVE-ALL, GF-CATCH-AGAIN and GF-BOOK in go-fish.ipynb",
    nudge="Who holds the other three 8s? Getting cards earns another request; fishing for "
    "the wrong rank does not.",
    read=_read_sandbox,
    solve=lambda: None,
    same=_sandbox_goal,
    differences=_sandbox_state,
    why=lambda _right: (
        "Lin took An's two 8s (GF-GIVE-ALL), asked again (GF-CATCH-AGAIN) and "
        "took Mei's: four 8s are a book, laid aside at once (GF-BOOK), and Lin asks on."
    ),
)


def _gf_5_stock(rule_set: str) -> int:
    from cardlib.gofish import GoFishGame, GoFishOptions

    return int(
        GoFishGame(
            ["Ann", "Ben", "Cy"], options=GoFishOptions(rule_set=cast(Any, rule_set)), seed=1
        ).stock_size
    )


_define(
    id="gf-5",
    kind="compute",
    question="Three players. How many cards are left in the stock after the deal under "
    "'pagat' and under 'bicycle'?",
    form="a dictionary {'pagat': a whole number, 'bicycle': a whole number}",
    rules=("GF-DEAL",),
    where="GF-DEAL and 'The rule sets side by side' in go-fish.ipynb",
    nudge="How many cards does each player get under each rule set? The pack has 52.",
    read=lambda a: as_table(a, ("pagat", "bicycle"), as_int),
    solve=lambda: {rs: _gf_5_stock(rs) for rs in ("pagat", "bicycle")},
    why=lambda right: (
        f"52 - 3 x 5 = {right['pagat']} under Pagat's rules, "
        f"52 - 3 x 7 = {right['bicycle']} under Bicycle's."
    ),
    differences=_wrong_keys,
)


# --------------------------------------------------------------------------- rook

_ROOK_1 = [("North", "Y10"), ("East", "Y14"), ("South", "R10"), ("West", "G5")]


def _rook_1_trick() -> tuple[str, int]:
    from cardlib.rook import trick_winner
    from cardlib.rook.cards import Colour, RookCard, counters

    cards = [RookCard.parse(c) for _p, c in _ROOK_1]
    return _ROOK_1[trick_winner(cards, Colour.GREEN)][0], counters(cards)


_define(
    id="rook-1",
    kind="compute",
    question="Green is trump. North leads Y10, East plays Y14, South R10, West G5. "
    "Who wins the trick, and how many counters does it hold?",
    form="two values in a tuple: (a player's name, a whole number), such as ('North', 10)",
    rules=("ROOK-TRICK-WIN", "ROOK-COUNT"),
    where="ROOK-COUNT and ROOK-TRICK-WIN in rook.ipynb",
    nudge="Is there a trump in the trick? Which cards count: the 5s, 10s, 14s and the Rook?",
    parts=("who wins the trick", "its counters"),
    read=lambda a: as_tuple(
        a, lambda v: as_name(v, ["North", "East", "South", "West"], "the name"), as_int
    ),
    solve=_rook_1_trick,
    why=lambda right: (
        f"{right[0]} wins with the only trump, G5; the counters are 10 + 10 + 10 + 5 = {right[1]}."
    ),
)


def _rook_2_score() -> Any:
    from cardlib.rook import score_hand

    return score_hand("NS", 100, {"NS": 95, "EW": 25})


_define(
    id="rook-2",
    kind="compute",
    question="North-South bid 100 and take 95 in counters; East-West take 25. "
    "What does each team score for the hand?",
    form="two values in a tuple: (North-South's score, East-West's score), such as (95, 25)",
    rules=("ROOK-SCORE-SET", "ROOK-SCORE-MADE"),
    where="ROOK-SCORE-MADE and ROOK-SCORE-SET in rook.ipynb",
    nudge="Did North-South reach their bid? If not, what do they lose?",
    parts=("North-South's score", "East-West's score"),
    read=lambda a: as_tuple(a, as_int, as_int),
    solve=lambda: tuple(int(v) for v in _rook_2_score().points.values()),
    why=lambda _right: _rook_2_score().explain(),
)


def _rook_3_game() -> Any:
    from cardlib.rook.widgets import ARTICLE_TRICKS, article_play

    hand = article_play()
    for player, card in [*ARTICLE_TRICKS[0], *ARTICLE_TRICKS[1][:3]]:
        hand.play(f"play {card}", player=player)
    return hand


_ROOK_3_MOVES = ("play G12", "play Y7", "play R13", "trump red")

_define(
    id="rook-3",
    kind="classify",
    question="Trick 2 of the article: South led Y13, West played Y8, North G6. East holds "
    "R9 R13 Y7 B6 B8 B13 G10 G12. For each of "
    + ", ".join(_ROOK_3_MOVES)
    + ": legal, or which rule refuses it?",
    form="a dictionary from each move to 'legal' or a rule ID, such as {'play G12': 'legal', ...}",
    rules=("ROOK-FOLLOW", "ROOK-TRUMP"),
    where="ROOK-TRUMP and ROOK-FOLLOW in rook.ipynb",
    nudge="Which colour was led, and does East hold it? A trump does not excuse you from "
    "following. And when is trump named?",
    read=lambda a: as_table(a, _ROOK_3_MOVES, legal_or_rule),
    solve=lambda: classify(_rook_3_game(), _ROOK_3_MOVES),
    why=lambda right: (
        "The engine says "
        + "; ".join(f"{m}: {v}" for m, v in right.items())
        + ". East holds yellow and must follow it."
    ),
    differences=_wrong_keys,
)

_ROOK_4_SOUTH = "Rook R6 Y12 Y5 B9 B14 G7 G10 G13"


def _rook_4_game() -> Any:
    from cardlib.rook import DEFAULT_PLAYERS, RookHand

    return RookHand.from_position(
        DEFAULT_PLAYERS,
        {"East": ["R9"], "South": _ROOK_4_SOUTH},
        dealer="North",
        bid=("South", 80),
        trump="red",
    )


def _rook_4_legal() -> tuple[str, ...]:
    hand = _rook_4_game()
    hand.play("play R9")
    return tuple(sorted(str(m).removeprefix("play ") for m in hand.legal_moves()))


_define(
    id="rook-4",
    kind="predict",
    question="Red is trump. East leads R9. South holds " + _ROOK_4_SOUTH + ". "
    "Which cards may South play?",
    form="a list of cards, such as ['R6', 'Y12']",
    rules=("ROOK-FOLLOW", "ROOK-BIRD-ANYTIME", "ROOK-BIRD-LEAD"),
    where="ROOK-FOLLOW and the three ROOK-BIRD- sections in rook.ipynb",
    nudge="South must follow red if South can. Is the Rook a red card here, and may it be "
    "played at any time?",
    read=_sorted_cards,
    solve=_rook_4_legal,
    why=lambda right: (
        f"South may play {' or '.join(right)}: the R6 follows red, and the Rook "
        "belongs to the trump colour and may be played to any trick."
    ),
)


def _read_panel(widget: Any) -> Any:
    _placeholder(widget)
    hand = getattr(widget, "hand", None)
    if hand is None or not hasattr(widget, "bid_button"):
        raise FormError(f"the answer is {_type_name(widget)}, not the bidding panel widget.")
    if not hand.history:
        raise Unanswered("The panel is still where it started: bid or pass in it.")
    return hand


def _panel_goal(hand: Any, _right: Any) -> bool:
    return hand.phase != "bid" and (hand.bidder, hand.bid) == ("South", 80)


def _panel_state(hand: Any, _right: Any) -> str:
    if hand.phase == "bid":
        return "The auction is not over yet."
    return f"{hand.bidder} won the auction at {hand.bid}. Click Reset to start again."


_define(
    id="rook-5",
    kind="widget",
    question="In the bidding panel, make the auction end with South winning it at 80.",
    form="the bidding panel widget",
    rules=("ROOK-BID-ORDER", "ROOK-BID-RAISE", "ROOK-BID-PASS", "ROOK-BID-WIN"),
    where="ROOK-BID-ORDER to ROOK-BID-WIN in rook.ipynb",
    nudge="Who bids first, and in which order do the others bid? A player who passes is "
    "out of the auction.",
    read=_read_panel,
    solve=lambda: None,
    same=_panel_goal,
    differences=_panel_state,
    why=lambda _right: (
        "South's 80 stood once the other three had passed: the last bidder "
        "left wins the auction at that bid."
    ),
)
