"""tools/notebook_text.py: the notebooks' text made from the catalogue (the articles' own
words under each rule section, the rules in one line each, the capstone, the house-rule
project, the links onward), written into copies of the committed notebooks here: the tool
is run on notebooks/ itself only after the exercises' notebooks are merged."""

from __future__ import annotations

import copy
import json
import re
import sys
from pathlib import Path

import nbformat
import pytest

from cardlib.catalogue import rules, sources
from cardlib.games import GAMES
from tests.conftest import ROOT

sys.path.insert(0, str(ROOT / "tools"))
import course
import notebook_text as tool

NOTEBOOKS = ROOT / "notebooks"


def _read(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _text(cell: dict) -> str:
    return "".join(cell["source"])


@pytest.fixture(scope="module")
def updated(tmp_path_factory) -> dict[str, tuple[dict, dict]]:
    """Each committed notebook without the tool's cells (before) and that copy after the
    tool ran (after): the tool writes its cells again from the catalogue."""
    folder = tmp_path_factory.mktemp("notebooks")
    before = {}
    for path in NOTEBOOKS.glob("*.ipynb"):
        nb = _read(path)
        nb["cells"] = [c for c in nb["cells"] if tool.kind(c) is None]
        before[path.stem] = nb
        (folder / path.name).write_text(tool.dumps(nb), encoding="utf-8")
    changed = tool.update_folder(folder)
    assert set(changed) == {f"{g}.ipynb" for g in rules.games()} | {
        "start-here.ipynb",
        "simulations.ipynb",
    }
    return {p.stem: (before[p.stem], _read(p)) for p in folder.glob("*.ipynb")}


def test_a_second_run_changes_nothing(tmp_path, updated):
    for name, (_, after) in updated.items():
        (tmp_path / f"{name}.ipynb").write_text(tool.dumps(after), encoding="utf-8")
    assert tool.update_folder(tmp_path, check=True) == []
    assert tool.update_folder(tmp_path) == []
    assert tool.main(["--check", str(tmp_path)]) == 0


def test_what_nbval_runs_is_unchanged_and_the_notebooks_stay_valid(updated):
    """Strict nbval runs the code cells and compares their outputs: every code cell is as it
    was, in the same order; every cell the tool wrote is markdown; the rest of the text is
    kept, line for line."""
    for name, (before, after) in updated.items():
        code = lambda nb: [c for c in nb["cells"] if c["cell_type"] == "code"]  # noqa: E731
        assert code(after) == code(before), name
        ours = [c for c in after["cells"] if tool.kind(c) is not None]
        assert all(c["cell_type"] == "markdown" for c in ours), name
        kept = lambda nb: [  # noqa: E731
            line
            for c in nb["cells"]
            if c["cell_type"] == "markdown" and tool.kind(c) is None
            if not _text(c).startswith(tool.SUMMARY)
            for line in _text(c).splitlines()
            if line.strip()
        ]
        assert kept(after) == kept(before), name
        nbformat.validate(nbformat.from_dict(copy.deepcopy(after)))
        ids = [c["id"] for c in after["cells"]]
        assert len(ids) == len(set(ids)), name


@pytest.mark.parametrize("game", rules.games())
def test_each_rule_section_quotes_its_statements_in_the_original(game, updated):
    cells = updated[game][1]["cells"]
    for rule in rules.for_game(game):
        heading = next(i for i, c in enumerate(cells) if f"## {rule.id}:" in _text(c))
        traced = next(i for i in range(heading, len(cells)) if tool.TRACED in _text(cells[i]))
        assert _text(cells[traced]).rstrip().splitlines()[-1].startswith(tool.TRACED)
        quoted = cells[traced + 1]
        assert tool.kind(quoted) == "sources" and quoted["metadata"]["cardlib"]["rule"] == rule.id
        text = _text(quoted)
        said = sources.for_rule(rule.id)
        assert said, rule.id
        for s in said:
            assert f"`{s.id}`" in text and tool._escape(s.says) in text, (rule.id, s.id)
            for q in s.quotes:
                assert tool._escape(q) in text, (rule.id, s.id)
        if len(said) > 2:
            assert text.startswith("<details>") and text.endswith("</details>")


@pytest.mark.parametrize("game", rules.games())
def test_each_game_ends_with_its_rules_in_one_line_the_capstone_and_what_next(game, updated):
    cells = updated[game][1]["cells"]
    kinds = [tool.kind(c) for c in cells]
    summary, capstone = kinds.index("summary"), kinds.index("capstone")
    check = next(i for i, c in enumerate(cells) if _text(c).startswith("## Self-check"))
    assert summary + 1 == capstone and capstone + 1 == check
    assert kinds[-1] == "next" and kinds.count("summary") == 1
    text = _text(cells[summary])
    for rule in rules.for_game(game):
        assert f"* `{rule.id}` {tool._escape(rule.summary)}" in text
    for link in (f"(sheets/{game}.html)", "(docs/glossary.md)"):
        assert link in text
    capstone_text = _text(cells[capstone])
    assert "Save example" in capstone_text and "cardlib check" in capstone_text
    assert rules.name(game) in capstone_text and "rubric" in capstone_text
    if GAMES[game].whole_game:
        assert GAMES[game].whole_game_words in capstone_text
    for link in ("(simulations.ipynb)", "(rule-writers.ipynb)"):
        assert link in _text(cells[-1])


def test_start_here_and_the_simulations_link_on_and_propose_a_house_rule(updated):
    cells = updated["start-here"][1]["cells"]
    where = next(i for i, c in enumerate(cells) if "## Where to next" in _text(c))
    assert tool.kind(cells[where + 1]) == "next"
    for link in ("(simulations.ipynb)", "(rule-writers.ipynb)", "(docs/glossary.md)"):
        assert link in _text(cells[where + 1])
    cells = updated["simulations"][1]["cells"]
    summary = next(i for i, c in enumerate(cells) if _text(c).startswith("## Summary"))
    project = _text(cells[summary - 1])
    assert tool.kind(cells[summary - 1]) == "house-rule"
    assert project.startswith("## Project: design a house rule")
    assert "`compare(game, [*the sources' rule sets" in project  # measured by the rule lab
    for rule in rules.values():
        for i in rule.interpretations:
            if i.switch:
                assert f"`{rule.id}`" in project and i.switch in project
        if "house rule" in rule.rule_sets:
            assert f"`{rule.id}`" in project


def test_every_link_the_tool_writes_is_there_in_the_student_edition(tmp_path, updated):
    course.build_student(tmp_path, fallback=True)
    for name, (_, after) in updated.items():
        for cell in after["cells"]:
            if tool.kind(cell) is None:
                continue
            for target in re.findall(r"\]\(([^)\s]+)\)", _text(cell)):
                assert (tmp_path / target).exists(), (name, target)


def test_a_traced_line_ends_its_cell_once():
    said = sources.for_rule("GOLF-ORDER")
    nb = {
        "cells": [
            {
                "cell_type": "markdown",
                "id": "a",
                "metadata": {},
                "source": [
                    "## GOLF-ORDER: dealer's left first\n",
                    "\n",
                    f"{tool.TRACED} `{said[0].id}`.\n",
                    "\n",
                    "What follows the line.",
                ],
            },
            {"cell_type": "code", "id": "b", "metadata": {}, "source": ["1"], "outputs": []},
        ],
        "metadata": {},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    once = tool.update_game(copy.deepcopy(nb), "golf")
    texts = [(c["id"], tool.kind(c), _text(c)) for c in once["cells"]]
    assert texts[0] == (
        "a",
        None,
        "## GOLF-ORDER: dealer's left first\n\n" + nb["cells"][0]["source"][2].rstrip(),
    )
    assert texts[1][:2] == ("cardlib-sources-golf-order", "sources")
    assert texts[2] == ("a-1", None, "What follows the line.")
    assert texts[3][0] == "b"
    assert tool.update_game(copy.deepcopy(once), "golf") == once


def test_markup_in_a_quote_is_shown_as_written():
    """The Go Fish article writes ``3~6 人``: two tildes would strike the text between them."""
    assert tool._escape("3~6 人 … 4~5人 | a*b_c") == "3\\~6 人 … 4\\~5人 \\| a\\*b\\_c"


def test_the_committed_notebooks_are_current():
    assert tool.update_folder(NOTEBOOKS, check=True) == []


def test_the_teachers_guide_gives_the_rubrics_the_notebooks_promise():
    guide = (ROOT / "docs" / "teaching.md").read_text(encoding="utf-8")
    section = guide.split("## Capstones and the house-rule project: rubrics", 1)[1]
    section = section.split("\n## ", 1)[0]
    assert "| capstone (10 points) |" in section and "| house-rule project (10 points) |" in section
    for game in rules.games():
        assert "The teacher's guide gives the rubric." in tool.capstone_text(game)
    assert "The teacher's guide gives the rubric." in tool.house_rule_text()
    for said in (
        "measure it with `compare` against the rule sets of the sources",
        "`tests/tinygame`",
    ):
        assert said in " ".join(section.split()), said  # the project: predict, measure, write up
    kept = guide.split("## Material a class keeps", 1)[1].split("\n## ", 1)[0]
    for game in rules.games():
        assert f"`sheets/{game}.html`" in kept
    assert "`docs/glossary.md`" in kept and "tools/notebook_text.py" in kept
