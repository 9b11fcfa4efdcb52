"""The one-page rules sheets (cardlib.sheets): made from the catalogue, for every game; what
they hold, the command that prints one, and the student edition's ``sheets/``.  That a sheet
fits one printed page of A4 and of Letter is measured in Chromium
(tests/browser/test_sheets_browser.py)."""

from __future__ import annotations

import ast
import html
import re
import sys
from pathlib import Path

import pytest

from cardlib.catalogue import rules
from cardlib.games import GAMES
from cardlib.sheets import sheet, write_sheets
from tests.conftest import ROOT

sys.path.insert(0, str(ROOT / "tools"))
import course

GAMES_OF_THE_CATALOGUE = rules.games()


def _sections(page: str) -> list[tuple[str, str]]:
    """(heading, body) of each section of a sheet."""
    return re.findall(r"<section><h2>(.*?)</h2>(.*?)</section>", page, re.S)


@pytest.mark.parametrize("game", GAMES_OF_THE_CATALOGUE)
def test_a_sheet_has_every_rule_in_one_line_grouped_as_the_game_is_played(game):
    page = sheet(game)
    assert page.startswith("<!DOCTYPE html>") and "@media print" in page and "@page" in page
    phases = rules.phases(game)
    found = _sections(page)
    assert [h for h, _ in found[: len(phases)]] == [html.escape(p) for p in phases]
    named = set(rules.rule_sets(game))
    for (_, body), members in zip(found, phases.values(), strict=False):
        items = re.findall(r"<li>(.*?)</li>", body)
        assert len(items) == len(members)
        for item, rule in zip(items, members, strict=True):
            assert item.startswith(f'<span class="id">{rule.id}</span> {html.escape(rule.summary)}')
            tag = re.search(r'<span class="only">\[(.*?)\]</span>', item)
            if named <= set(rule.rule_sets):
                assert tag is None, rule.id
            else:  # the rule sets where the rules differ
                assert tag and tag.group(1) == html.escape(", ".join(rule.rule_sets)), rule.id
    for name, words in rules.rule_sets(game).items():
        assert f"<b>{html.escape(name)}</b>: {html.escape(words)}" in page


@pytest.mark.parametrize("game", GAMES_OF_THE_CATALOGUE)
def test_a_sheet_shows_the_values_tables_as_the_rules_compute_them(game):
    page = sheet(game)
    for rule in rules.for_game(game):
        if rule.table is None:
            continue
        (body,) = [b for h, b in _sections(page) if h.startswith(html.escape(rule.table.title))]
        head, values = re.findall(r"<tr>(.*?)</tr>", body)
        cells = lambda row: re.findall(r"<td>(.*?)</td>", row)  # noqa: E731
        rows = rule.table.rows()
        assert cells(head) == [html.escape(label) for label, _ in rows]
        assert cells(values) == [str(v) for _, v in rows]


def test_the_tables_are_golfs_values_and_rooks_counters():
    """What a learner looks up on the sheets (issue 28): worked out by the engines."""
    golf = dict(rules["GOLF-VALUES"].table.rows())
    assert (golf["A"], golf["2"], golf["10"], golf["J"], golf["Q"], golf["K"]) == (
        1,
        -2,
        10,
        10,
        10,
        0,
    )
    rook = dict(rules["ROOK-COUNT"].table.rows())
    assert sum(v for k, v in rook.items() if k != "Rook") * 4 + rook["Rook"] == 120


def test_a_sheet_needs_nothing_from_the_network():
    for game in GAMES_OF_THE_CATALOGUE:
        page = sheet(game)
        assert not re.search(r"\b(?:src|href)=|@import|url\(", page), game


def test_the_command_prints_a_sheet_and_refuses_what_is_not_one_game(cli):
    result = cli("rules", "--sheet", "rook")
    assert result.returncode == 0 and result.stderr == "" and result.stdout == sheet("rook")
    for args in ([], ["golf", "rook"], ["chess"], ["GOLF-DEAL"]):
        result = cli("rules", "--sheet", *args)
        assert result.returncode == 2 and result.stdout == ""
        assert result.stderr.startswith("cardlib: --sheet takes one game (")
        assert "Traceback" not in result.stderr and result.stderr.count("\n") == 1


def test_sheets_are_written_for_every_game_and_the_student_edition_has_them(tmp_path):
    written = write_sheets(tmp_path / "sheets")
    assert [p.name for p in written] == [f"{g}.html" for g in GAMES_OF_THE_CATALOGUE]
    course.build_student(tmp_path / "student", fallback=True)
    for game in GAMES_OF_THE_CATALOGUE:
        path = tmp_path / "student" / "sheets" / f"{game}.html"
        assert path.read_text(encoding="utf-8") == sheet(game)
    assert (tmp_path / "student" / "docs" / "glossary.md").is_file()


def _code_strings(path: Path) -> list[str]:
    """The string constants of a module's code (its docstrings left out: they may show an
    example game)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.FunctionDef | ast.ClassDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return [
        n.value
        for n in ast.walk(tree)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docstrings
    ]


@pytest.mark.parametrize("module", ["cardlib/sheets.py", "tools/notebook_text.py"])
def test_the_material_names_no_game(module):
    """Nothing outside a game's folder names a game: the sheets and the notebooks' text are
    made from what the catalogue and the registry say."""
    names = {w for g in GAMES for w in (g, GAMES[g].name, GAMES[g].title)}
    names |= {w for g in GAMES_OF_THE_CATALOGUE for w in (g, rules.name(g))}
    prefixes = {r.split("-")[0] for r in rules}
    for text in _code_strings(ROOT / module):
        for name in names:
            assert not re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text, re.I), (name, text)
        for prefix in prefixes:
            assert not re.search(rf"\b{prefix}-[A-Z]", text), (prefix, text)
