"""The Golf worked examples, beyond what tests/core/test_checker.py corrupts (numbers and cards):
every claimed rule, phase, player, legal move and face-down card, changed, is caught at its
own line."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from cardlib import rules
from cardlib.examples import Map, Seq, read_documents
from tests.conftest import EXAMPLES
from tests.support.examples import (
    Corruption,
    check_claim_corruption,
    claim_corruption_ids,
    claim_leaves,
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

    data = yaml.safe_load((ROOT / "cardlib/data/sources/golf.yaml").read_text("utf-8"))
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
    catalogue = yaml.safe_load((ROOT / "cardlib/data/rules/golf.yaml").read_text("utf-8"))
    interpreted = {r["id"] for r in catalogue["rules"] if r.get("interpretations")}
    assert set(GAME_RULES) <= cited_rules | interpreted
    assert {f"examples/golf/{p.name}" for p in GOLF} <= cited_examples
