"""Adding a game (docs/architecture.md, "Adding a game"): the files a new game writes are
exactly the tiny game's (``tests/tinygame/``), and the tiny game, a game from outside
cardlib, goes the whole path: its rules are read from its own folder's catalogue
(``cardlib rules TINY-TURN --code``), its worked example passes ``cardlib check`` and a
corrupted copy fails at its line, and, registered as an installed package registers it (one
entry point), its exercise is graded and exported with its rules."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from cardlib.cli import main
from cardlib.games import GAMES
from tests.conftest import ROOT
from tests.core.test_registry import _installed

TINY = ROOT / "tests" / "tinygame"

#: the file another piece of work adds to the tiny game: its part of the example schema
PENDING: set[str] = set()


def _listed() -> list[str]:
    """The files the architecture page's "Adding a game" table lists, in its order."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    section = text.split("## Adding a game", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^\| `([^`]+)` \|", section, re.M)


def test_the_architecture_page_lists_exactly_the_files_of_the_tiny_game():
    listed = _listed()
    assert len(listed) == len(set(listed)) >= 8, listed
    files = {p.name for p in TINY.iterdir() if p.is_file() and p.suffix != ".pyc"}
    assert files - PENDING == set(listed) - PENDING, (sorted(files), listed)


def test_the_tiny_games_rules_are_read_from_its_own_folder(capsys):
    spec = GAMES["tiny"]
    assert list(spec.rules) == ["TINY-DEAL", "TINY-TURN", "TINY-HOLD", "TINY-SCORE"]
    assert all(r.game == "tiny" and r.package == "tests.tinygame" for r in spec.rules.values())
    from cardlib.catalogue import rules

    assert "TINY-TURN" not in rules  # the course's catalogue is cardlib's games' alone
    assert main(["rules", "TINY-TURN", "--code"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("TINY-TURN  In turn\n")
    assert "Enforced by: tests.tinygame.engine.tiny_turn" in out
    assert '@enforces("TINY-TURN")' in out and "-> Refusal | None:" in out
    assert main(["rules", "tiny"]) == 0
    assert re.findall(r"^(TINY-\S+)  ", capsys.readouterr().out, re.M) == list(spec.rules)
    assert main(["rules", "TINY-NOTHING"]) == 2


def _as_installed(tmp_path: Path) -> dict[str, str]:
    """The environment of a process in which the tiny game is an installed package's game
    (its entry point: one line), as a game from outside cardlib is registered."""
    site = tmp_path / "site"
    if not site.is_dir():
        _installed(site, tiny="tests.tinygame.spec:SPEC")
    paths = [str(site), str(ROOT), str(ROOT / "tools")]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(paths), "PYTHONIOENCODING": "utf-8"}


def _run(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=_as_installed(tmp_path),
        timeout=300,
    )


def test_the_worked_example_passes_and_a_corrupted_copy_fails_at_its_line(tmp_path):
    example = (TINY / "example.yaml").read_text()
    done = _run(tmp_path, "-m", "cardlib", "check", str(TINY / "example.yaml"))
    assert done.returncode == 0 and "1 passed" in done.stdout, done.stdout + done.stderr
    line = next(i for i, s in enumerate(example.splitlines(), 1) if "Ben: 11" in s)
    (tmp_path / "wrong.yaml").write_text(example.replace("Ben: 11", "Ben: 12"))
    done = _run(tmp_path, "-m", "cardlib", "check", "wrong.yaml")
    assert done.returncode == 1, done.stdout + done.stderr
    assert f"wrong.yaml:{line}:" in done.stdout and "TINY-SCORE" in done.stdout, done.stdout


#: run in a process where the tiny game is an installed package's (its entry point): the
#: course's exercises gather its chapter, one is graded, and the grades export lists it
GRADED = """
import json
from types import SimpleNamespace as N

import exercise_grades
from cardlib.exercises import EXERCISES, check, model, score, variant

v = variant("tiny-1")
right = model.keys()["tiny-1"].solve(v)
wrong = next(p for p in v.players if p != right)
hints = [check("tiny-1", wrong).message for _ in range(2)]


class Gradebook:
    cells = [N(name="tiny-1-test", max_score=1.0)]
    assignments = [N(name="ps1", notebooks=[N(name="tiny", grade_cells=cells, task_cells=[])])]
    students = [N(id="zoe")]

    def find_submission(self, assignment, student):
        graded = N(name="tiny-1-test", score=score("tiny-1", right), needs_manual_grade=False)
        return N(notebooks=[N(name="tiny", grades=[graded])])


print(json.dumps({
    "ids": list(EXERCISES),
    "scores": [score("tiny-1", right), score("tiny-1", wrong)],
    "hint": hints[-1],
    "rows": exercise_grades.rows(Gradebook(), EXERCISES),
}))
"""


def test_an_installed_tiny_game_is_graded_and_its_grades_exported(tmp_path):
    done = _run(tmp_path, "-c", GRADED)
    assert done.returncode == 0, done.stderr
    said = json.loads(done.stdout)
    ids = said["ids"]
    assert ids.index("tiny-1") == ids.index("review-1") - 1, ids  # after the games' chapters
    assert said["scores"] == [1.0, 0.0]
    assert "TINY-SCORE (Highest wins): A card played scores its number" in said["hint"]
    (row,) = said["rows"]
    assert (row["exercise"], row["rules"], row["score"]) == ("tiny-1", "TINY-SCORE", "1")
    # the installed game's rules are found by the command line too
    done = _run(tmp_path, "-m", "cardlib", "rules", "TINY-HOLD", "--code")
    assert done.returncode == 0 and "def tiny_hold(" in done.stdout, done.stdout + done.stderr


def test_the_package_folder_of_a_game_without_a_catalogue_gives_no_rules():
    from cardlib.catalogue import book_of

    assert dict(book_of("tests.support")) == {} and dict(book_of("no_such.package")) == {}
    assert Path(TINY / "catalogue.yaml").is_file()


def test_the_tiny_games_rules_have_the_one_shape_of_the_real_engines():
    """Each rule of a move is a marked function answering ``Refusal | None``, asked in order
    by the core's loop; a refused move changes nothing; ``record=False`` holds for a game
    set up at a position as for a deal."""
    from cardlib.catalogue import rule_of
    from cardlib.errors import RuleViolation
    from cardlib.refusal import Refusal
    from tests.tinygame.engine import MOVE_RULES, Play, TinyGame, refusal

    assert [rule_of(r) for r in MOVE_RULES] == ["TINY-TURN", "TINY-HOLD"]
    game = TinyGame.from_position(["Ann", "Ben"], {"Ann": [1, 4], "Ben": [2]}, "Ann", record=False)
    assert refusal(game, Play("Ann", 4)) is None
    refused = refusal(game, Play("Ann", 2))
    assert isinstance(refused, Refusal) and refused.rule == "TINY-HOLD"
    assert refusal(game, Play("Ben", 2)).rule == "TINY-TURN"  # the turn is asked first
    before = game.describe()
    with pytest.raises(RuleViolation, match="TINY-HOLD"):
        game.play("play 2")
    assert game.describe() == before
    assert list(game.legal_moves()) == ["play 1", "play 4"]
    game.play("play 4")
    assert list(game.history) == [] and game.scores["Ann"] == 4
    kept = TinyGame.from_position(["Ann", "Ben"], {"Ann": [1, 4], "Ben": [2]}, "Ann")
    kept.play("play 4")
    assert list(kept.history) == [("Ann", "play 4")]
