"""Names and keys as they are written (issue 33, items 1-4): a player's name that the
example format cannot carry is refused where it is written, by the schema and by every
engine; a key is the text as written, never a YAML 1.1 number or true/false; a character
YAML ends a line at but editors do not is refused where it stands, so every line a
diagnostic names is the line an editor shows."""

from __future__ import annotations

import pytest

from cardlib.arguments import MAX_NAME, STEP_KEYS
from cardlib.check import check_file
from cardlib.errors import CardlibError
from cardlib.games import GAMES

_GOLF = (
    "example: names\nsource: a test\ngame: golf\nplayers: [{a}, {b}]\nsetup:\n  position:\n"
    "    layouts:\n      {a}: {{TL: 4H, BL: 4C}}\n    stock_size: 3\n    discard: [9S]\n"
    "    to_move: {a}\nsteps:\n  - {a}: flip TL\n  - expect: {{to_move: {a}}}\n"
)


def _report(tmp_path, text: str):
    path = tmp_path / "x.yaml"
    path.write_bytes(text.encode("utf-8"))
    (report,) = check_file(path)
    return report


@pytest.mark.parametrize("word", STEP_KEYS)
def test_a_player_named_as_a_step_key_is_refused_at_players(tmp_path, word):
    """``players: [note, Ben]`` with ``- note: flip TL`` used to read the move as a note, skip
    it and pass claims that assume it never happened: now such an example is invalid, and
    the name is refused where it is written when nothing is wrong before it."""
    with_move = _report(tmp_path, _GOLF.format(a=word, b="Ben"))
    assert with_move.invalid and not with_move.passed, with_move.problems
    without_move = _report(
        tmp_path, _GOLF.format(a=word, b="Ben").replace(f"  - {word}: flip TL\n", "")
    )
    (problem,) = without_move.problems
    assert (problem.line, problem.column, problem.rule) == (4, 11, "INPUT-SCHEMA"), problem
    assert f"cannot be {word}: a step of a worked example keeps that word" in problem.message


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("'   '", "only spaces"),
        ("' Mei'", "a space before"),
        ("'Mei  Lin'", "two spaces in a row"),
        ('"Mei\\tLin"', "a tab"),
        ('"Mei\\nLin"', "a line end"),
        ('"Mei\\x1bLin"', "a terminal escape"),
        ("M" * (MAX_NAME + 1), "too long"),
        ('"Mei\\u200bLin"', "a zero-width space"),
        ('"\\u200b"', "nothing but a zero-width space"),
        ('"\\ufeffMei"', "a byte order mark"),
        ('"\\u00ad"', "nothing but a soft hyphen"),
        ('"Mei\\u202eLin"', "a right-to-left override"),
    ],
)
def test_a_name_the_format_cannot_carry_is_reported_at_players(tmp_path, name, why):
    report = _report(tmp_path, _GOLF.format(a="Mei", b=name))
    (problem,) = report.problems
    assert (problem.line, problem.rule) == (4, "INPUT-SCHEMA"), (why, problem)
    assert problem.column > 1 and "players/1" in problem.message, (why, problem)


@pytest.mark.parametrize("game_id", ["golf", "go-fish", "rook"])
@pytest.mark.parametrize(
    "bad",
    [
        *STEP_KEYS,
        *("   ", " Mei", "Mei ", "a\nb", "M" * (MAX_NAME + 1), 7, None),
        *("\u200b", "Mei\u2060", "\u180e", "\U000e0001", "Mei\ud800", "\udc80"),
    ],
)
def test_every_engine_refuses_the_name_when_the_game_is_made(game_id, bad):
    """So a table (``you="expect"``) or a script can never make a game whose worked example
    ``cardlib check`` would then refuse."""
    spec = GAMES[game_id]
    names = [*spec.seats(spec.default_players)[:-1], bad]
    with pytest.raises(CardlibError):
        spec.deal(names, seed=1, options=spec.options(None, {}), record=True)


@pytest.mark.parametrize("game_id", ["golf", "go-fish", "rook"])
def test_every_engine_takes_a_name_the_format_carries(game_id):
    spec = GAMES[game_id]
    names = [*spec.seats(spec.default_players)[:-1], "Mei-Lin Ng 林美"[:MAX_NAME]]
    game = spec.deal(names, seed=1, options=spec.options(None, {}), record=True)
    assert game.players[-1] == "Mei-Lin Ng 林美"


@pytest.mark.parametrize(("key", "shown"), [("0x1", "'0x1'"), ("0b1", "'0b1'"), ("Yes", "'Yes'")])
def test_a_step_key_is_the_text_as_written(tmp_path, key, shown):
    """YAML 1.1 reads ``0x1:`` and ``0b1:`` as the number 1 and ``Yes:`` as true: a player
    named ``1`` (or ``True``) would have made those moves."""
    text = _GOLF.format(a="Mei", b="'1'").replace("  - Mei: flip TL", f"  - {key}: flip TL")
    text = text.replace("players: [Mei, '1']", "players: [Mei, '1', 'True']")
    text = text.replace("to_move: Mei}", "to_move: Mei}")
    report = _report(tmp_path, text)
    (problem,) = report.problems
    assert (problem.line, problem.rule) == (13, "INPUT-PLAYER"), problem
    assert problem.message.startswith(f"{shown} is not one of the players"), problem


@pytest.mark.parametrize(
    ("char", "name"),
    [("\x85", "NEXT LINE"), ("\u2028", "LINE SEPARATOR"), ("\u2029", "PARAGRAPH SEPARATOR")],
)
def test_a_line_end_editors_do_not_see_is_refused_where_it_stands(tmp_path, char, name):
    """YAML 1.1 ends a line at NEL, U+2028 and U+2029 and editors do not: every diagnostic
    after one would be a line late (a 102-line file was reported at line 201)."""
    lines = _GOLF.format(a="Mei", b="Ben").split("\n")
    lines.insert(3, f"# a comment with {char} in it")
    report = _report(tmp_path, "\n".join(lines))
    (problem,) = report.problems
    assert (problem.line, problem.column, problem.rule) == (4, 18, "INPUT-YAML"), problem
    assert name in problem.message


def test_lines_are_counted_as_editors_count_them_with_old_mac_line_ends(tmp_path):
    text = _GOLF.format(a="Mei", b="Ben").replace("\n", "\r").replace("flip TL", "flip TX", 1)
    report = _report(tmp_path, text)
    (problem,) = report.problems
    assert (problem.line, problem.rule) == (13, "INPUT-MOVE"), problem


def test_the_schema_and_the_engines_agree_on_every_character_of_a_name():
    """A name's characters are printable: every control, invisible format character (Cf),
    surrogate and line or paragraph separator is refused, and on every character up to
    U+FFFF the example format's schema (``player-name``) and the engines give one answer; the
    format characters beyond U+FFFF, which a schema pattern cannot name for every reader, the
    engines refuse."""
    import json
    import re
    import sys
    import unicodedata

    from cardlib.arguments import player_names
    from cardlib.errors import NotationError
    from tests.conftest import ROOT

    schema = json.loads((ROOT / "cardlib" / "data" / "example.schema.json").read_text())
    pattern = re.compile(schema["$defs"]["player-name"]["pattern"])

    def engines_take(name: str) -> bool:
        try:
            player_names([name])
        except NotationError:
            return False
        return True

    unprintable = {"Cc", "Cf", "Cs", "Zl", "Zp"}
    differ, taken = [], []
    for code in range(0x10000):
        name = f"a{chr(code)}b"
        if bool(pattern.fullmatch(name)) != engines_take(name):
            differ.append(f"U+{code:04X}")
        if unicodedata.category(chr(code)) in unprintable and engines_take(name):
            taken.append(f"U+{code:04X}")
    beyond = [
        f"U+{code:X}"
        for code in range(0x10000, sys.maxunicode + 1)
        if unicodedata.category(chr(code)) == "Cf" and engines_take(f"a{chr(code)}b")
    ]
    assert differ == [] and taken == [] and beyond == [], (differ[:9], taken[:9], beyond[:9])
