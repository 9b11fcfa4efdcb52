"""Every registered game's worked examples (``examples/<game>/``, or the YAML files of its
tests folder for a game from outside, as the tiny game's): each passes ``cardlib check``;
every claimed flag, number, card, move, name, rule and phase, changed, is caught at its own
line; hand-made changes to setups and moves are caught with the right rule at the right
line; hostile files get one line and exit 2; random damage never crashes the checker; the
format is documented, and every rule is in the engine, the notebook and the tests.

A game supplies data, not test code: ``tests/<its package>/example_data.py`` (optional;
the package of its claims module, as for its invariants) may give

* ``NAMED``: names of examples that must be there; ``NARRATION``: file -> what the
  checker's narration of it says;
* ``CYCLES``: claim key (or ``"*"``) -> lists of words, a word in a claim changed to the
  next of its list (players, rule IDs, flags and numbers change without being listed);
  ``MIN_CORRUPTIONS`` and ``CORRUPTED``: how many claims at least, and which values, the
  changes reach;
* ``SETUP_CORRUPTIONS``: (file, old text, new text, the text of the line the first problem
  points at, its rule), ``SETUP_STATUSES`` the exit statuses they may give (default 1);
* ``HOSTILE``: name -> (file text, the line of its one diagnostic, its rule);
* ``DAMAGE_ROUNDS`` (default 15), ``DOCS`` (docs/examples.md's heading for the game and the
  example schema's definitions it describes, ``name/property`` for one nested), ``NOTEBOOK``
  (the notebook teaching its rules under ``## <ID>: ...`` headings, in catalogue order;
  ``NOTEBOOK_TITLED``: each heading gives the rule's title).
"""

from __future__ import annotations

import importlib
import importlib.util
import re
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from cardlib.catalogue import CATALOGUE, SOURCES, rules
from cardlib.check import narrate
from cardlib.cli import main
from cardlib.games import GAMES
from tests.conftest import EXAMPLES, ROOT
from tests.support.examples import (
    changer,
    check_claim_corruption,
    check_documented,
    check_example_passes,
    check_hostile_file,
    check_hostile_files_through_the_command,
    check_names_the_schema,
    check_notebook_headings,
    check_random_damage,
    check_rule_ids_everywhere,
    check_setup_corruption,
    claim_corruption_ids,
    claim_corruptions,
    example_schema_defs,
)


def _package(game_id: str) -> str:
    """The package of a game's claims module (cardlib.golf -> golf, tests.tinygame -> tinygame),
    whose name its tests folder has."""
    return GAMES[game_id].claims_module.split(".")[-2]


def _data(game_id: str) -> ModuleType | None:
    name = f"tests.{_package(game_id)}.example_data"
    return importlib.import_module(name) if importlib.util.find_spec(name) else None


def _examples(game_id: str) -> list[Path]:
    """The game's worked examples: those it ships, and those beside its tests."""
    beside = [
        p
        for p in sorted((ROOT / "tests" / _package(game_id)).glob("*.yaml"))
        if p.name not in (CATALOGUE, SOURCES)  # its rules, not an example
    ]
    mine = [p for p in beside if re.search(rf"^game: {re.escape(game_id)}$", p.read_text(), re.M)]
    return sorted((EXAMPLES / game_id).glob("*.yaml")) + mine


def _rules(game_id: str) -> list[str]:
    """The game's rule IDs: its folder's catalogue (a game from outside's too)."""
    return list(GAMES[game_id].rules)


IDS = list(GAMES)
DATA = {g: _data(g) for g in IDS}
EXAMPLE_FILES = {g: _examples(g) for g in IDS}
SHIPPED = [g for g in IDS if (EXAMPLES / g).is_dir()]


def _given(name: str, default: Any = None) -> dict[str, Any]:
    """game -> what its data gives as ``name`` (the games whose data gives it)."""
    return {
        g: getattr(d, name, default)
        for g, d in DATA.items()
        if d is not None and getattr(d, name, default) is not None
    }


def _per_game(table: dict[str, Any]) -> list[Any]:
    return [pytest.param(g, table[g], id=g) for g in table]


def test_every_registered_game_has_worked_examples():
    assert IDS and all(EXAMPLE_FILES[g] for g in IDS), EXAMPLE_FILES


# -- each example passes ---------------------------------------------------------------


@pytest.mark.parametrize(
    "path", [pytest.param(p, id=f"{g}-{p.stem}") for g in IDS for p in EXAMPLE_FILES[g]]
)
def test_shipped_example_passes(path):
    check_example_passes(path)


@pytest.mark.parametrize(("game_id", "names"), _per_game(_given("NAMED")))
def test_the_named_examples_are_all_there(game_id, names):
    assert names <= {p.stem for p in EXAMPLE_FILES[game_id]}


@pytest.mark.parametrize("game_id", SHIPPED)
def test_every_shipped_file_names_the_schema_for_editors(game_id):
    check_names_the_schema(sorted((EXAMPLES / game_id).glob("*.yaml")))
    assert (EXAMPLES / "example.schema.json").is_file()  # the file the line names


@pytest.mark.parametrize(("game_id", "narration"), _per_game(_given("NARRATION")))
def test_narration_names_the_rules_and_confirms_the_claims(game_id, narration):
    for name, says in narration.items():
        text = narrate(EXAMPLES / game_id / name)
        assert all(s in text for s in says), [s for s in says if s not in text]
        assert text.endswith("passed")


@pytest.mark.parametrize("game_id", IDS)
def test_the_command_checks_the_games_examples(game_id, capsys):
    files = EXAMPLE_FILES[game_id]
    folder = EXAMPLES / game_id
    assert main(["check", *([str(folder)] if folder.is_dir() else map(str, files))]) == 0
    out = capsys.readouterr().out
    assert re.fullmatch(
        rf"(\d+) examples? in {len(files)} files?: \1 passed, 0 failed, 0 invalid "
        r"\(\d+ claims checked\)\n",
        out,
    ), out


# -- corruptions: every claimed value, changed, is caught at its own line ------------------

CORRUPTIONS = {
    g: list(
        claim_corruptions(
            EXAMPLE_FILES[g], changer(_rules(g), getattr(DATA[g], "CYCLES", None) or {})
        )
    )
    for g in IDS
}


@pytest.mark.parametrize("game_id", IDS)
def test_there_are_many_corruptions_of_each_example(game_id):
    corruptions = CORRUPTIONS[game_id]
    assert {p for p, *_ in corruptions} == set(EXAMPLE_FILES[game_id])
    data = DATA[game_id]
    assert len(corruptions) >= getattr(data, "MIN_CORRUPTIONS", 1)
    olds = {old for *_, old, _new in corruptions}
    assert getattr(data, "CORRUPTED", set()) <= olds, getattr(data, "CORRUPTED", set()) - olds


@pytest.mark.parametrize(
    ("game_id", "path", "line", "col", "old", "new"),
    [
        pytest.param(g, *c, id=f"{g}-{i}")
        for g in IDS
        for c, i in zip(CORRUPTIONS[g], claim_corruption_ids(CORRUPTIONS[g]), strict=True)
    ],
)
def test_corrupted_claim_is_caught_at_its_line(tmp_path, game_id, path, line, col, old, new):
    check_claim_corruption(path, line, col, old, new, _rules(game_id), tmp_path)


@pytest.mark.parametrize(
    ("game_id", "name", "old", "new", "where", "rule"),
    [
        pytest.param(g, *row, id=f"{g}-{row[0]}-{i}")
        for g, table in _given("SETUP_CORRUPTIONS").items()
        for i, row in enumerate(table)
    ],
)
def test_corrupted_setup_or_move_is_caught_at_the_right_line(
    tmp_path, game_id, name, old, new, where, rule
):
    statuses = getattr(DATA[game_id], "SETUP_STATUSES", (1,))
    check_setup_corruption(game_id, name, old, new, where, rule, tmp_path, statuses=statuses)


# -- hostile and malformed input: one line, exit 2 -----------------------------------------

HOSTILE = _given("HOSTILE")


@pytest.mark.parametrize(
    ("game_id", "name"),
    [pytest.param(g, name, id=f"{g}-{name}") for g, table in HOSTILE.items() for name in table],
)
def test_hostile_file_gets_one_line_and_exit_2(tmp_path, capsys, game_id, name):
    check_hostile_file(name, *HOSTILE[game_id][name], tmp_path, capsys)


@pytest.mark.parametrize(("game_id", "hostile"), _per_game(HOSTILE))
def test_hostile_files_through_the_command(tmp_path, game_id, hostile):
    check_hostile_files_through_the_command(hostile, tmp_path)


@pytest.mark.parametrize(
    ("path", "rounds"),
    [
        pytest.param(p, getattr(DATA[g], "DAMAGE_ROUNDS", 15), id=f"{g}-{p.stem}")
        for g in IDS
        for p in EXAMPLE_FILES[g]
    ],
)
def test_random_damage_never_crashes_the_checker(tmp_path, path, rounds):
    check_random_damage(path, tmp_path, rounds=rounds)


# -- the format is documented, and every rule is taught and tested ------------------------


def test_the_readme_shows_the_checker():
    assert "cardlib check" in (ROOT / "README.md").read_text()


@pytest.mark.parametrize(("game_id", "docs"), _per_game(_given("DOCS")))
def test_docs_describe_every_claim_setup_and_option(game_id, docs):
    heading, paths = docs
    defs = example_schema_defs()
    names: list[str] = []
    for path in paths:
        name, _, nested = path.partition("/")
        properties = defs[name]["properties"]
        names += properties[nested]["properties"] if nested else properties
    check_documented(heading, names)


@pytest.mark.parametrize(("game_id", "notebook"), _per_game(_given("NOTEBOOK")))
def test_every_rule_id_is_in_the_engine_the_notebook_and_the_tests(game_id, notebook):
    package = _package(game_id)
    check_rule_ids_everywhere(game_id, notebook, f"{package}/*.py", f"{package}/*.py")


@pytest.mark.parametrize(("game_id", "notebook"), _per_game(_given("NOTEBOOK")))
def test_the_notebook_teaches_the_rules_in_catalogue_order(game_id, notebook):
    game_rules = rules.for_game(game_id)
    prefix = "## " + game_rules[0].id.split("-")[0] + "-"
    headings = check_notebook_headings(game_id, notebook, prefix)
    titled = getattr(DATA[game_id], "NOTEBOOK_TITLED", False)
    for heading, rule in zip(headings, game_rules, strict=True):
        assert heading.startswith(f"## {rule.id}: "), heading
        assert not titled or heading == f"## {rule.id}: {rule.title}", heading
