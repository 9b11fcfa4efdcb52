"""Simulations within bounds (issue 19): ``cardlib simulate`` streams its rows in bounded
memory whatever ``-n`` is, and however it ends (SIGINT, SIGTERM, a bot that raises, an output
that fails) it stops its worker processes and leaves nothing running.

The command runs as it is run from a shell, ``python -m cardlib simulate ...`` in its own
session (so that its process group is its own, as a shell's job is), and every wait is for a
state, with a deadline; whatever a test leaves is killed with its group.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import random
import select
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="process groups and /proc (Linux)"
)

ROOT = Path(__file__).resolve().parents[2]
HUGE = 10**12  # games that could never finish: the most the command accepts
#: what the command's own process may hold while streaming (it holds a few batches of rows)
MEMORY_MB = 150
#: how long anything may take on a busy shared machine before it counts as never (a wait
#: ends as soon as what it waits for is there, so a long patience costs a passing run nothing;
#: 3,000 rows took over 60 s with the load at 6 on two cores)
PATIENCE = 300.0
SEED = 1
FAILS_EVERY = 700  # late_failing_bot fails in about one deal in this many


def _unlucky(hand: Any) -> bool:
    """Whether a starting hand is one late_failing_bot cannot play (a stable digest of its
    cards that FAILS_EVERY divides). A bot sees a seat's view, never the game's seed, so the
    deal it fails on is told by what its seat holds."""
    digest = hashlib.blake2b(" ".join(map(str, hand)).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") % FAILS_EVERY == 0


def _dealt_as_is(view: Any) -> bool:
    """Whether a Go Fish view is of the deal before its first request (a simulation keeps no
    history to ask): no book laid and every hand the size the rule set deals (GF-DEAL). The
    first player's requests before any card is drawn only add to their own hand."""
    from cardlib.gofish.rules import deal_size

    dealt = deal_size(view.options.rule_set, len(view.players))
    return not any(view.books.values()) and set(view.hand_sizes.values()) == {dealt}


def late_failing_bot(view: Any, rng: random.Random) -> Any:
    """A bot that plays well enough for hundreds of games, then raises: at the first request
    of a deal whose first player holds an unlucky hand."""
    if _dealt_as_is(view) and _unlucky(view.hand):
        raise RuntimeError(f"no move for the hand {' '.join(map(str, view.hand))}")
    return rng.choice(view.legal_moves())


def first_failing_game(seed: int) -> int:
    """The index of the first game of a Go Fish simulation seeded ``seed`` that
    late_failing_bot fails, found by dealing the games as the simulation does."""
    from cardlib.simulate import game_seed
    from cardlib.simulate.plan import new_game, plan

    made = plan("go-fish", seed, None, None, None, "random", 1000, False, 1)
    for i in range(10**5):
        game = new_game(made, game_seed(seed, i))
        if _unlucky(game.view(game.to_move).hand):
            return i
    raise AssertionError("no unlucky deal in 100,000 games")


# -- processes --------------------------------------------------------------------------


def group(pgid: int) -> list[int]:
    """The live processes of a process group (zombies are gone: only their entry is left)."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()  # state, ppid, pgrp, ...
        if int(fields[2]) == pgid and fields[0] not in ("Z", "X"):
            found.append(int(entry))
    return found


def rss_mb(pid: int) -> float:
    """A process's resident memory in MB (0 once it has gone)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0.0
    for line in status.splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


#: ``python -m cardlib simulate ARGS`` as a terminal's job runs it: with Ctrl-C's SIGINT at
#: its default, whatever the test runner was started with (a background job of a
#: non-interactive shell, ``nohup make test &``, ignores SIGINT, and the command rightly
#: keeps an ignored signal ignored, as ``nohup`` means it to); exec keeps the process's ID
AS_A_TERMINALS_JOB = (
    "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); "
    "os.execv(sys.executable, [sys.executable, '-m', 'cardlib', 'simulate', *sys.argv[1:]])"
)


class Run:
    """``python -m cardlib simulate ARGS`` in a session of its own, its output read as the
    test asks (or left unread, so that the command blocks writing it)."""

    def __init__(self, *args: str, stdout: Any = subprocess.PIPE) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-c", AS_A_TERMINALS_JOB, *args],
            cwd=ROOT,
            stdout=stdout,
            stderr=subprocess.PIPE,
            start_new_session=True,
        )
        self.pgid = self.proc.pid
        self.out = bytearray()
        self.err = bytearray()
        assert self.proc.stderr is not None
        self.streams = {self.proc.stderr.fileno(): self.err}
        if self.proc.stdout is not None:
            self.streams[self.proc.stdout.fileno()] = self.out

    @property
    def rows(self) -> int:
        return self.out.count(b"\n")

    def workers(self) -> list[int]:
        return [p for p in group(self.pgid) if p != self.proc.pid]

    def wait_for(
        self,
        state: Callable[[], bool],
        timeout: float = PATIENCE,
        *,
        reading: bool = True,
        each: Callable[[], None] | None = None,
    ) -> bool:
        """Read what the command writes (standard output only if ``reading``) until
        ``state()`` holds; False if it does not within ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while not state():
            if time.monotonic() > deadline:
                return False
            fds = [fd for fd, buf in self.streams.items() if reading or buf is self.err]
            if not fds:  # nothing to read: the state is the process's
                time.sleep(0.05)
            for fd in select.select(fds, [], [], 0.05)[0] if fds else []:
                data = os.read(fd, 1 << 16)
                if data:
                    self.streams[fd] += data
                else:
                    del self.streams[fd]
            if each is not None:
                each()
        return True

    def finished(self) -> bool:
        """The command has exited and both its outputs are read to their end."""
        return self.proc.poll() is not None and not self.streams

    def pipe_full(self) -> bool:
        """Its standard output's pipe holds all it can: the command is blocked writing."""
        import fcntl
        import termios

        assert self.proc.stdout is not None
        held = bytearray(4)
        fcntl.ioctl(self.proc.stdout.fileno(), termios.FIONREAD, held)
        return int.from_bytes(held, sys.byteorder) >= 60_000

    def end(self) -> None:
        """Whatever is left of its group, killed."""
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.pgid, signal.SIGKILL)
        self.proc.wait(10)
        for f in (self.proc.stdout, self.proc.stderr):
            if f is not None:
                f.close()


@pytest.fixture
def run() -> Iterator[Callable[..., Run]]:
    runs: list[Run] = []

    def start(*args: str, **kw: Any) -> Run:
        runs.append(Run(*args, **kw))
        return runs[-1]

    yield start
    for r in runs:
        r.end()


def running(r: Run) -> None:
    """The command is under way: rows have come and both its workers are there."""
    assert r.wait_for(lambda: r.rows >= 1 and len(r.workers()) >= 2), (
        f"no rows or no workers within {PATIENCE} s: {bytes(r.err[-300:])!r}"
    )


def stopped(r: Run, status: int, said: str) -> None:
    """The command has ended with ``status`` and ``said`` as its one line, and nothing of
    it is left running."""
    assert r.wait_for(r.finished), f"still running {PATIENCE} s on"
    err = r.err.decode()
    assert r.proc.returncode == status, err
    assert err.count("\n") == 1 and "Traceback" not in err and said in err, err
    assert r.wait_for(lambda: not group(r.pgid), 10), f"left running: {group(r.pgid)}"


COMMAND = ["go-fish", "-n", str(HUGE), "--seed", str(SEED), "--workers", "2", "--format", "jsonl"]


# -- bounded memory ---------------------------------------------------------------------


def test_a_huge_n_streams_its_rows_in_bounded_memory(run) -> None:
    """The rows come at once and keep coming, and the command's memory stays as it was."""
    r = run(*COMMAND)
    most = [0.0]

    def measure() -> None:
        most[0] = max(most[0], rss_mb(r.proc.pid))
        assert most[0] < MEMORY_MB, f"{most[0]:.0f} MB before {r.rows} rows"

    assert r.wait_for(lambda: r.rows >= 1, each=measure), f"no row within {PATIENCE} s"
    early = most[0]
    assert r.wait_for(lambda: r.rows >= 3000, each=measure), f"{r.rows} rows in {PATIENCE} s"
    assert most[0] < early + 50, f"{early:.0f} MB at the first row, {most[0]:.0f} MB later"
    for pid in r.workers():
        assert rss_mb(pid) < MEMORY_MB
    lines = bytes(r.out).splitlines()
    assert lines[0].startswith(b'{"index": 0, ') and lines[2999].startswith(b'{"index": 2999, ')
    # a reader that stops reading stops the games: the command waits, and so does its
    # memory (measured for a second more once the pipe is full)
    assert r.wait_for(r.pipe_full, reading=False, each=measure)
    r.wait_for(lambda: False, 1.0, reading=False, each=measure)


def test_an_n_that_could_never_finish_is_refused_in_one_line(run) -> None:
    r = run("go-fish", "-n", "101010101010101010101010101010101010101010101010101010101010")
    stopped(r, 2, "cardlib: error: n must be at most 1,000,000,000,000")
    assert r.out == b""


# -- signals ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("signum", "to_group", "reading"),
    [
        (signal.SIGTERM, False, True),  # kill PID
        (signal.SIGTERM, False, False),  # kill PID while it waits for its reader
        (signal.SIGTERM, True, True),  # kill -- -PGID
        (signal.SIGINT, True, True),  # Ctrl-C: the terminal signals the whole job
        (signal.SIGINT, True, False),
        (signal.SIGINT, False, True),  # kill -INT PID
    ],
    ids=["term", "term-blocked", "term-group", "ctrl-c", "ctrl-c-blocked", "int"],
)
def test_a_signal_stops_the_workers_and_says_so_in_one_line(run, signum, to_group, reading):
    r = run(*COMMAND)
    running(r)
    if not reading:
        assert r.wait_for(r.pipe_full, reading=False), "the output never filled its pipe"
    (os.killpg if to_group else os.kill)(r.pgid, signum)
    said = "cardlib: interrupted" if signum == signal.SIGINT else "cardlib: terminated"
    stopped(r, 128 + signum, said)
    lines = bytes(r.out).splitlines()
    assert lines and all(line.startswith(b'{"index": ') for line in lines[:-1])


# -- failures ---------------------------------------------------------------------------


def test_a_bot_that_raises_stops_the_workers_after_the_rows_before_it(run) -> None:
    """The first game the bot fails is said in one line, after the rows of every game before
    it and of none after it, and the workers stop."""
    failing = first_failing_game(SEED)
    r = run(*COMMAND, "--bots", "tests.core.test_simulate_bounds:late_failing_bot")
    stopped(r, 2, "cardlib: error: the bot late_failing_bot failed for ")
    assert f" in game {failing} (seed " in r.err.decode()
    lines = bytes(r.out).splitlines()
    assert len(lines) == failing
    assert lines[-1].startswith(f'{{"index": {failing - 1}, '.encode())


def test_an_output_that_fails_stops_the_workers(run) -> None:
    r = run(*COMMAND, "-o", "/dev/full")
    stopped(r, 2, "cardlib: error: cannot write /dev/full: No space left on device")


def test_a_full_standard_output_stops_the_workers(run) -> None:
    with open("/dev/full", "wb") as full:
        r = run(*COMMAND, stdout=full)
    stopped(r, 2, "cardlib: error: cannot write standard output: No space left on device")


def test_a_reader_that_goes_away_stops_the_workers(run) -> None:
    """``cardlib simulate ... | head``: the pipe closes, the command stops quietly (status 1,
    as every cardlib command whose reader went away)."""
    r = run(*COMMAND)
    running(r)
    assert r.proc.stdout is not None
    r.streams = {fd: buf for fd, buf in r.streams.items() if buf is r.err}
    r.proc.stdout.close()
    assert r.wait_for(r.finished), f"still running {PATIENCE} s on"
    assert r.proc.returncode == 1 and r.err == b"", r.err
    assert r.wait_for(lambda: not group(r.pgid), 10), f"left running: {group(r.pgid)}"


# -- in this process: stream() ------------------------------------------------------------


def test_a_stream_stops_its_workers_when_closed() -> None:
    import multiprocessing

    from cardlib.simulate import MAX_GAMES, stream

    before = set(multiprocessing.active_children())
    rows = stream("golf", n=MAX_GAMES, seed=2, workers=2)
    assert [next(rows).index for _ in range(50)] == list(range(50))
    assert len(set(multiprocessing.active_children()) - before) == 2
    rows.close()
    assert set(multiprocessing.active_children()) - before == set()


def test_a_stream_gives_the_rows_before_a_failing_bot_and_stops_its_workers() -> None:
    import multiprocessing

    from cardlib.simulate import MAX_GAMES, BotFailed, simulate, stream

    failing = first_failing_game(SEED)
    before = set(multiprocessing.active_children())
    got = []
    with pytest.raises(BotFailed, match=f"in game {failing} "):
        for row in stream("go-fish", n=MAX_GAMES, seed=SEED, workers=2, bots=late_failing_bot):
            got.append(row)
    assert set(multiprocessing.active_children()) - before == set()
    assert got == simulate("go-fish", n=failing, seed=SEED, workers=1, bots=late_failing_bot)


@pytest.mark.parametrize(
    ("option", "status", "said"),
    [
        ("extra_flip=no", 0, ""),  # YAML's no, as an example writes it: the variant stays off
        ("extra_flip=1", 2, "extra_flip must be true or false, not 1"),
        ("extra_flip=maybe", 2, "extra_flip must be true or false, not 'maybe'"),
        ("stock_out=off", 2, "stock_out False is not a house rule"),
        ("stock_out=end", 0, ""),
        ("stockout=end", 2, "is not an option here"),
    ],
)
def test_an_option_on_the_command_line_is_read_as_an_example_reads_it(option, status, said):
    run = subprocess.run(
        [sys.executable, "-m", "cardlib", "simulate", "golf", "-n", "2", "--option", option],
        capture_output=True,
        text=True,
    )
    assert run.returncode == status, run.stderr
    assert said in run.stderr and len(run.stderr.splitlines()) <= 1
