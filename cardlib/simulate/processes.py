"""Simulated games played in local worker processes: each worker plays the batches it is
sent, a bounded number at a time, and they all stop however the simulation ends."""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass
from typing import Any

from cardlib.errors import SimulationError
from cardlib.simulate.plan import Plan
from cardlib.simulate.play import BotFailed, played
from cardlib.simulate.rows import Row

#: batches a worker is sent ahead: the one it plays and the next, so that it never waits
_QUEUED = 2
#: batches in flight a worker, sent or played and waiting their turn: what bounds memory
WINDOW = 4


@dataclass(slots=True)
class _Worker:
    process: Any  # a multiprocessing process
    conn: Any  # our end of its pipe
    sent: int = 0  # batches it has and has not returned


def on_processes(
    plan: Plan,
    n: int,
    spans: Iterator[tuple[int, int]],
    count: int,
    progress: Callable[[int], None] | None,
) -> Generator[list[Row], None, None]:
    """The games played in ``count`` worker processes of this one, batch by batch.

    Each worker has its own pipe, holds at most :data:`_QUEUED` batches and returns them in
    the order sent; at most :data:`WINDOW` batches a worker are out or waiting here.  The
    rows are handed on in order; the workers stop when this generator stops, however it
    stops (the last rows, an exception, ``close()``).
    """
    import multiprocessing
    from multiprocessing.connection import wait

    context = multiprocessing.get_context()
    # a worker's parent is this process, but for a fork server's
    parent = None if context.get_start_method() == "forkserver" else os.getpid()
    workers: list[_Worker] = []
    finished = False
    try:
        with _held():  # a worker is known as soon as it starts, so it is always stopped
            for _ in range(count):
                ours, theirs = context.Pipe()
                process = context.Process(target=_work, args=(theirs, plan, parent), daemon=True)
                try:
                    process.start()
                except OSError as e:  # a limit on processes or memory (a shared hub)
                    ours.close()
                    theirs.close()
                    raise SimulationError(
                        f"cannot start worker process {len(workers) + 1} of {count} "
                        f"({e.strerror or e}): the machine limits processes or memory; "
                        "ask for fewer workers (--workers 1 plays in this process)"
                    ) from None
                workers.append(_Worker(process, ours))
                theirs.close()
        following = next(spans, None)
        out: dict[int, tuple[int, _Worker]] = {}  # batches sent, by first game: (stop, worker)
        back: dict[int, tuple[int, list[Row], BaseException | None]] = {}  # (stop, rows, error)
        failed = n  # the first game of the first batch known to fail
        head = 0  # the first game of the next batch to hand on
        while head < n:
            while following is not None and following[0] < failed:
                if len(out) + len(back) >= WINDOW * count:
                    break
                worker = min(workers, key=lambda w: w.sent)
                if worker.sent >= _QUEUED:
                    break
                worker.conn.send(following)
                worker.sent += 1
                out[following[0]] = following[1], worker
                following = next(spans, None)
            if head in back:
                stop, rows, error = back.pop(head)
                if rows:
                    if progress is not None:
                        progress(len(rows))
                    yield rows
                if error is not None:
                    raise error
                head = stop
                continue
            of: dict[Any, _Worker] = {w.conn: w for w in workers if w.sent}
            died = {w.process.sentinel: w for w in workers}
            for ready in wait([*of, *died]):
                if isinstance(ready, int):
                    stopped = died[ready].process
                    stopped.join(1)
                    raise SimulationError(
                        f"a worker process stopped (exit status {stopped.exitcode}) while "
                        f"playing games from {min(out, default=head)}: the machine may have "
                        "run out of memory or stopped it; ask for fewer workers"
                    )
                try:
                    start, rows, error, remote = of[ready].conn.recv()
                except (EOFError, OSError):
                    continue  # its process has stopped: its sentinel says so next
                of[ready].sent -= 1
                stop, _ = out.pop(start)
                if error is not None:
                    failed = min(failed, start)
                    if remote is not None:
                        error.__cause__ = _Remote(remote)
                back[start] = stop, rows, error
        finished = True
    finally:
        _stop(workers, finished)


class _Remote(Exception):
    """The traceback of an exception raised in a worker process (shown as its cause)."""

    def __str__(self) -> str:
        return f"\n\n{self.args[0]}"


def _work(conn: Any, plan: Plan, parent: int | None) -> None:
    """What a worker process does: play the batches it is sent and send back their rows,
    until it is told to stop, its pipe closes or its parent goes."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is for the parent, which stops us
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not a handler copied from the parent
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})
    if sys.platform == "linux":  # killed with the parent, whatever kills it (even SIGKILL)
        try:
            import ctypes

            ctypes.CDLL(None).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            pass
    if parent is not None and os.getppid() != parent:  # it went before we could know
        return
    while True:
        try:
            task = conn.recv()
        except (EOFError, OSError):
            return
        if task is None:
            return
        start, stop = task
        rows: list[Row] = []
        error: BaseException | None
        try:
            rows, error = played(plan, start, stop)
        except BaseException as e:  # SystemExit, KeyboardInterrupt raised by a bot
            error = e
        remote = None
        if error is not None and not isinstance(error, BotFailed):
            import traceback

            remote = "".join(traceback.format_exception(error))
        try:
            conn.send((start, rows, error, remote))
        except (EOFError, OSError):
            return
        except Exception:  # an exception that cannot be pickled: its words can
            said = RuntimeError(f"{type(error).__name__}: {error}")
            conn.send((start, rows, said, remote))


def _stop(workers: list[_Worker], finished: bool) -> None:
    """Stop the worker processes and wait for them: told to when all went well, with
    SIGTERM (then SIGKILL) when not.  SIGINT and SIGTERM wait until it is done."""
    with _held():
        if finished:
            for w in workers:
                with contextlib.suppress(OSError):
                    w.conn.send(None)
            for w in workers:
                w.process.join(5)
        for w in workers:
            if w.process.exitcode is None:
                w.process.terminate()
        for w in workers:
            w.process.join(5)
            if w.process.exitcode is None:
                w.process.kill()
                w.process.join()
            w.conn.close()


@contextlib.contextmanager
def _held() -> Iterator[None]:
    """SIGINT and SIGTERM held back until the end of the block (then delivered)."""
    import signal

    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)
