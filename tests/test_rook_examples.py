"""The Rook worked examples: each passes; every claimed number, card, move, flag, name, team,
colour and phase, changed, is caught at its own line; hand-made changes to setups and moves
are caught with the right rule at the right line; hostile files get one line and exit 2.
And every ROOK- rule is in the engine, the notebook and the tests, and the notebook teaches
them in catalogue order."""

from __future__ import annotations

import json
import random
import re

import pytest

from cardlib import rules
from cardlib.check import check_file, exit_status, narrate
from cardlib.cli import main
from cardlib.examples import read_documents
from tests.conftest import EXAMPLES, ROOT, run_cli
from tests.test_checker import DIAGNOSTIC, claim_leaves, mutations

ROOK = sorted((EXAMPLES / "rook").glob("*.yaml"))
GAME_RULES = [r.id for r in rules.for_game("rook")]


@pytest.mark.parametrize("path", ROOK, ids=lambda p: p.stem)
def test_shipped_example_passes(path):
    reports = check_file(path)
    assert reports and all(r.passed for r in reports), [str(p) for r in reports for p in r.problems]
    assert all(r.claims > 0 for r in reports)


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
    for path in ROOK:
        assert path.read_text().startswith(
            "# yaml-language-server: $schema=../../cardlib/data/example.schema.json\n"
        )


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
        r"(\d+) examples in 7 files: \1 passed, 0 failed, 0 invalid \(\d+ claims checked\)\n",
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


def corruptions():
    for path in ROOK:
        for doc in read_documents(path):
            players = list(doc["players"])
            for step in doc["steps"]:
                if "expect" not in step:
                    continue
                for line, col, value in claim_leaves(step["expect"]):
                    if isinstance(value, bool):
                        old = str(value).lower()
                        yield path, line, col, old, {"true": "false", "false": "true"}[old]
                    elif value is None:
                        continue
                    elif isinstance(value, int):
                        yield path, line, col, str(value), str(value + 1)
                    elif _CARD.fullmatch(value):
                        yield path, line, col, value, _other_card(value)
                    elif m := _MOVE.fullmatch(value):
                        kind, what = m.groups()
                        new = str(int(what) + 5) if kind == "bid" else _other_card(what)
                        yield path, line, col, value, f"{kind} {new}"
                    elif value in players:
                        yield path, line, col, value, players[(players.index(value) + 1) % 4]
                    elif value in ("NS", "EW"):
                        yield path, line, col, value, {"NS": "EW", "EW": "NS"}[value]
                    elif value in _COLOURS:
                        yield path, line, col, value, _COLOURS[_COLOURS.index(value) - 1]
                    elif value in _PHASES:
                        yield path, line, col, value, _PHASES[_PHASES.index(value) - 1]


CORRUPTIONS = list(corruptions())


def only_the_document_at(lines: list[str], line: int) -> list[str]:
    """The file with every other document (and separator) made a comment line: the same line
    numbers, but only the corrupted document is replayed."""
    breaks = [0, *(i + 1 for i, text in enumerate(lines) if text.rstrip() == "---"), len(lines) + 1]
    start = max(b for b in breaks if b < line)
    end = min(b for b in breaks if b >= line)
    return [text if start < i + 1 < end else "#\n" for i, text in enumerate(lines)]


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
    ids=[f"{p.stem}:{line}:{col}:{old}->{new}" for p, line, col, old, new in CORRUPTIONS],
)
def test_corrupted_claim_is_caught_at_its_line(tmp_path, path, line, col, old, new):
    lines = path.read_text().splitlines(keepends=True)
    text = lines[line - 1]
    head, tail = text[: col - 1], text[col - 1 :]
    changed = re.sub(rf"^([^:]+:\s*)({re.escape(old)})(?=[\s,}}\]])", rf"\g<1>{new}", tail, count=1)
    if changed == tail:  # a list item: the value itself stands at col
        assert tail.startswith(old), (tail, old)
        changed = new + tail[len(old) :]
    lines[line - 1] = head + changed
    bad = tmp_path / path.name
    bad.write_text("".join(only_the_document_at(lines, line)))
    reports = check_file(bad)
    problems = [p for r in reports for p in r.problems]
    assert exit_status(reports) == 1, [str(p) for p in problems]
    assert problems and {p.line for p in problems} == {line}, [str(p) for p in problems]
    assert all(p.rule in GAME_RULES for p in problems), [str(p) for p in problems]


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
    ids=[f"{c[0]}-{i}" for i, c in enumerate(SETUP_CORRUPTIONS)],
)
def test_corrupted_setup_or_move_is_caught_at_the_right_line(tmp_path, name, old, new, where, rule):
    text = (EXAMPLES / "rook" / name).read_text()
    assert text.count(old) == 1, old
    bad_text = text.replace(old, new, 1)
    bad = tmp_path / name
    bad.write_text(bad_text)
    reports = check_file(bad)
    problems = [p for r in reports for p in r.problems]
    assert problems, "the corruption went unnoticed"
    assert exit_status(reports) in (1, 2)
    first = problems[0]
    assert first.rule == rule, str(first)
    assert where in bad_text.splitlines()[first.line - 1], (str(first), where)


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
    "card-in-a-move": (
        _HEAD + "setup: {deal: {seed: 1}}\nsteps:\n  - North: play R3\n",
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
        4,
        "INPUT-SCHEMA",
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
        7,
        "INPUT-SCHEMA",
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
    "a-move-in-a-game": (
        _HEAD + "setup:\n  game:\n    hands: []\nsteps:\n  - North: bid 70\n",
        9,
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
    text, line, rule = HOSTILE[name]
    bad = tmp_path / f"{name}.yaml"
    bad.write_text(text)
    assert main(["check", str(bad)]) == 2
    captured = capsys.readouterr()
    assert captured.err == "" and "Traceback" not in captured.out
    out = captured.out.splitlines()
    assert len(out) == 2, out  # the diagnostic and the summary
    m = DIAGNOSTIC.match(out[0])
    assert m and m["path"] == str(bad), out[0]
    assert (int(m["line"]), m["rule"]) == (line, rule), out[0]


def test_hostile_files_through_the_command(tmp_path):
    """The real command, once for all of them: one line each, exit 2, no traceback."""
    for name, (text, _line, _rule) in HOSTILE.items():
        (tmp_path / f"{name}.yaml").write_text(text)
    result = run_cli("check", str(tmp_path))
    assert result.returncode == 2 and result.stderr == ""
    lines = result.stdout.splitlines()
    assert len(lines) == len(HOSTILE) + 1 and all(DIAGNOSTIC.match(x) for x in lines[:-1])
    assert lines[-1].endswith(f"0 passed, 0 failed, {len(HOSTILE)} invalid (0 claims checked)")


@pytest.mark.parametrize("path", ROOK, ids=lambda p: p.stem)
def test_random_damage_never_crashes_the_checker(tmp_path, path):
    rng = random.Random(path.stem)
    text = path.read_text()
    for n in range(15):
        bad = tmp_path / f"{n}.yaml"
        bad.write_text(mutations(text, rng))
        reports = check_file(bad)
        assert exit_status(reports) in (0, 1, 2), [str(p) for r in reports for p in r.problems]
        for r in reports:
            for p in r.problems:
                assert DIAGNOSTIC.match(str(p)) and "\n" not in str(p), str(p)


# -- the format is documented, and every rule is taught and tested ------------------------


def test_docs_describe_every_rook_claim_setup_and_option():
    docs = (ROOT / "docs" / "examples.md").read_text()
    section = docs[docs.index("## Rook") :]
    defs = json.loads((ROOT / "cardlib/data/example.schema.json").read_text())["$defs"]
    setup = defs["rook-setup"]["properties"]
    names = [
        *defs["rook-expect"]["properties"],
        *setup,
        *(name for kind in ("hand", "position", "game") for name in setup[kind]["properties"]),
        *defs["rook-options"]["properties"],
    ]
    for name in names:
        assert re.search(rf"`{name}:?[` ]", section), name


def test_every_rook_rule_id_is_in_the_engine_the_notebook_and_the_tests():
    engine = "".join(p.read_text() for p in (ROOT / "cardlib").rglob("*.py"))
    notebook = (ROOT / "notebooks" / "rook.ipynb").read_text()
    tests = "".join(p.read_text() for p in (ROOT / "tests").rglob("test_*.py"))
    for rule in GAME_RULES:
        assert re.search(rf"\b{rule}\b", engine), f"{rule} not in the engine"
        assert re.search(rf"\b{rule}\b", notebook), f"{rule} not in the notebook"
        assert re.search(rf"\b{rule}\b", tests), f"{rule} not in the tests"


def test_rook_notebook_teaches_the_rules_in_catalogue_order():
    nb = json.loads((ROOT / "notebooks" / "rook.ipynb").read_text())
    headings = [
        line
        for c in nb["cells"]
        if c["cell_type"] == "markdown"
        for line in "".join(c["source"]).splitlines()
        if line.startswith("## ROOK-")
    ]
    ids = [h.split()[1].rstrip(":") for h in headings]
    assert ids == GAME_RULES
    assert all(
        h == f"## {r.id}: {r.title}" for h, r in zip(headings, rules.for_game("rook"), strict=True)
    )
