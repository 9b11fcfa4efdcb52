"""The Rook worked examples: each passes; every claimed number, card, move, flag, name, team,
colour and phase, changed, is caught at its own line; hand-made changes to setups and moves
are caught with the right rule at the right line; hostile files get one line and exit 2.
And every ROOK- rule is in the engine, the notebook and the tests, and the notebook teaches
them in catalogue order."""

from __future__ import annotations

import re

import pytest

from cardlib import rules
from cardlib.check import narrate
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

ROOK = sorted((EXAMPLES / "rook").glob("*.yaml"))
GAME_RULES = [r.id for r in rules.for_game("rook")]


@pytest.mark.parametrize("path", ROOK, ids=lambda p: p.stem)
def test_shipped_example_passes(path):
    check_example_passes(path)


def test_the_article_examples_are_all_there():
    names = {p.stem for p in ROOK}
    assert {
        "deal",
        "auction",
        "full-hand",
        "play-rulings",
        "scoring",
        "game-to-300",
        "all-pass",
    } <= names
    # the worked hand claims the article's nine tricks, each winner and its counters
    (hand,) = read_documents(EXAMPLES / "rook" / "full-hand.yaml")
    table = next(
        s["expect"]["tricks"]
        for s in hand["steps"]
        if "expect" in s and len(s["expect"].get("tricks", {})) == 9
    )
    assert [table[str(n)]["counters"] for n in range(1, 10)] == [15, 0, 5, 10, 15, 20, 0, 20, 30]
    winners = [table[str(n)]["winner"] for n in range(1, 10)]
    assert winners == ["South", "North", "North", "South", "South", "North", "North", "North"] + [
        "North"
    ]
    scores = {
        (d["setup"]["game"]["hands"][0]["took"]["NS"], d["steps"][0]["expect"]["score"]["NS"])
        for d in read_documents(EXAMPLES / "rook" / "scoring.yaml")
        if d["setup"]["game"]["hands"][0]["bid"] == {"NS": 95}
    }
    assert scores == {(120, 120), (100, 100), (90, -95)}
    illegal = {
        s["illegal"] for p in ROOK for d in read_documents(p) for s in d["steps"] if "illegal" in s
    }
    assert {"ROOK-FOLLOW", "ROOK-BIRD-LEAD", "ROOK-BIRD-FORCED", "ROOK-BID-RAISE"} <= illegal


def test_every_file_names_the_schema_for_editors():
    check_names_the_schema(ROOK)


def test_narration_names_the_rules_and_confirms_the_claims():
    text = narrate(EXAMPLES / "rook" / "play-rulings.yaml")
    assert "East holds Y7 and must follow yellow" in text and "(ROOK-FOLLOW: " in text
    assert "North plays Rook; trick 1 to North with Rook, counters 30" in text
    assert "✓ the winner of trick 1 (East R13, South R10, West R8, North Rook) = North" in text
    assert text.endswith("passed")


def test_the_cli_checks_the_rook_folder(cli):
    result = cli("check", "examples/rook")
    assert result.returncode == 0, result.stdout
    assert re.fullmatch(
        rf"(\d+) examples in {len(ROOK)} files: \1 passed, 0 failed, 0 invalid \(\d+ claims checked\)\n",
        result.stdout,
    )


# -- corruptions: every claimed value, changed, is caught at its own line ------------------

_CARD = re.compile(r"[RYBG](1[0-4]|[5-9])|Rook")
_MOVE = re.compile(r"(play|bid) (\S+)")
_OTHER_COLOUR = {"R": "Y", "Y": "B", "B": "G", "G": "R"}
_COLOURS = ["red", "yellow", "black", "green"]
_PHASES = ["bid", "nest", "trump", "play", "over"]


def _other_card(text: str) -> str:
    return "G14" if text == "Rook" else _OTHER_COLOUR[text[0]] + text[1:]


def _changed(value: str, players: list[str]) -> str | None:
    """Another card, a bid 5 higher, the next player, the other team, colour, phase or rule."""
    if _CARD.fullmatch(value):
        return _other_card(value)
    if m := _MOVE.fullmatch(value):
        kind, what = m.groups()
        new = str(int(what) + 5) if kind == "bid" else _other_card(what)
        return f"{kind} {new}"
    if value in players:
        return players[(players.index(value) + 1) % 4]
    if value in ("NS", "EW"):
        return {"NS": "EW", "EW": "NS"}[value]
    if value in _COLOURS:
        return _COLOURS[_COLOURS.index(value) - 1]
    if value in _PHASES:
        return _PHASES[_PHASES.index(value) - 1]
    if re.fullmatch(r"ROOK-[A-Z0-9-]+", value):  # a rule claimed (refused:, rule:)
        return "ROOK-DECK" if value != "ROOK-DECK" else "ROOK-DEAL"
    return None


CORRUPTIONS = list(claim_corruptions(ROOK, _changed))


def test_there_are_many_corruptions_of_each_file():
    per_file = {p for p, *_ in CORRUPTIONS}
    assert len(CORRUPTIONS) >= 300 and per_file == set(ROOK)
    kinds = {
        "flag" if old in ("true", "false") else "number" if old.lstrip("-").isdigit() else old[:1]
        for *_, old, _new in CORRUPTIONS
    }
    # flags, numbers, cards (R Y B G and the Rook), moves (play, bid), players, teams, colours
    assert {"flag", "number", "R", "Y", "B", "G", "p", "b", "N", "E", "S", "W", "g"} <= kinds


@pytest.mark.parametrize(
    ("path", "line", "col", "old", "new"),
    CORRUPTIONS,
    ids=claim_corruption_ids(CORRUPTIONS),
)
def test_corrupted_claim_is_caught_at_its_line(tmp_path, path, line, col, old, new):
    check_claim_corruption(path, line, col, old, new, GAME_RULES, tmp_path)


SETUP_CORRUPTIONS = [
    # (file, old text, new text, the text of the line the first problem points at, its rule)
    (
        "full-hand.yaml",
        "North: lay aside R6 R7 R11 B11 R5",
        "North: lay aside R6 R7 R11 B11 Y10",
        "expect: {nest: [R6, R7, R11, B11, R5], nest_counters: 5",
        "ROOK-NEST-TAKE",
    ),
    ("full-hand.yaml", "North: trump green", "North: trump yellow", "trump: green", "ROOK-TRUMP"),
    (
        "full-hand.yaml",
        "    North: play R14\n  - East: play R9",
        "    North: play Rook\n  - East: play R9",
        "  - South: play R10",
        "ROOK-BIRD-LEAD",
    ),
    (
        "full-hand.yaml",
        "      West: [R8, Y8, G5, R12, Y11, B9, Y9, Y6, B7]\n    nest:",
        "      West: [R8, Y8, G5, R12, Y11, B9, Y9, Y6, G9]\n    nest:",
        "    nest: [Y10, B5, Rook, B11, G9]",
        "ROOK-DECK",
    ),
    (
        "auction.yaml",
        "  - South: pass\n    expect: {passed: [South]",
        "  - South: bid 80\n    expect: {passed: [South]",
        "expect: {passed: [South], to_move: West}",
        "ROOK-BID-PASS",
    ),
    (
        "auction.yaml",
        "  - North: bid 70\n    expect: {high_bid: 70",
        "  - North: bid 75\n    expect: {high_bid: 70",
        "expect: {high_bid: 70, high_bidder: North, to_move: East}",
        "ROOK-BID-MIN",
    ),
    (
        "deal.yaml",
        "dealer: West\nsetup:\n  deal:\n    deck:",
        "dealer: North\nsetup:\n  deal:\n    deck:",
        "North: [R5, R10, Y5, Y10, B5, B10, B14, G8, G12]",
        "ROOK-DEAL",
    ),
    (
        "play-rulings.yaml",
        "      - [Y10, Y5, Y12, Y6]\nsteps:\n  - South: play Y13",
        "      - [Y10, Y7, Y12, Y6]\nsteps:\n  - South: play Y13",
        "  - East: play Y7",
        "ROOK-DEAL",
    ),
    (
        "play-rulings.yaml",
        "dealer: North\nsetup:\n  position:",
        "dealer: West\nsetup:\n  position:",
        "    East: play R13",
        "ROOK-LEAD",
    ),
    (
        "play-rulings.yaml",
        "      West: [G5, R8, Y8]\n      North: [Rook, R14,",
        "      West: [G5, R8, Y8]\n      North: [G6, R14,",
        "  - expect: {legal: [play Rook]}",
        "ROOK-FOLLOW",
    ),
    (
        "scoring.yaml",
        "took: {NS: 100, EW: 20}",
        "took: {NS: 90, EW: 30}",
        "expect: {made: true, score: {NS: 100, EW: 20}}",
        "ROOK-SCORE-SET",
    ),
    (
        "game-to-300.yaml",
        "totals: {NS: 270, EW: 250}",
        "totals: {NS: 290, EW: 250}",
        "expect: {totals: {NS: 310, EW: 330}, winner: EW, over: true}",
        "ROOK-GAME",
    ),
    (
        "all-pass.yaml",
        "options: {all_pass: redeal}",
        "options: {all_pass: dealer-takes-70}",
        "expect: {over: true, phase: over, to_move: null",
        "ROOK-ALL-PASS",
    ),
]


@pytest.mark.parametrize(
    ("name", "old", "new", "where", "rule"),
    SETUP_CORRUPTIONS,
    ids=setup_corruption_ids(SETUP_CORRUPTIONS),
)
def test_corrupted_setup_or_move_is_caught_at_the_right_line(tmp_path, name, old, new, where, rule):
    # a card dealt twice makes the file invalid (exit 2) rather than failing (exit 1)
    check_setup_corruption("rook", name, old, new, where, rule, tmp_path, statuses=(1, 2))


# -- hostile and malformed input: one line, exit 2 -----------------------------------------

_HEAD = "example: x\nsource: s\ngame: rook\nplayers: [North, East, South, West]\n"
_HAND = "setup:\n  hand:\n    hands: {hands}\n"
_CLAIM = "steps: [{expect: {nest: 5}}]\n"
_POSITION = (
    "setup:\n  position:\n    hands: {North: [R14, Y5], East: [R5, G5]}\n"
    "    bid: {North: 95}\n    trump: green\n"
)

HOSTILE: dict[str, tuple[str, int, str]] = {
    "unknown-card": (_HEAD + _HAND.format(hands="{North: [R14, X9]}") + _CLAIM, 7, "ROOK-DECK"),
    "card-of-a-1-to-4": (
        _HEAD + _HAND.format(hands="{North: [R14, R4]}") + _CLAIM,
        7,
        "ROOK-DECK",
    ),
    "duplicate-card-in-hands": (
        _HEAD + _HAND.format(hands="{North: [R14, G6], South: [B5, G6]}") + _CLAIM,
        7,
        "ROOK-DECK",
    ),
    "duplicate-card-hand-and-nest": (
        _HEAD
        + _HAND.format(hands="{North: [R14, G6]}")
        + "    nest:\n      - Rook\n      - G6\n"
        + _CLAIM,
        10,
        "ROOK-DECK",
    ),
    "duplicate-card-in-deck": (
        _HEAD + "setup:\n  deal:\n    deck: [" + ", ".join(["R5"] * 41) + "]\n" + _CLAIM,
        7,
        "ROOK-DECK",
    ),
    "unknown-card-in-a-trick": (
        _HEAD + _POSITION + "    tricks:\n      - [R14, R15]\n" + _CLAIM,
        11,
        "ROOK-DECK",
    ),
    "illegal-card-in-a-trick": (
        _HEAD + _POSITION + "    tricks:\n      - [R14, G5]\n" + _CLAIM,
        11,
        "ROOK-FOLLOW",
    ),
    "card-in-a-claim": (
        _HEAD + "setup: {deal: {seed: 1}}\nsteps:\n  - expect: {hand: {North: [R14, Q9]}}\n",
        7,
        "ROOK-DECK",
    ),
    "unknown-player-in-setup": (
        _HEAD + _HAND.format(hands="{Zed: [R14]}") + _CLAIM,
        7,
        "INPUT-PLAYER",
    ),
    "unknown-player-bids": (
        _HEAD + "setup: {deal: {seed: 1}}\nsteps:\n  - Zed: bid 70\n",
        7,
        "INPUT-PLAYER",
    ),
    "unknown-dealer": (
        _HEAD + "dealer: Zed\nsetup: {deal: {seed: 1}}\n" + _CLAIM,
        5,
        "INPUT-PLAYER",
    ),
    "unknown-bidder": (
        _HEAD + "setup:\n  position:\n    hands: {}\n    bid: {Zed: 95}\n" + _CLAIM,
        8,
        "INPUT-PLAYER",
    ),
    "unknown-player-in-a-claim": (
        _HEAD + "setup: {deal: {seed: 1}}\nsteps:\n  - expect: {to_move: Zed}\n",
        7,
        "INPUT-PLAYER",
    ),
    "bad-move": (
        _HEAD + "setup: {deal: {seed: 1}}\nsteps:\n  - North: bet 70\n",
        7,
        "INPUT-MOVE",
    ),
    "bad-bid": (
        _HEAD + "setup: {deal: {seed: 1}}\nsteps:\n  - North: bid seventy\n",
        7,
        "INPUT-MOVE",
    ),
    "bad-move-in-legal": (
        _HEAD + "setup: {deal: {seed: 1}}\nsteps:\n  - expect:\n      legal: [pass, bet 70]\n",
        8,
        "INPUT-MOVE",
    ),
    "three-players": (
        "example: x\nsource: s\ngame: rook\nplayers: [North, East, South]\n"
        "setup: {deal: {seed: 1}}\n" + _CLAIM,
        5,
        "ROOK-TEAMS",  # a rule of the game: the engine refuses the setup, not the format
    ),
    "unknown-rule-set": (
        _HEAD + "rule_set: partnership-2001\nsetup: {deal: {seed: 1}}\n" + _CLAIM,
        5,
        "INPUT-SCHEMA",
    ),
    "unknown-option": (
        _HEAD + "options: {all_pass: shuffle}\nsetup: {deal: {seed: 1}}\n" + _CLAIM,
        5,
        "INPUT-SCHEMA",
    ),
    "unknown-claim": (
        _HEAD + "setup: {deal: {seed: 1}}\nsteps:\n  - expect: {books: {North: 1}}\n",
        7,
        "INPUT-SCHEMA",
    ),
    "ten-cards-in-a-hand": (
        _HEAD
        + _HAND.format(hands="{North: [R5, R6, R7, R8, R9, R10, R11, R12, R13, R14]}")
        + _CLAIM,
        6,
        "ROOK-DEAL",  # the engine's rule, not the schema's (issue 10)
    ),
    "tricks-without-trump": (
        _HEAD + "setup:\n  position:\n    hands: {}\n    bid: {North: 95}\n"
        "    tricks: [[R5]]\n" + _CLAIM,
        6,
        "INPUT-SCHEMA",
    ),
    "impossible-contract": (
        _HEAD + "setup:\n  position:\n    hands: {}\n    bid: {North: 93}\n" + _CLAIM,
        8,
        "ROOK-BID-MIN",
    ),
    "counters-not-120": (
        _HEAD + "setup:\n  game:\n    hands:\n      - {bid: {NS: 95}, took: {NS: 120, EW: 10}}\n"
        "steps: [{expect: {over: false}}]\n",
        8,
        "ROOK-COUNT",
    ),
    "a-hand-after-the-game": (
        _HEAD + "setup:\n  game:\n    totals: {NS: 290, EW: 0}\n    hands:\n"
        "      - {bid: {NS: 70}, took: {NS: 100, EW: 20}}\n"
        "      - {bid: {NS: 70}, took: {NS: 100, EW: 20}}\n"
        "steps: [{expect: {over: true}}]\n",
        10,
        "ROOK-GAME",
    ),
    "a-hand-record-with-no-contract": (
        _HEAD + "setup:\n  game:\n    hands:\n      - {took: {NS: 100, EW: 20}}\n"
        "steps: [{expect: {over: false}}]\n",
        8,
        "INPUT-SCHEMA",
    ),
    "a-game-claim-about-a-hand": (
        _HEAD + "setup: {deal: {seed: 1}}\nsteps:\n  - expect: {totals: {NS: 0}}\n",
        7,
        "INPUT-SCHEMA",
    ),
}


@pytest.mark.parametrize("name", list(HOSTILE), ids=str)
def test_hostile_file_gets_one_line_and_exit_2(tmp_path, capsys, name):
    check_hostile_file(name, *HOSTILE[name], tmp_path, capsys)


def test_hostile_files_through_the_command(tmp_path):
    check_hostile_files_through_the_command(HOSTILE, tmp_path)


@pytest.mark.parametrize("path", ROOK, ids=lambda p: p.stem)
def test_random_damage_never_crashes_the_checker(tmp_path, path):
    check_random_damage(path, tmp_path, rounds=15)


# -- the format is documented, and every rule is taught and tested ------------------------


def test_docs_describe_every_rook_claim_setup_and_option():
    defs = example_schema_defs()
    setup = defs["rook-setup"]["properties"]
    names = [
        *defs["rook-expect"]["properties"],
        *setup,
        *(name for kind in ("hand", "position", "game") for name in setup[kind]["properties"]),
        *defs["rook-options"]["properties"],
    ]
    check_documented("## Rook", names)


def test_every_rook_rule_id_is_in_the_engine_the_notebook_and_the_tests():
    check_rule_ids_everywhere("rook", "rook.ipynb", "rook/*.py", "rook/test_*.py")


def test_rook_notebook_teaches_the_rules_in_catalogue_order():
    headings = check_notebook_headings("rook", "rook.ipynb", "## ROOK-")
    assert all(
        h == f"## {r.id}: {r.title}" for h, r in zip(headings, rules.for_game("rook"), strict=True)
    )


def test_a_card_taken_out_of_the_pack_is_refused_by_rook_deck_where_it_is_written(tmp_path):
    """R4 in a hand is a ROOK-DECK refusal at the card (claimable as refused, issue 33,
    item 13); played, it is an illegal move the example can claim as one."""
    from cardlib.check import check_file

    hand = _HEAD + _HAND.format(hands="{North: [R14, R4]}")
    for text, rule, kind, line in [
        (hand + _CLAIM, "ROOK-DECK", "input", 7),
        (hand + "steps: [{expect: {refused: ROOK-DECK}}]\n", None, None, None),
        (
            _HEAD + "setup: {deal: {seed: 1}}\nsteps:\n  - North: play R3\n",
            "ROOK-DECK",
            "illegal",
            7,
        ),
        (
            _HEAD
            + "setup: {deal: {seed: 1}}\nsteps:\n  - North: play R3\n    illegal: ROOK-DECK\n",
            None,
            None,
            None,
        ),
    ]:
        path = tmp_path / "x.yaml"
        path.write_text(text)
        (report,) = check_file(path)
        if rule is None:
            assert report.passed, [str(p) for p in report.problems]
        else:
            (problem,) = report.problems
            assert (problem.rule, problem.kind, problem.line) == (rule, kind, line), str(problem)
