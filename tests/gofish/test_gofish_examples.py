"""The Go Fish worked examples: each passes; every claimed number, card, flag, name and rule,
changed, is caught at its own line; hand-made changes to setups and moves are caught with the
right rule at the right line; hostile files get one line and exit 2.  And every GF- rule is in
the engine, the notebook and the tests, and the notebook teaches them in catalogue order."""

from __future__ import annotations

import re

import pytest

from cardlib import rules
from cardlib.check import narrate
from cardlib.cli import main
from cardlib.examples import read_documents
from tests.conftest import EXAMPLES
from tests.support.examples import (
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
    setup_corruption_ids,
)

GOFISH = sorted((EXAMPLES / "go-fish").glob("*.yaml"))
GAME_RULES = [r.id for r in rules.for_game("go-fish")]


@pytest.mark.parametrize("path", GOFISH, ids=lambda p: p.stem)
def test_shipped_example_passes(path):
    check_example_passes(path)


def test_the_article_scenarios_and_tables_are_all_there():
    names = {p.stem for p in GOFISH}
    assert {
        "give-all-and-book",
        "lucky-draw",
        "wrong-rank-draw",
        "deal-table",
        "settlement",
        "after-a-miss",
        "empty-hand",
        "stock-runs-out",
        "specific-card",
    } <= names
    docs = read_documents(EXAMPLES / "go-fish" / "deal-table.yaml")
    cells = {(d.get("rule_set"), len(d["players"])) for d in docs}
    assert {(rs, n) for rs in ("pagat", "bicycle", "gamerules") for n in range(2, 7)} <= cells
    for name in ("after-a-miss", "empty-hand", "stock-runs-out"):
        sets = {d["rule_set"] for d in read_documents(EXAMPLES / "go-fish" / f"{name}.yaml")}
        assert sets == {"pagat", "bicycle", "gamerules"}, name


def test_every_file_names_the_schema_for_editors():
    check_names_the_schema(GOFISH)


def test_narration_names_the_rules_and_confirms_the_claims():
    text = narrate(EXAMPLES / "go-fish" / "lucky-draw.yaml")
    assert "draws QH (GF-GO-FISH)" in text and "asks again (GF-LUCKY-DRAW)" in text
    assert "✓ the card fished from the stock by the last request = QH (GF-GO-FISH)" in text
    assert text.endswith("passed")


# -- corruptions: every claimed value, changed, is caught at its own line ------------------

_CARD = re.compile(r"(10|[2-9AJQK])[CDHS]")
_OTHER_SUIT = {"C": "D", "D": "C", "H": "S", "S": "H"}


def _changed(value: str, players: list[str]) -> str | None:
    """A card of another suit, the next player, another rule ID."""
    if _CARD.fullmatch(value):
        return value[:-1] + _OTHER_SUIT[value[-1]]
    if value in players:
        return players[(players.index(value) + 1) % len(players)]
    if value in GAME_RULES:
        return "GF-NEXT" if value != "GF-NEXT" else "GF-CATCH-AGAIN"
    return None


CORRUPTIONS = list(claim_corruptions(GOFISH, _changed))


def test_there_are_many_corruptions_of_each_file():
    per_file = {p for p, *_ in CORRUPTIONS}
    kinds = {
        (old in ("true", "false"), old.isdigit(), old.startswith("GF-"))
        for *_, old, _n in CORRUPTIONS
    }
    assert len(CORRUPTIONS) >= 150 and per_file == set(GOFISH)
    assert len(kinds) >= 4  # flags, numbers, rule IDs, and cards or names


@pytest.mark.parametrize(
    ("path", "line", "col", "old", "new"),
    CORRUPTIONS,
    ids=claim_corruption_ids(CORRUPTIONS),
)
def test_corrupted_claim_is_caught_at_its_line(tmp_path, path, line, col, old, new):
    check_claim_corruption(path, line, col, old, new, GAME_RULES, tmp_path)


SETUP_CORRUPTIONS = [
    # (file, old text, new text, the text of the line the first problem points at, its rule)
    ("lucky-draw.yaml", "stock: [QH, 9C]", "stock: [5D, 9C]", "drawn: QH", "GF-GO-FISH"),
    ("wrong-rank-draw.yaml", "stock: [5H]", "stock: [9H]", "drawn: 5H", "GF-GO-FISH"),
    (
        "wrong-rank-draw.yaml",
        "  - Lin: ask An 9\n",
        "  - Lin: ask An 5\n",
        "again: false",
        "GF-LUCKY-DRAW",
    ),
    (
        "give-all-and-book.yaml",
        "An: [8H, 8D, 5C], Mei: [8C, 6H]}\n    to_move: Lin\nsteps:\n  - note: An",
        "An: [8H, 5D, 5C], Mei: [8C, 6H]}\n    to_move: Lin\nsteps:\n  - note: An",
        "handed_over: [8H, 8D]",
        "GF-GIVE-ALL",
    ),
    (
        "give-all-and-book.yaml",
        "hands: {Lin: [8S], An:",
        "hands: {Lin: [8S, 4H], An:",
        "hand_size: {Lin: 3, An: 1}",
        "GF-GIVE-ALL",
    ),
    (
        "give-all-and-book.yaml",
        "    Lin: ask Mei 8\n    expect:\n      handed_over: [8C]",
        "    Lin: ask Mei 6\n    expect:\n      handed_over: [8C]",
        "Lin: ask Mei 6",
        "GF-ASK-HOLD",
    ),
    # a wrong legal: claim names the rule the engine says decides the first request claimed
    # wrongly: asking yourself (GF-ASK-TARGET), or a legal request left out (GF-ASK-HOLD)
    (
        "wrong-rank-draw.yaml",
        "legal: [ask Lin 3,",
        "legal: [ask An 3, ask Lin 3,",
        "legal: [ask An 3",
        "GF-ASK-TARGET",
    ),
    (
        "wrong-rank-draw.yaml",
        "legal: [ask Lin 3, ask Lin 7,",
        "legal: [ask Lin 7,",
        "legal: [ask Lin 7",
        "GF-ASK-HOLD",
    ),
    ("after-a-miss.yaml", "rule_set: gamerules", "rule_set: pagat", "to_move: Mei", "GF-NEXT"),
    ("empty-hand.yaml", "rule_set: bicycle", "rule_set: pagat", "over: false", "GF-END-EMPTY"),
    (
        "stock-runs-out.yaml",
        "rule_set: pagat\noptions: {keep_playing: true}\n",
        "rule_set: pagat\n",
        "over: false",
        "GF-END-EMPTY",
    ),
    (
        "specific-card.yaml",
        "rule_set: pagat\noptions: {specific_card: true}\n",
        "rule_set: pagat\n",
        "illegal: GF-VAR-CARD",
        "GF-VAR-CARD",
    ),
    (
        "settlement.yaml",
        "    books: {Jia: [2, 3, 4], Yi: [5, 6], Bing: [7]}\n    hands:",
        "    books: {Jia: [2, 3, 4], Yi: [5, 6], Bing: [7, 8]}\n    hands:",
        "books: {Jia: 3, Yi: 2, Bing: 1}",
        "GF-BOOK",
    ),
    (
        "deal-table.yaml",
        "rule_set: bicycle\nplayers: [Ann, Ben, Cy]\n",
        "rule_set: pagat\nplayers: [Ann, Ben, Cy]\n",
        "deal: {each: 7, dealt: 21, stock: 31}",
        "GF-DEAL",
    ),
    (
        "deal-table.yaml",
        "rule_set: bicycle\nplayers: [Ann, Ben, Cy, Di, Ed, Flo]\n",
        "rule_set: gamerules\nplayers: [Ann, Ben, Cy, Di, Ed, Flo]\n",
        "expect: {refused: GF-DEAL}",
        "GF-DEAL",
    ),
]


@pytest.mark.parametrize(
    ("name", "old", "new", "where", "rule"),
    SETUP_CORRUPTIONS,
    ids=setup_corruption_ids(SETUP_CORRUPTIONS),
)
def test_corrupted_setup_or_move_is_caught_at_the_right_line(tmp_path, name, old, new, where, rule):
    check_setup_corruption("go-fish", name, old, new, where, rule, tmp_path)


# -- hostile and malformed input: one line, exit 2 -----------------------------------------

_HEAD = "example: x\nsource: s\ngame: go-fish\nplayers: [Lin, An, Mei]\n"
_POSITION = "setup:\n  position:\n    hands: {hands}\n    to_move: Lin\n"
_CLAIM = "steps: [{expect: {stock: 1}}]\n"

HOSTILE: dict[str, tuple[str, int, str]] = {
    "unknown-card": (
        _HEAD + _POSITION.format(hands="{Lin: [8S, 11H], An: [3C]}") + _CLAIM,
        7,
        "GF-DECK",
    ),
    "card-word": (
        _HEAD + _POSITION.format(hands="{Lin: [8S, joker], An: [3C]}") + _CLAIM,
        7,
        "GF-DECK",
    ),
    "duplicate-card-in-hands": (
        _HEAD + _POSITION.format(hands="{Lin: [8S, 3H], An: [3C, 8S]}") + _CLAIM,
        7,
        "GF-DECK",
    ),
    "duplicate-card-in-stock": (
        _HEAD
        + "setup:\n  position:\n    hands: {Lin: [8S], An: [3C]}\n    stock:\n      - 4D\n      - 8S\n"
        + _CLAIM,
        10,
        "GF-DECK",
    ),
    "card-of-a-book": (
        _HEAD
        + "setup:\n  position:\n    hands: {Lin: [8S], An: [3C]}\n    books:\n      Mei: [8]\n"
        + _CLAIM,
        9,
        "GF-DECK",
    ),
    "duplicate-card-in-deck": (
        _HEAD + "setup:\n  deal:\n    deck: [" + ", ".join(["2C"] * 52) + "]\n" + _CLAIM,
        7,
        "GF-DECK",
    ),
    "four-of-a-rank-in-hand": (
        _HEAD + _POSITION.format(hands="{Lin: [8S, 8H, 8D, 8C], An: [3C]}") + _CLAIM,
        7,
        "GF-BOOK",
    ),
    "unknown-player-in-setup": (
        _HEAD + _POSITION.format(hands="{Lin: [8S], Zed: [3C]}") + _CLAIM,
        7,
        "INPUT-PLAYER",
    ),
    "unknown-player-moves": (
        _HEAD + _POSITION.format(hands="{Lin: [8S], An: [3C]}") + "steps:\n  - Zed: ask An 8\n",
        10,
        "INPUT-PLAYER",
    ),
    "unknown-player-to-move": (
        _HEAD
        + "setup:\n  position:\n    hands: {Lin: [8S], An: [3C]}\n    to_move: Zed\n"
        + _CLAIM,
        8,
        "INPUT-PLAYER",
    ),
    "bad-move": (
        _HEAD + _POSITION.format(hands="{Lin: [8S], An: [3C]}") + "steps:\n  - Lin: take An 8\n",
        10,
        "INPUT-MOVE",
    ),
    "bad-rank-in-move": (
        _HEAD + _POSITION.format(hands="{Lin: [8S], An: [3C]}") + "steps:\n  - Lin: ask An 11\n",
        10,
        "INPUT-MOVE",
    ),
    "unknown-rule-set": (
        _HEAD + "rule_set: hoyle\nsetup: {deal: {seed: 1}}\n" + _CLAIM,
        5,
        "INPUT-SCHEMA",
    ),
    "unknown-option": (
        _HEAD + "options: {refil: true}\nsetup: {deal: {seed: 1}}\n" + _CLAIM,
        5,
        "INPUT-SCHEMA",
    ),
    "unknown-claim": (
        _HEAD + "setup: {deal: {seed: 1}}\nsteps:\n  - expect: {score: {Lin: 1}}\n",
        7,
        "INPUT-SCHEMA",
    ),
    "claim-about-a-request-before-any": (
        _HEAD + "setup: {deal: {seed: 1}}\nsteps:\n  - expect: {drawn: 8S}\n",
        7,
        "INPUT-SCHEMA",
    ),
    "refused-deal-not-claimed": (
        "example: x\nsource: s\ngame: go-fish\nrule_set: bicycle\n"
        "players: [A, B, C, D, E, F]\nsetup:\n  deal: {seed: 1}\n" + _CLAIM,
        7,
        "GF-DEAL",
    ),
}


def test_asking_a_stranger_is_the_engines_refusal(tmp_path, capsys):
    """Whom a request may name is the engine's rule (GF-ASK-TARGET), not an input check of
    the checker: the example's move is illegal, at its line, and the exit is 1."""
    bad = tmp_path / "stranger.yaml"
    bad.write_text(
        _HEAD
        + _POSITION.format(hands="{Lin: [8S], An: [3C], Mei: [4D]}")
        + "steps:\n  - Lin: ask Zed 8\n"
    )
    assert main(["check", str(bad)]) == 1
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith(f"{bad}:10:") and " GF-ASK-TARGET " in first
    assert "Lin cannot ask 'Zed': nobody of that name is playing" in first


@pytest.mark.parametrize("name", list(HOSTILE), ids=str)
def test_hostile_file_gets_one_line_and_exit_2(tmp_path, capsys, name):
    check_hostile_file(name, *HOSTILE[name], tmp_path, capsys)


def test_hostile_files_through_the_command(tmp_path):
    check_hostile_files_through_the_command(HOSTILE, tmp_path)


@pytest.mark.parametrize("path", GOFISH, ids=lambda p: p.stem)
def test_random_damage_never_crashes_the_checker(tmp_path, path):
    check_random_damage(path, tmp_path, rounds=15)


# -- the format is documented, and every rule is taught and tested ------------------------


def test_docs_describe_every_go_fish_claim_setup_and_option():
    defs = example_schema_defs()
    names = [
        *defs["gofish-expect"]["properties"],
        *defs["gofish-setup"]["properties"],
        *defs["gofish-setup"]["properties"]["position"]["properties"],
        *defs["gofish-options"]["properties"],
    ]
    check_documented("## Go Fish", names)


def test_every_gofish_rule_id_is_in_the_engine_the_notebook_and_the_tests():
    check_rule_ids_everywhere("go-fish", "go-fish.ipynb", "gofish/*.py", "gofish/test_*.py")


def test_gofish_notebook_teaches_the_rules_in_catalogue_order():
    check_notebook_headings("go-fish", "go-fish.ipynb", "## GF-")
