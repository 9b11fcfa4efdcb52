"""The registry of games and the generic code over it: every test here is parametrized over
``cardlib.games.GAMES``, which holds the course's three games and the test suite's tiny
game (registered in ``tests/conftest.py``), and none of them names a game."""

from __future__ import annotations

import dataclasses
import random
import subprocess
import sys
from pathlib import Path

import pytest

from cardlib.check import check_file
from cardlib.cli import main
from cardlib.games import GAMES, register
from cardlib.simulate import simulate
from cardlib.widgets.session import Refusal, TableSession
from tests.tinygame import SPEC as TINY

ROOT = Path(__file__).resolve().parents[2]
IDS = list(GAMES)


def test_the_tiny_game_is_registered_after_the_course_games():
    assert IDS == ["golf", "go-fish", "rook", "tiny"]
    assert register(TINY) is TINY  # the same game again changes nothing
    with pytest.raises(ValueError, match="'tiny' is a game already"):
        register(dataclasses.replace(TINY, title="Another"))


def test_the_tiny_games_worked_example_passes_the_checker():
    (report,) = check_file(ROOT / "tests" / "tinygame" / "example.yaml")
    assert report.passed, [str(p) for p in report.problems]
    assert report.moves == 6 and report.claims == 4


def _seats(game_id: str) -> tuple[str, ...]:
    spec = GAMES[game_id]
    return spec.seats(spec.default_players)


def _session(game_id: str, seed: int) -> TableSession:
    spec, seats = GAMES[game_id], _seats(game_id)
    return TableSession(
        game_id,
        deal=lambda s: spec.deal(seats, seed=s, options=spec.options(None, {})),
        seed=seed,
        learners=[seats[0]],
    )


@pytest.mark.parametrize("game_id", IDS)
def test_a_simulation_gives_the_same_rows_whatever_the_batching(game_id):
    rows = simulate(game_id, n=12, seed=2)
    assert rows == simulate(game_id, n=12, seed=2, batch_size=5)
    assert {r.game for r in rows} == {game_id} and all(r.seats == _seats(game_id) for r in rows)
    assert all(set(r.winners) <= set(r.seats) and set(r.scores) == set(r.seats) for r in rows)


@pytest.mark.parametrize("game_id", IDS)
def test_the_command_line_simulates_every_registered_game(game_id, capsys):
    assert main(["simulate", game_id, "-n", "3", "--format", "jsonl"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 3


@pytest.mark.parametrize("game_id", IDS)
def test_a_game_played_at_a_table_exports_to_an_example_the_checker_proves(game_id, tmp_path):
    for seed in range(5):
        s = _session(game_id, seed)
        rng = random.Random(seed)
        while not s.game.is_over:
            s.attempt(rng.choice(s.legal()))
        path = tmp_path / f"{game_id}-{seed}.yaml"
        path.write_text(s.to_example(), encoding="utf-8")
        (report,) = check_file(path)
        assert report.passed, [str(p) for p in report.problems]
        assert report.moves == len(s.steps) and report.claims > 0


@pytest.mark.parametrize("game_id", IDS)
def test_a_table_session_undoes_restarts_and_refuses_in_words(game_id):
    s = _session(game_id, 17)
    first = s.game.describe()
    move = random.Random(1).choice(s.legal())
    s.attempt(move)
    assert s.undo() and s.game.describe() == first
    refusal = s.attempt("not a move at all")
    assert isinstance(refusal, Refusal) and refusal.instead
    s.attempt(move)
    s.restart()
    assert s.game.describe() == first and not s.can_undo


def test_a_refusal_names_the_title_of_a_rule_of_the_games_own():
    s = _session("tiny", 3)  # Ann holds 1, 4, 5
    refusal = s.attempt("play 6")
    assert isinstance(refusal, Refusal)
    assert (refusal.rule, refusal.title) == ("TINY-HOLD", "Your own card")


def test_checking_a_golf_file_imports_no_other_game():
    golf = sorted((ROOT / "examples" / "golf").glob("*.yaml"))[0]
    code = (
        "import sys; from cardlib.check import check_file; "
        f"assert check_file({str(golf)!r})[0].passed; "
        "print(sorted(m for m in sys.modules if m.startswith(('cardlib.rook', 'cardlib.gofish'))))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
