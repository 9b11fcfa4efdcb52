"""docs/examples.md says what the checker does, and running it says the same.

Every complete example in the document (a YAML block with ``example:`` and ``game:``) is
checked and passes; every statement that attaches a rule ID to an example is run as an
example claiming that rule, so a statement that names the wrong rule fails here.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardlib.check import check_file, exit_status
from tests.conftest import ROOT

DOC = ROOT / "docs" / "examples.md"
TEXT = DOC.read_text(encoding="utf-8")
FLAT = " ".join(TEXT.split())
BLOCKS = re.findall(r"```yaml\n(.*?)```", TEXT, flags=re.S)
EXAMPLES = [b for b in BLOCKS if re.search(r"^example:", b, re.M) and re.search(r"^game:", b, re.M)]


def _passes(tmp_path: Path, text: str) -> None:
    path = tmp_path / "example.yaml"
    path.write_text(text, encoding="utf-8")
    reports = check_file(path)
    problems = [str(p) for r in reports for p in r.problems]
    assert exit_status(reports) == 0 and reports, problems


def test_the_document_has_complete_examples():
    assert len(EXAMPLES) >= 4


@pytest.mark.parametrize(
    "block", EXAMPLES, ids=lambda b: b.split("example:", 1)[1].split("\n")[0][:40]
)
def test_every_complete_example_in_the_document_passes(tmp_path, block):
    _passes(tmp_path, block)


def _go_fish(rule_set: str, players: list[str], setup: str, steps: str) -> str:
    return (
        f"example: a statement of docs/examples.md\nsource: docs/examples.md\ngame: go-fish\n"
        f"rule_set: {rule_set}\nplayers: [{', '.join(players)}]\nsetup: {setup}\nsteps:\n{steps}"
    )


def _rook(setup: str, refused: str) -> str:
    return (
        "example: a statement of docs/examples.md\nsource: docs/examples.md\ngame: rook\n"
        f"players: [North, East, South, West]\nsetup: {setup}\nsteps:\n"
        f"  - expect: {{refused: {refused}}}\n"
    )


SIX = ["A", "B", "C", "D", "E", "F"]
SEVEN = [*SIX, "G"]
POSITION = "{position: {hands: {A: [5H, 8C], B: [6H, 8D], C: [7H]}, books: {C: [9]}}}"

#: (what the document says, word for word once its lines are joined, and the examples that
#: show it: each claims the rule the statement names, so it passes only if the engine agrees)
STATEMENTS = [
    (
        "six players under `bicycle` are refused with `GF-DEAL`",
        [_go_fish("bicycle", SIX, "{deal: {seed: 1}}", "  - expect: {refused: GF-DEAL}\n")],
    ),
    (
        "seven players under any rule set with `GF-PLAYERS`",
        [
            _go_fish(rs, SEVEN, "{deal: {seed: 1}}", "  - expect: {refused: GF-PLAYERS}\n")
            for rs in ("pagat", "bicycle", "gamerules")
        ],
    ),
    (
        "`GF-NEXT` (not your turn; before the first request, `GF-FIRST`",
        [
            _go_fish("pagat", ["A", "B", "C"], POSITION, "  - B: ask C 7\n    illegal: GF-FIRST\n"),
            _go_fish(
                "pagat",
                ["A", "B", "C"],
                POSITION,
                "  - A: ask C 5\n  - C: ask A 7\n    illegal: GF-NEXT\n",
            ),
        ],
    ),
    (
        "Under `pagat` and `bicycle` the dealer's left asks first, and naming anyone else is "
        "refused with `GF-FIRST`",
        [
            _go_fish(
                rs,
                ["A", "B", "C"],
                "{deal: {seed: 1, first: B}}",
                "  - expect: {refused: GF-FIRST}\n",
            )
            for rs in ("pagat", "bicycle")
        ],
    ),
    (
        "A request that names someone who is not at the table is refused with `GF-ASK-TARGET`",
        [
            _go_fish(
                "pagat", ["A", "B", "C"], POSITION, "  - A: ask Zed 5\n    illegal: GF-ASK-TARGET\n"
            )
        ],
    ),
    (
        "a step whose player is not at the table is an input problem (`INPUT-PLAYER`)",
        [],
    ),
    (
        "`GF-ASK-HOLD` (a rank you do not hold)",
        [
            _go_fish(
                "pagat", ["A", "B", "C"], POSITION, "  - A: ask B 6\n    illegal: GF-ASK-HOLD\n"
            )
        ],
    ),
    (
        "`GF-BOOK` for a hand holding all four of a rank",
        [
            _go_fish(
                "pagat",
                ["A", "B"],
                "{position: {hands: {A: [7H, 7S, 7D, 7C], B: [8H]}}}",
                "  - expect: {refused: GF-BOOK}\n",
            )
        ],
    ),
    (
        "`ROOK-BID-MIN` for a contract of 125 or 72, `ROOK-COUNT` for a record whose counters do "
        "not add up to 120",
        [
            _rook("{position: {hands: {}, bid: {North: 125}, trump: red}}", "ROOK-BID-MIN"),
            _rook("{game: {hands: [{bid: {NS: 72}, took: {NS: 90, EW: 30}}]}}", "ROOK-BID-MIN"),
            _rook("{game: {hands: [{bid: {NS: 80}, took: {NS: 90, EW: 20}}]}}", "ROOK-COUNT"),
        ],
    ),
    (
        "a five-player example claims `expect: {refused: GOLF-DECK}`",
        [
            "example: five\nsource: docs\ngame: golf\nplayers: [A, B, C, D, E]\n"
            "setup: {deal: {seed: 1}}\nsteps:\n  - expect: {refused: GOLF-DECK}\n"
        ],
    ),
]


@pytest.mark.parametrize(("statement", "examples"), STATEMENTS, ids=[s for s, _ in STATEMENTS])
def test_a_statement_of_the_document_is_what_the_engine_does(tmp_path, statement, examples):
    assert statement in FLAT, f"docs/examples.md no longer says: {statement}"
    for text in examples:
        _passes(tmp_path, text)


def test_a_statement_that_names_the_wrong_rule_fails(tmp_path):
    """The check above can fail: the document's old words (seven players refused with
    GF-DEAL) are refused by the engine."""
    wrong = _go_fish("pagat", SEVEN, "{deal: {seed: 1}}", "  - expect: {refused: GF-DEAL}\n")
    with pytest.raises(AssertionError, match="GF-PLAYERS"):
        _passes(tmp_path, wrong)


def test_a_step_whose_player_is_not_at_the_table_is_an_input_problem(tmp_path):
    """What docs/examples.md says of a step's player (checked as the statement above)."""
    text = _go_fish("pagat", ["A", "B", "C"], POSITION, "  - Zed: ask A 5\n")
    path = tmp_path / "stranger.yaml"
    path.write_text(text, encoding="utf-8")
    reports = check_file(path)
    (problem,) = [p for r in reports for p in r.problems]
    assert exit_status(reports) == 2 and problem.rule == "INPUT-PLAYER"
