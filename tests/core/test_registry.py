"""The registry of games and the generic code over it: every test here is parametrized over
``cardlib.games.GAMES``, which holds the course's three games and the test suite's tiny
game (registered in ``tests/conftest.py``), and none of them names a game."""

from __future__ import annotations

import dataclasses
import os
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


def test_each_shipped_game_has_its_catalogue_in_its_folder():
    """The catalogue reads the games' folders (it never imports the registry): the folders
    it finds are the registry's shipped games' own, the folders of their specs."""
    from cardlib.catalogue import rules
    from cardlib.games import BUILT_IN

    assert sorted(rules.games()) == sorted(BUILT_IN)
    for game, where in BUILT_IN.items():
        package = where.split(":")[0].rsplit(".", 1)[0]
        assert f"cardlib.{rules.folder(game).name}" == package
        assert all(rule.package == package for rule in rules.for_game(game))


def test_the_tiny_game_is_registered_after_the_course_games():
    assert IDS == ["golf", "go-fish", "rook", "tiny"]
    tiny = GAMES["tiny"]  # the tiny game of tests/conftest.py, its exercise left out
    assert tiny == dataclasses.replace(TINY, exercises=None)
    assert register(tiny) is tiny  # the same game again changes nothing
    with pytest.raises(ValueError, match="'tiny' is a game already"):
        register(dataclasses.replace(tiny, title="Another"))


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


# ------------------------------------------------- a game an installed package declares


def _installed(site: Path, **points: str) -> Path:
    """A folder that, on ``sys.path``, holds an installed distribution declaring ``points``
    (name -> ``"module:NAME"``) in the ``cardlib.games`` entry-point group, as ``pip install``
    of a package with ``[project.entry-points."cardlib.games"]`` leaves it."""
    info = site / "cards_of_our_own-0.1.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: cards-of-our-own\nVersion: 0.1\n")
    lines = "".join(f"{name} = {where}\n" for name, where in points.items())
    (info / "entry_points.txt").write_text(f"[cardlib.games]\n{lines}")
    return site


def test_the_shipped_games_are_one_line_each_and_no_spec_is_imported_to_list_them():
    from cardlib.games import BUILT_IN

    assert list(BUILT_IN) == IDS[:3]
    assert all(
        where == f"cardlib.{spec.claims_module.split('.')[1]}.spec:SPEC"
        for where, spec in ((BUILT_IN[i], GAMES[i]) for i in BUILT_IN)
    )
    code = (
        "import sys; from cardlib.games import GAMES; assert 'golf' in GAMES; "
        "print(sorted(m for m in sys.modules if m.startswith('cardlib.') and '.spec' in m), "
        "'importlib.metadata' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert done.stdout.strip() == "[] False", done.stderr  # nor are the entry points read


def test_a_game_an_installed_package_declares_is_found_when_asked_for(tmp_path, monkeypatch):
    from cardlib.errors import InputError
    from cardlib.games import BUILT_IN, ENTRY_POINTS, Registry

    site = _installed(
        tmp_path,
        tiny="tests.tinygame.spec:SPEC",
        golf="tests.tinygame.spec:SPEC",  # a shipped game keeps its ID
        elsewhere="no_such_package.spec:SPEC",
        misnamed="tests.tinygame.spec:SPEC",  # the spec is the game "tiny"
    )
    monkeypatch.syspath_prepend(str(site))
    games = Registry(BUILT_IN, group=ENTRY_POINTS)
    assert games["golf"] is GAMES["golf"]  # asked for a shipped game: nothing else is read
    assert "tiny" in games and games["tiny"] is TINY
    assert list(games) == [*BUILT_IN, "tiny", "elsewhere", "misnamed"]
    with pytest.raises(InputError, match="'elsewhere' cannot be loaded from 'no_such_package"):
        games["elsewhere"]
    with pytest.raises(InputError, match=r"'misnamed' is declared as .* not the GameSpec"):
        games["misnamed"]
    assert "nothing" not in games and games.get("nothing") is None


def test_the_checker_checks_an_installed_packages_game_and_says_a_broken_one_in_a_line(tmp_path):
    site = _installed(tmp_path / "site", tiny="tests.tinygame.spec:SPEC", broken="no_such:SPEC")
    example = (ROOT / "tests" / "tinygame" / "example.yaml").read_text()
    (tmp_path / "tiny.yaml").write_text(example)
    (tmp_path / "broken.yaml").write_text(example.replace("game: tiny", "game: broken"))
    env = {"PYTHONPATH": f"{site}{os.pathsep}{ROOT}", "PATH": os.environ.get("PATH", "")}
    cli = [sys.executable, "-m", "cardlib", "check"]
    done = subprocess.run(
        [*cli, "tiny.yaml"], capture_output=True, text=True, cwd=tmp_path, env=env
    )
    assert done.returncode == 0 and "1 passed" in done.stdout.lower() + done.stderr.lower(), (
        done.stdout + done.stderr
    )
    done = subprocess.run(
        [*cli, "broken.yaml"], capture_output=True, text=True, cwd=tmp_path, env=env
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stdout + done.stderr
    (line,) = [s for s in (done.stdout + done.stderr).splitlines() if "INPUT-SCHEMA" in s]
    assert "broken.yaml:3" in line and "'broken' cannot be loaded from 'no_such:SPEC'" in line
