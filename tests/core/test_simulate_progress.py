"""A simulation's progress: ``progress`` a function counts every game, in this process, in worker
processes and in an executor; ``progress=True`` shows tqdm's bar (games done, rate, time left),
closed however the games end, and nothing, without an error, where tqdm is not installed;
``cardlib simulate`` shows it when standard error is a terminal or ``--progress`` asks."""

from __future__ import annotations

import concurrent.futures
import io
import sys
from typing import Any

import pytest

from cardlib.cli import main
from cardlib.errors import NotationError
from cardlib.simulate import BotFailed, progress, run, simulate


def failing_bot(game: Any, rng: Any) -> Any:
    """A bot that fails at its first move."""
    raise RuntimeError("no move")


@pytest.fixture
def processes(monkeypatch) -> list[int]:
    """The worker processes' path taken (two workers whatever the machine): their count."""
    started: list[int] = []
    monkeypatch.setattr(run, "usable_cpus", lambda: 2)
    real = run.on_processes

    def on_processes(plan, n, spans, count, shown):
        started.append(count)
        return real(plan, n, spans, count, shown)

    monkeypatch.setattr(run, "on_processes", on_processes)
    return started


@pytest.fixture
def no_tqdm(monkeypatch) -> None:
    """tqdm not installed: importing it fails, as it would."""
    for name in ("tqdm", "tqdm.auto"):
        monkeypatch.setitem(sys.modules, name, None)


class Counted:
    """A progress function and bar that notes what it is told."""

    def __init__(self) -> None:
        self.batches: list[int] = []
        self.closed = False

    def __call__(self, games: int) -> None:
        assert not self.closed
        self.batches.append(games)

    def close(self) -> None:
        self.closed = True


def test_a_progress_function_counts_every_game_in_this_process() -> None:
    counted = Counted()
    rows = simulate("golf", n=12, seed=5, workers=1, batch_size=5, progress=counted)
    assert counted.batches == [5, 5, 2]
    assert rows == simulate("golf", n=12, seed=5, workers=1)


def test_a_progress_function_counts_every_game_in_worker_processes(processes) -> None:
    counted = Counted()
    rows = simulate("golf", n=30, seed=3, workers=2, batch_size=7, progress=counted)
    assert processes == [2]
    assert counted.batches == [7, 7, 7, 7, 2]  # in order, as the rows are handed on
    assert rows == simulate("golf", n=30, seed=3, workers=1)


def test_a_progress_function_counts_every_game_in_an_executor() -> None:
    counted = Counted()
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        simulate("golf", n=11, seed=3, executor=pool, batch_size=4, progress=counted)
    assert counted.batches == [4, 4, 3]


def test_progress_true_shows_a_bar_with_rate_and_time_left(capsys) -> None:
    pytest.importorskip("tqdm")  # the simulation, course and test extras install it
    rows = simulate("golf", n=20, seed=1, workers=1, batch_size=5, progress=True)
    assert rows == simulate("golf", n=20, seed=1, workers=1)
    out, err = capsys.readouterr()
    assert out == ""
    last = err.rstrip().rsplit("\r", 1)[-1]
    assert last.startswith("golf: 100%") and "| 20/20 [" in last, last
    assert "<00:00" in last and "game/s]" in last  # the time left and the rate


def test_progress_true_counts_the_games_of_worker_processes(monkeypatch, processes) -> None:
    made: list[Counted] = []
    monkeypatch.setattr(run, "bar", lambda n, desc: made.append(Counted()) or made[-1])
    assert len(simulate("go-fish", n=30, seed=2, workers=2, batch_size=7, progress=True)) == 30
    assert processes == [2]
    assert len(made) == 1 and sum(made[0].batches) == 30 and made[0].closed


def test_the_bar_is_made_when_the_games_start_and_closed_however_they_end(monkeypatch) -> None:
    made: list[tuple[int, str, Counted]] = []

    def bar(n: int, desc: str) -> Counted:
        made.append((n, desc, Counted()))
        return made[-1][2]

    monkeypatch.setattr(run, "bar", bar)
    rows = run.stream("rook", n=40, seed=1, workers=1, batch_size=8, progress=True)
    assert made == []  # nothing shown before a row is asked for
    next(rows)
    assert made[0][:2] == (40, "rook") and made[0][2].batches == [8]
    rows.close()  # the reader stops
    assert made[0][2].closed and made[0][2].batches == [8]
    with pytest.raises(BotFailed):
        simulate("golf", n=20, seed=2, bots=failing_bot, workers=1, progress=True)
    assert made[1][2].closed


def test_without_tqdm_no_bar_and_no_error(no_tqdm, capsys) -> None:
    assert progress.bar(10) is None
    rows = simulate("golf", n=10, seed=1, workers=1, batch_size=3, progress=True)
    assert rows == simulate("golf", n=10, seed=1, workers=1)
    assert capsys.readouterr() == ("", "")


def test_a_bar_is_a_progress_function_of_its_own() -> None:
    pytest.importorskip("tqdm")
    written = io.StringIO()
    shown = progress.bar(9, desc="golf", file=written)
    assert shown is not None
    simulate("golf", n=9, seed=1, workers=1, batch_size=4, progress=shown)
    shown.close()  # drawn at least every 0.1 s, and as it closes
    assert "| 9/9 [" in written.getvalue().rsplit("\r", 1)[-1]
    assert progress.bar(9, disable=True) is not None  # told to show nothing, it shows nothing


@pytest.mark.parametrize("wrong", ["yes", 1])
def test_progress_neither_a_flag_nor_a_function_is_refused(wrong: Any) -> None:
    with pytest.raises(NotationError, match="progress must be a function"):
        simulate("golf", n=2, progress=wrong)


@pytest.mark.parametrize(
    ("flag", "terminal", "shown"),
    [
        (None, False, False),  # piped or logged: no bar unless asked
        (None, True, True),
        ("--progress", False, True),
        ("--no-progress", True, False),
    ],
)
def test_the_command_shows_a_bar_on_a_terminal_or_when_asked(
    monkeypatch, capsys, tmp_path, flag, terminal, shown
) -> None:
    pytest.importorskip("tqdm")
    monkeypatch.setattr(sys.stderr, "isatty", lambda: terminal)
    args = ["simulate", "golf", "-n", "12", "-o", str(tmp_path / "rows.csv"), "--workers", "1"]
    assert main(args + ([flag] if flag else [])) == 0
    err = capsys.readouterr().err
    if shown:
        last = err.rstrip().rsplit("\r", 1)[-1]
        assert last.startswith("golf: 100%") and "12/12" in last and "game/s]" in last, last
    else:
        assert err == ""


def test_the_command_without_tqdm_shows_a_plain_bar(no_tqdm, capsys, tmp_path) -> None:
    args = ["simulate", "golf", "-n", "12", "-o", str(tmp_path / "rows.csv"), "--progress"]
    assert main(args) == 0
    assert capsys.readouterr().err.rstrip().endswith("] 12/12 games")
