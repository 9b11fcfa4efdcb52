"""The Golf worked examples: each passes; every claimed number, card, rule, phase, player,
legal move and face-down card, changed, is caught at its own line; hand-made changes to
setups and moves are caught with the right rule at the right line; random damage never
crashes the checker."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardlib import rules
from cardlib.check import check_file, exit_status
from cardlib.examples import Map, Seq, read_documents
from tests.conftest import EXAMPLES, ROOT
from tests.support.examples import (
    Corruption,
    check_claim_corruption,
    check_random_damage,
    check_setup_corruption,
    claim_corruption_ids,
    claim_leaves,
    setup_corruption_ids,
)

GOLF = sorted((EXAMPLES / "golf").glob("*.yaml"))
GAME_RULES = [r.id for r in rules.for_game("golf")]
CARD = re.compile(r"(10|[2-9AJQK])[CDHS]")
PHASES = ["flip", "draw", "place", "extra-flip", "over"]
MOVES = {"draw": "discard", "take": "draw", "discard": "take"}


def another_move(text: str) -> str:
    kind, _, rest = text.partition(" ")
    if kind in MOVES:
        return MOVES[kind]
    return ("replace " if kind == "flip" else "flip ") + rest


def another(key: str, value: str, players: list[str]) -> str | None:
    """Another value of the same kind for the claim ``key`` (None: a card, which
    test_checker changes)."""
    if key == "refused":
        return GAME_RULES[(GAME_RULES.index(value) + 1) % len(GAME_RULES)]
    if key == "phase":
        return PHASES[(PHASES.index(value) + 1) % len(PHASES)]
    if key in ("to_move", "winner", "hole_winner"):
        return players[(players.index(value) + 1) % len(players)]
    if key == "legal":
        return another_move(value)
    if value == "down":
        return "KS"
    if value.startswith("down "):
        return "down KS" if value != "down KS" else "down QS"
    assert CARD.fullmatch(value), (key, value)
    return None


def text_corruptions() -> Iterator[Corruption]:
    """(path, line, column, old, new) for every claimed text that is not a card."""
    for path in GOLF:
        for doc in read_documents(path):
            players = list(doc["players"])
            for step in doc["steps"]:
                expect = step.get("expect", {})
                for key, node in expect.items():
                    leaves = (
                        claim_leaves(node)
                        if isinstance(node, Map | Seq)
                        else [(*expect.where(key), node)]
                    )
                    for line, col, value in leaves:
                        if isinstance(value, str) and (new := another(key, value, players)):
                            yield path, line, col, value, new


TEXT_CORRUPTIONS = list(text_corruptions())


def test_every_kind_of_text_claim_is_corrupted():
    olds = {old for *_, old, _new in TEXT_CORRUPTIONS}
    assert {"GOLF-DECK", "extra-flip", "Ben", "take", "flip TM", "down"} <= olds


@pytest.mark.parametrize(
    ("path", "line", "col", "old", "new"),
    TEXT_CORRUPTIONS,
    ids=claim_corruption_ids(TEXT_CORRUPTIONS),
)
def test_corrupted_text_claim_is_caught_at_its_line(tmp_path, path, line, col, old, new):
    check_claim_corruption(path, line, col, old, new, GAME_RULES, tmp_path)


# -- traceability: the article's statements, the rules and the examples ---------------------


def test_every_statement_of_the_golf_article_is_traced_and_every_rule_and_example_cited():
    import yaml

    from tests.conftest import ROOT

    data = yaml.safe_load((ROOT / "cardlib/golf/sources.yaml").read_text("utf-8"))
    assert data["game"] == "golf"
    statements = [s for src in data["sources"] for s in src["statements"]]
    assert len({s["id"] for s in statements}) == len(statements)
    assert [src["file"] for src in data["sources"]] == ["001_c258a4e3ba4a4635.txt"]
    cited_rules, cited_examples = set(), set()
    for s in statements:
        assert s.get("rules") or s.get("examples") or s.get("not_implemented"), s["id"]
        cited_rules.update(s.get("rules", []))
        for example in s.get("examples", []):
            assert (ROOT / example).is_file(), example
            cited_examples.add(example)
    assert cited_rules <= set(GAME_RULES)
    catalogue = yaml.safe_load((ROOT / "cardlib/golf/catalogue.yaml").read_text("utf-8"))
    interpreted = {r["id"] for r in catalogue["rules"] if r.get("interpretations")}
    assert set(GAME_RULES) <= cited_rules | interpreted
    assert {f"examples/golf/{p.name}" for p in GOLF} <= cited_examples


# -- each shipped example passes; numbers and cards corrupted ------------------------------

GOLF = sorted((EXAMPLES / "golf").glob("*.yaml"))


@pytest.mark.parametrize("path", GOLF, ids=lambda p: p.stem)
def test_shipped_example_passes(path):
    reports = check_file(path)
    assert reports and all(r.passed for r in reports), [str(p) for r in reports for p in r.problems]
    assert all(r.claims + r.moves > 0 for r in reports)


# -- corruptions: every claimed number and card, changed, is caught at its own line -------------


def corruptions():
    for path in GOLF:
        for doc in read_documents(path):
            for step in doc["steps"]:
                if "expect" in step:
                    for line, col, value in claim_leaves(step["expect"]):
                        if isinstance(value, bool) or value is None:
                            continue
                        if isinstance(value, int):
                            yield path, line, col, str(value), str(value + 1)
                        elif re.fullmatch(r"(10|[2-9AJQK])[CDHS]", str(value)):
                            other = {"C": "D", "D": "C", "H": "S", "S": "H"}[value[-1]]
                            yield path, line, col, value, value[:-1] + other


CORRUPTIONS = list(corruptions())


def test_there_are_many_corruptions_of_each_example():
    per_file = {p for p, *_ in CORRUPTIONS}
    assert len(CORRUPTIONS) >= 40 and len(per_file) == len(GOLF)


@pytest.mark.parametrize(
    ("path", "line", "col", "old", "new"),
    CORRUPTIONS,
    ids=[f"{p.stem}:{line}:{old}->{new}" for p, line, _c, old, new in CORRUPTIONS],
)
def test_corrupted_claim_is_caught_at_its_line(tmp_path, path, line, col, old, new):
    lines = path.read_text().splitlines(keepends=True)
    text = lines[line - 1]
    head, tail = text[: col - 1], text[col - 1 :]
    changed = re.sub(rf"^([^:]+:\s*)({re.escape(old)})(?=[\s,}}\]])", rf"\g<1>{new}", tail, count=1)
    if changed == tail:  # a list item (legal moves, winner): the value itself stands at col
        changed = tail.replace(old, new, 1)
    assert changed != tail
    lines[line - 1] = head + changed
    bad = tmp_path / path.name
    bad.write_text("".join(lines))
    reports = check_file(bad)
    problems = [p for r in reports for p in r.problems]
    assert exit_status(reports) in (1, 2)
    assert problems and {p.line for p in problems} == {line}, [str(p) for p in problems]


SETUP_CORRUPTIONS = [
    # (file, old text, new text, the text of the line the first problem points at, its rule)
    (
        "face-down-swap.yaml",
        "discard: [7C]\n    to_move: Mei\nsteps:",
        "discard: [7S]\n    to_move: Mei\nsteps:",
        "discard_top: 7C",
        "GOLF-REPLACE",
    ),
    (
        "face-down-swap.yaml",
        "BL: down QD}\n    discard: [7C]\n    to_move",
        "BL: down QS}\n    discard: [7C]\n    to_move",
        "revealed: QD",
        "GOLF-REPLACE",
    ),
    ("face-down-swap.yaml", "stock: [9S]", "stock: [9D]", "expect: {holding: 9S}", "GOLF-DRAW"),
    (
        "layout-9-and-27.yaml",
        "BL: 8C, BM: KD",
        "BL: 9C, BM: KD",
        "columns: {Mei: {left: 0, middle: -2, right: 11}}",
        "GOLF-VALUES",
    ),
    (
        "layout-9-and-27.yaml",
        "TM: 2S, TR: AC, BL: QC",
        "TM: 3S, TR: AC, BL: QC",
        "columns: {Mei: {left: 18, middle: -2, right: 11}}",
        "GOLF-VALUES",
    ),
    (
        "two-twos.yaml",
        "TL: 2S, TM: KD",
        "TL: 3S, TM: KD",
        "columns: {Mei: {left: 0, middle: 0, right: 0}}",
        "GOLF-VALUES",
    ),
    (
        "j-over-q.yaml",
        "BL: QS",
        "BL: JS",
        "columns: {Mei: {left: 20, middle: 0, right: 0}}",
        "GOLF-COLUMN",
    ),
    ("end-of-hand.yaml", "stock: [JD]", "stock: [KD]", "score: {Mei: 46, Ben: 0}", "GOLF-COLUMN"),
    (
        "nine-holes.yaml",
        "Jia: [9, 4, -2,",
        "Jia: [9, 4, 2,",
        "totals: {Jia: 40, Yi: 43}",
        "GOLF-MATCH",
    ),
    (
        "three-player-start.yaml",
        "  - Ann: flip BR\n",
        "  - Ann: flip TL\n",
        "  - Ann: flip TL",
        "GOLF-FLIP-TWO",
    ),
    (
        "stock-out.yaml",
        "    stock_size: 0\n    discard: [9S]\n    to_move: Mei\nsteps:\n  - Mei: draw",
        "    stock_size: 1\n    discard: [9S]\n    to_move: Mei\nsteps:\n  - Mei: draw",
        "illegal: GOLF-STOCK-OUT",
        "GOLF-STOCK-OUT",
    ),
]


@pytest.mark.parametrize(
    ("name", "old", "new", "where", "rule"),
    SETUP_CORRUPTIONS,
    ids=setup_corruption_ids(SETUP_CORRUPTIONS),
)
def test_corrupted_setup_or_move_is_caught_at_the_right_line(tmp_path, name, old, new, where, rule):
    check_setup_corruption("golf", name, old, new, where, rule, tmp_path)


def test_every_shipped_file_names_the_schema_for_editors():
    for path in GOLF:
        assert path.read_text().startswith("# yaml-language-server: $schema=../example.schema.json")
    assert (ROOT / "examples/example.schema.json").is_file()  # the file the line names


def test_docs_describe_every_claim():
    docs = (ROOT / "docs" / "examples.md").read_text()
    schema = json.loads((ROOT / "cardlib/data/example.schema.json").read_text())
    for claim in schema["$defs"]["golf-expect"]["properties"]:
        assert f"`{claim}`" in docs, claim
    assert Path(ROOT / "README.md").read_text().count("cardlib check") >= 1


@pytest.mark.parametrize("path", GOLF, ids=lambda p: p.stem)
def test_random_damage_never_crashes_the_checker(tmp_path, path):
    check_random_damage(path, tmp_path, rounds=40)
