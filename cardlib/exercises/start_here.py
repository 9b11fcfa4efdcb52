"""The exercises of start-here.ipynb: reading the checker's verdict on a worked example, and
writing one that it passes.  They are about a Golf example, the one the notebook checks."""

from __future__ import annotations

import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from cardlib.errors import CardlibError
from cardlib.exercises.forms import as_rule, placeholder, type_name
from cardlib.exercises.model import Chapter, FormError, Unanswered

EXERCISES = Chapter("start-here.ipynb")

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


def check_text(text: str, name: str = "my-example.yaml") -> list[Any]:
    from cardlib.check import check_file

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / name
        path.write_text(text, encoding="utf-8")
        return check_file(path, display=name)


def _first_problem(text: str) -> Any:
    return next(p for r in check_text(text) for p in r.problems)


def _where_said(problem: Any) -> str:
    """A problem of the checker without a file name: the learner never made the file."""
    return f"line {problem.line}, column {problem.column}: {problem.rule} {problem.message}"


EXERCISES.define(
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

    placeholder(value)
    if not isinstance(value, str):
        raise FormError(
            f"the answer is {type_name(value)}, not the text of a YAML example in quotes."
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
    reports = check_text(value)
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
    return all(r.passed for r in check_text(text))


def _example_problems(text: str, _right: Any) -> str:
    """Where the checker finds the example wrong, and which rule decides it; a wrong claim
    is pointed at, its right value never said (working it out is the exercise)."""
    said = []
    for problem in (p for r in check_text(text) for p in r.problems):
        if problem.kind == "mismatch":
            said.append(
                f"the claim at line {problem.line} of your example is not what the rules "
                f"give ({problem.rule} decides it)"
            )
        else:
            said.append(f"at {_where_said(problem)}")
    return "The checker says: " + "; ".join(said) + "."


EXERCISES.define(
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
