"""Exporting a played game as a worked example: ``cardlib check`` proves every export, and a
claimed number changed by one fails at its line."""

from __future__ import annotations

import errno
import os
import random
import re
from pathlib import Path

import pytest

from cardlib.check import check_file
from cardlib.errors import CardlibError, NotationError, SaveError
from cardlib.export import PROBE, claim_values, dump, file_name, save
from cardlib.games import GAMES
from cardlib.gofish import GoFishGame, GoFishOptions
from cardlib.golf import GolfGame, GolfOptions
from cardlib.rook import RookHand, RookOptions
from cardlib.widgets.session import TableSession

TABLES = {
    "golf-reshuffle": (
        "golf",
        lambda s: GolfGame(["You", "Bot"], seed=s, options=GolfOptions("reshuffle")),
        "You",
    ),
    "golf-end-extra-flip": (
        "golf",
        lambda s: GolfGame(
            ["You", "Ann", "Ben"],
            seed=s,
            options=GolfOptions("end", extra_flip=True, last_turns=True),
        ),
        "You",
    ),
    "go-fish-pagat": ("go-fish", lambda s: GoFishGame(["You", "Bot 1", "Bot 2"], seed=s), "You"),
    "go-fish-bicycle": (
        "go-fish",
        lambda s: GoFishGame(["You", "Bot 1"], seed=s, options=GoFishOptions("bicycle")),
        "You",
    ),
    "go-fish-gamerules-card": (
        "go-fish",
        lambda s: GoFishGame(
            ["You", "A", "B", "C"], seed=s, options=GoFishOptions("gamerules", specific_card=True)
        ),
        "You",
    ),
    "rook": ("rook", lambda s: RookHand(seed=s), "South"),
    "rook-redeal": ("rook", lambda s: RookHand(seed=s, options=RookOptions("redeal")), "South"),
}


def played(table: str, seed: int, moves: int | None = None) -> TableSession:
    game_id, deal, you = TABLES[table]
    s = TableSession(game_id, deal=deal, seed=seed, learners=[you])
    rng = random.Random(seed)
    while not s.game.is_over and (moves is None or moves > 0):
        s.attempt(rng.choice(s.legal()))
        moves = None if moves is None else moves - 1
    return s


def checked(text: str, tmp_path: Path, name: str = "ex.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return check_file(path)


@pytest.mark.parametrize("table", TABLES)
def test_a_finished_game_exports_as_an_example_the_checker_proves(table, tmp_path):
    s = played(table, 7)
    text = s.to_example()
    (report,) = checked(text, tmp_path)
    assert report.passed, [str(p) for p in report.problems]
    assert report.moves == len(s.steps) and report.claims > 0
    assert "setup:\n  deal: {seed: 7}\n" in text
    assert f"game: {TABLES[table][0]}" in text


@pytest.mark.parametrize("table", ["golf-reshuffle", "go-fish-pagat", "rook"])
def test_a_game_in_progress_exports_too(table, tmp_path):
    s = played(table, 3, moves=4)
    (report,) = checked(s.to_example(title="half a game"), tmp_path)
    assert report.passed and report.title == "half a game"


FINAL = {"golf": r"score: \{", "go-fish": r"books: \{", "rook": r"score: \{"}


@pytest.mark.parametrize("table", ["golf-reshuffle", "go-fish-pagat", "rook"])
def test_one_claimed_number_changed_fails_at_its_line(table, tmp_path):
    game_id = TABLES[table][0]
    text = played(table, 11).to_example()
    lines = text.splitlines()
    at = max(i for i, line in enumerate(lines) if re.search(FINAL[game_id], line))
    lines[at] = re.sub(r"(-?\d+)\}", lambda m: f"{int(m.group(1)) + 1}}}", lines[at], count=1)
    (report,) = checked("\n".join(lines) + "\n", tmp_path)
    assert not report.passed
    (problem,) = report.problems
    assert problem.line == at + 1 and problem.kind == "mismatch"
    assert "the example claims" in problem.message


def test_a_changed_trick_count_fails_at_its_line(tmp_path):
    text = played("rook", 5).to_example()
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if "counters: " in line and "winner" in line)
    lines[at] = re.sub(r"counters: (\d+)", lambda m: f"counters: {int(m.group(1)) + 5}", lines[at])
    (report,) = checked("\n".join(lines) + "\n", tmp_path)
    assert [p.line for p in report.problems] == [at + 1]
    assert report.problems[0].rule == "ROOK-COUNT"


def test_a_game_from_a_position_names_every_card(tmp_path):
    from cardlib.gofish.article import ARTICLE_SCENARIO
    from cardlib.rook.article import article_deal, article_play

    fish = TableSession("go-fish", start=ARTICLE_SCENARIO.game(GoFishOptions()))
    fish.attempt("ask An 8")
    fish.attempt("ask Mei 8")
    text = fish.to_example()
    assert "position:" in text and "seed" not in text
    rook = TableSession("rook", start=article_deal(), learners=["North"])
    rook.attempt("bid 95")
    trainer = TableSession("rook", start=article_play(), learners=["East"])
    trainer.attempt("play Y5")
    for i, s in enumerate((fish, rook, trainer)):
        (report,) = checked(s.to_example(), tmp_path, f"{i}.yaml")
        assert report.passed, [str(p) for p in report.problems]


def test_claims_are_asked_of_the_claims_table_with_probes():
    game = GolfGame(["A", "B"], seed=1)
    values = claim_values(
        GAMES["golf"].claims, game, {"stock": PROBE, "face_up": {"A": PROBE}, "holding": None}
    )
    assert values == {"stock": game.stock_size, "face_up": {"A": 0}, "holding": None}


def test_dump_writes_moves_in_block_style_and_claims_inline():
    text = dump({"example": "t", "steps": [{"expect": {"score": {"A": 1}}}]})
    assert "score: {A: 1}" in text and text.startswith("# a worked example")


def test_save_writes_under_the_chosen_folder_and_never_overwrites(tmp_path):
    s = played("golf-reshuffle", 2, moves=3)
    first = s.save(tmp_path / "mine")
    second = s.save(tmp_path / "mine")
    assert first.parent == tmp_path / "mine" and first != second
    assert first.read_text(encoding="utf-8") == s.to_example()
    assert second.name.endswith("-2.yaml")
    assert save("x", tmp_path, "Golf, deal 17!").name == "golf-deal-17.yaml"
    assert file_name("***") == "example"


@pytest.mark.parametrize(
    "planted", ["dangling link", "link to a file", "link to a folder", "folder"]
)
def test_save_never_writes_through_a_link_planted_under_its_name(tmp_path, planted):
    """A link (even one that points nowhere) or a folder planted under the name Save
    example will choose is left alone, and what it points at is never written: the example
    goes under the next free name, in the folder asked for."""
    folder, outside = tmp_path / "mine", tmp_path / "outside"
    folder.mkdir()
    outside.mkdir()
    target = outside / "victim.txt"
    if planted == "link to a file":
        target.write_text("keep me")
    if planted == "link to a folder":
        target = outside
    trap = folder / "golf-deal-17.yaml"
    if planted == "folder":
        trap.mkdir()
    else:
        trap.symlink_to(target)
    path = save("the example", folder, "golf-deal-17")
    assert path == folder / "golf-deal-17-2.yaml" and path.read_text() == "the example"
    assert not path.is_symlink()
    assert sorted(p.name for p in outside.rglob("*")) == (
        ["victim.txt"] if planted == "link to a file" else []
    )
    if planted == "link to a file":
        assert target.read_text() == "keep me"


@pytest.mark.parametrize(
    ("where", "code"),
    [
        ("a file", errno.EEXIST),
        ("under a file", errno.ENOTDIR),
        ("read-only", errno.EACCES),
        ("too long", errno.ENAMETOOLONG),
    ],
)
def test_a_folder_that_cannot_be_written_is_a_save_error_and_nothing_is_written(
    tmp_path, where, code
):
    """Only a CardlibError escapes: the system's refusal is a SaveError (an OSError too) that
    keeps its errno, which the table turns into words; no file appears anywhere."""
    blocker = tmp_path / "blocker"
    blocker.write_text("keep me")
    locked = tmp_path / "locked"
    locked.mkdir()
    folder = {
        "a file": blocker,
        "under a file": blocker / "inside",
        "read-only": locked / "inside",
        "too long": tmp_path / ("x" * 300),
    }[where]
    if where == "read-only":
        if os.geteuid() == 0:
            pytest.skip("root writes anywhere")
        locked.chmod(0o500)
    before = sorted(tmp_path.rglob("*"))
    try:
        with pytest.raises(SaveError) as refused:
            save("the example", folder, "golf-deal-17")
    finally:
        locked.chmod(0o700)
    assert isinstance(refused.value, CardlibError) and isinstance(refused.value, OSError)
    assert refused.value.errno == code
    assert sorted(tmp_path.rglob("*")) == before and blocker.read_text() == "keep me"


def test_a_folder_name_python_cannot_spell_is_refused_before_anything_is_written(tmp_path):
    with pytest.raises(NotationError):
        save("the example", tmp_path / "a\0b", "golf-deal-17")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("game_id", ["golf", "go-fish", "rook"])
def test_200_seeded_random_games_export_and_check(game_id, tmp_path):
    """A property: whatever is played through a session exports to an example that passes."""
    tables = [t for t, (g, _d, _y) in TABLES.items() if g == game_id]
    for seed in range(200):
        table = tables[seed % len(tables)]
        s = played(table, 1000 + seed)
        (report,) = checked(s.to_example(), tmp_path)
        assert report.passed, (table, seed, [str(p) for p in report.problems])
