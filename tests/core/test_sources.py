"""The traceability tables (cardlib/<game>/sources.yaml): every statement of the
sources maps to a rule or an example or says why not; every rule and every example of the
game is cited (a rule may instead carry an interpretation); ids are unique, and the rule
IDs and example files named exist."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from cardlib.catalogue import Statement, parse_sources, rules, sources
from tests.conftest import EXAMPLES, ROOT

GAMES = ["golf", "go-fish", "rook"]


def example_path(game: str, name: str) -> Path:
    """An example as a table names it: from the repository root (examples/golf/x.yaml) or
    inside the game's folder (x.yaml)."""
    return ROOT / name if "/" in name else EXAMPLES / game / name


def trace_problems(game: str, table: list[Statement]) -> list[str]:
    """What is wrong with a game's table (empty: nothing)."""
    problems = []
    ids = [s.id for s in table]
    problems += [
        f"statement id {i} is used twice" for i in sorted({i for i in ids if ids.count(i) > 1})
    ]
    game_rules = {r.id for r in rules.for_game(game)}
    cited_rules: set[str] = set()
    cited_examples: set[Path] = set()
    for s in table:
        if not (s.rules or s.examples or s.not_implemented):
            problems.append(f"{s.id}: maps to no rule or example and does not say why")
        if not s.says.strip():
            problems.append(f"{s.id}: no paraphrase")
        for r in s.rules:
            if r not in game_rules:
                problems.append(f"{s.id}: {r} is not a rule ID of {game}")
            cited_rules.add(r)
        for e in s.examples:
            path = example_path(game, e)
            if not path.is_file():
                problems.append(f"{s.id}: the example {e} does not exist")
            cited_examples.add(path.resolve())
    interpreted = {r.id for r in rules.for_game(game) if r.interpretations}
    for r in sorted(game_rules - cited_rules - interpreted):
        problems.append(f"{r} is cited by no statement and has no interpretation")
    for path in sorted((EXAMPLES / game).glob("*.yaml")):
        if path.resolve() not in cited_examples:
            problems.append(f"the example {path.relative_to(ROOT)} is cited by no statement")
    return problems


@pytest.mark.parametrize("game", GAMES)
def test_every_statement_is_traced(game):
    if game not in sources.games():
        pytest.skip(f"no traceability table for {game} yet")
    table = sources.statements(game)
    assert table
    assert trace_problems(game, table) == []


@pytest.mark.parametrize("game", GAMES)
def test_the_table_prints(game, cli):
    if game not in sources.games():
        pytest.skip(f"no traceability table for {game} yet")
    result = cli("rules", "--sources", game)
    assert result.returncode == 0 and result.stderr == ""
    for s in sources.statements(game):
        assert s.id in result.stdout
    counts = sources.counts(game)
    assert counts["statements"] == counts["implemented"] + counts["not implemented"]


FIXTURE = """
game: golf
sources:
  - file: golf.md
    title: Six Card Golf (fixture)
    statements:
      - {id: g-1, section: "1", says: pairs in a column score nothing, rules: [GOLF-COLUMN]}
      - {id: g-1, section: "1", says: the same id again, rules: [GOLF-NO-SUCH-RULE]}
      - {id: g-2, section: "2", says: cites nothing and says nothing}
      - {id: g-3, section: "3", says: an example that is not there, examples: [no-such.yaml]}
      - {id: g-4, section: "4", says: a choice left out, not_implemented: the table agrees it}
"""


def test_a_bad_table_fails_for_each_reason():
    table = parse_sources(yaml.safe_load(FIXTURE))
    problems = trace_problems("golf", table)
    text = "\n".join(problems)
    assert "statement id g-1 is used twice" in text
    assert "GOLF-NO-SUCH-RULE is not a rule ID of golf" in text
    assert "g-2: maps to no rule or example" in text
    assert "the example no-such.yaml does not exist" in text
    assert "g-4" not in text  # deliberately not implemented, and says why
    uncited = [
        r.id for r in rules.for_game("golf") if r.id != "GOLF-COLUMN" and not r.interpretations
    ]
    assert all(f"{r} is cited by no statement" in text for r in uncited)
    assert "examples/golf/face-down-swap.yaml is cited by no statement" in text
    assert table[-1].implemented_by() == "not implemented: the table agrees it"


def test_interpretations_are_listed_shown_and_printed():
    from cardlib.catalogue import Interpretation, Rule

    chosen = Interpretation("X-1", ("base",), "The engine picks the first.", "first=True")
    rule = Rule("X-1", "x", "Title", "Text.", ("A source",), ("base",), (chosen,))
    assert (
        "Interpretation (base): The engine picks the first. Switch: first=True." in rule.explain()
    )
    assert "Interpretation" in rule._repr_html_() and "first=True" in rule._repr_html_()
    for game in GAMES:
        listed = rules.interpretations(game)
        assert listed == [i for r in rules.for_game(game) for i in r.interpretations]
        for i in listed:
            assert i.rule_sets and i.says
            assert set(i.rule_sets) <= set(rules.rule_sets(game)) | {"house rule", "variant"}
            for rule_set in i.rule_sets:
                assert i in rules.interpretations(game, rule_set)


NOTEBOOKS = {"golf": "golf.ipynb", "go-fish": "go-fish.ipynb", "rook": "rook.ipynb"}


@pytest.mark.parametrize("game", list(NOTEBOOKS))
def test_each_rule_section_of_the_notebook_links_to_its_statements(game):
    """Under every ``## RULE-ID:`` heading, the notebook names exactly the statements of the
    traceability table that cite the rule, and it lists the rule set's interpretations."""
    import json

    nb = json.loads((ROOT / "notebooks" / NOTEBOOKS[game]).read_text())
    text = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    for rule in rules.for_game(game):
        section = text.split(f"## {rule.id}:", 1)[1]
        traced = next(line for line in section.splitlines() if line.startswith("*Traced"))
        named = re.findall(r"`([a-z0-9-]+)`", traced.split("(`cardlib")[0])
        assert named == [s.id for s in sources.for_rule(rule.id)], rule.id
    code = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
    assert f"rules.interpretations({game!r}, rule_set)" in code
