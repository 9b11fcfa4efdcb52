"""Where a simulation's games are played (here, in local worker processes or in an
executor) and in which batches; the rows come back in order."""

from __future__ import annotations

import collections
import concurrent.futures
import itertools
import os
import random
from collections.abc import Callable, Generator, Iterator, Mapping, Sequence
from typing import Any

from cardlib import arguments
from cardlib.errors import NotationError
from cardlib.simulate.plan import Plan, check_runs
from cardlib.simulate.plan import plan as make_plan
from cardlib.simulate.play import play_batch, played
from cardlib.simulate.processes import WINDOW, on_processes
from cardlib.simulate.progress import bar
from cardlib.simulate.rows import Row

#: simulations at least this long run in local worker processes unless told otherwise
PROCESSES_FROM = 2000
#: the most games a simulation plays (a trillion: more could never finish)
MAX_GAMES = 10**12


def simulate(
    game: str,
    n: int = 1000,
    *,
    seed: int = 0,
    players: int | Sequence[str] | None = None,
    rule_set: str | None = None,
    options: Mapping[str, Any] | None = None,
    bots: Sequence[str | Callable[[Any, random.Random], Any]]
    | str
    | Callable[[Any, random.Random], Any] = "random",
    executor: concurrent.futures.Executor | None = None,
    workers: int | None = None,
    batch_size: int | None = None,
    max_moves: int = 10_000,
    full_game: bool = False,
    max_hands: int = 200,
    progress: bool | Callable[[int], None] | None = None,
    history: bool = False,
) -> list[Row]:
    """Play ``n`` games of ``game`` (``"golf"``, ``"go-fish"``, ``"rook"``) and return their rows.

    ``players`` is a number of players or their names (default: 3 for Golf and Go Fish,
    Rook's four seats).  ``rule_set`` (Go Fish: ``pagat``, ``bicycle``, ``gamerules``) and
    ``options`` (the engine's options class's fields, e.g. ``{"refill": True}``) set the
    rules.  ``bots`` gives one bot for every seat, or one for all.  A Golf game is one hole,
    a Rook game one hand, unless ``full_game`` asks for games to 300.  ``n`` is at most
    :data:`MAX_GAMES`.

    The games run in ``executor`` when one is given (``workers`` then says how many games it
    plays at once, if it cannot be asked); otherwise in local worker processes (``workers``
    of them, default: the CPUs this process may use, and never more: the games keep a CPU
    busy, so a worker more than the CPUs makes nothing faster and costs memory) when ``n``
    is at least :data:`PROCESSES_FROM` or ``workers`` asks for more than one, and in this
    process otherwise.  Workers the machine will not start (a limit on processes on a
    shared hub) are a :class:`~cardlib.errors.SimulationError` that says so.  ``progress=True``
    shows a bar of the games done, their rate and the time left (a widget in a notebook, a
    line on standard error otherwise; nothing where tqdm is not installed: the ``simulation``
    and ``course`` extras install it); ``progress`` a function is called ``progress(k)`` as
    each batch of ``k`` games is done, in order.  :func:`stream` gives the same
    rows one at a time as their games finish, in bounded memory whatever ``n``.
    """
    return list(
        stream(
            game,
            n,
            seed=seed,
            players=players,
            rule_set=rule_set,
            options=options,
            bots=bots,
            executor=executor,
            workers=workers,
            batch_size=batch_size,
            max_moves=max_moves,
            full_game=full_game,
            max_hands=max_hands,
            progress=progress,
            history=history,
        )
    )


def stream(
    game: str,
    n: int = 1000,
    *,
    seed: int = 0,
    players: int | Sequence[str] | None = None,
    rule_set: str | None = None,
    options: Mapping[str, Any] | None = None,
    bots: Sequence[str | Callable[[Any, random.Random], Any]]
    | str
    | Callable[[Any, random.Random], Any] = "random",
    executor: concurrent.futures.Executor | None = None,
    workers: int | None = None,
    batch_size: int | None = None,
    max_moves: int = 10_000,
    full_game: bool = False,
    max_hands: int = 200,
    progress: bool | Callable[[int], None] | None = None,
    history: bool = False,
) -> Generator[Row, None, None]:
    """The rows of :func:`simulate` (same arguments, same rows) one at a time, in order, as
    their games finish.

    A few batches a worker are in flight at any time, never more, so memory stays bounded
    whatever ``n`` is, and a reader that stops reading stops the games.  The arguments are
    checked at once (:class:`~cardlib.errors.NotationError`, a
    :class:`ValueError`); the games start when the first row is asked
    for.  The worker processes stop when the rows run out, when a game fails (a bot that
    raises is :class:`BotFailed`, reported at the first game it fails, with the rows before
    it given), when reading stops with an exception (``KeyboardInterrupt``) and when the
    iterator is closed (``close()``, or leaving a :func:`contextlib.closing` block)::

        >>> from contextlib import closing
        >>> with closing(stream("golf", n=MAX_GAMES, seed=1, workers=1, batch_size=5)) as rows:
        ...     first, second = next(rows), next(rows)
        >>> first == simulate("golf", n=1, seed=1)[0], second.index
        (True, 1)
    """
    return _rows(
        batches(
            game,
            n,
            seed=seed,
            players=players,
            rule_set=rule_set,
            options=options,
            bots=bots,
            executor=executor,
            workers=workers,
            batch_size=batch_size,
            max_moves=max_moves,
            full_game=full_game,
            max_hands=max_hands,
            progress=progress,
            history=history,
        )
    )


def _rows(batches: Generator[list[Row], None, None]) -> Generator[Row, None, None]:
    try:
        for batch in batches:
            yield from batch
    finally:
        batches.close()


def batches(
    game: str,
    n: int,
    *,
    seed: int,
    players: int | Sequence[str] | None,
    rule_set: str | None,
    options: Mapping[str, Any] | None,
    bots: Sequence[str | Callable[[Any, random.Random], Any]]
    | str
    | Callable[[Any, random.Random], Any],
    executor: concurrent.futures.Executor | None,
    workers: int | None,
    batch_size: int | None,
    max_moves: int,
    full_game: bool,
    max_hands: int,
    progress: bool | Callable[[int], None] | None,
    history: bool = False,
) -> Generator[list[Row], None, None]:
    """The arguments checked now, and the games' rows batch by batch once asked for."""
    counts = [("n", n, 0), ("max_moves", max_moves, 0), ("max_hands", max_hands, 1)]
    if workers is not None:
        counts.append(("workers", workers, 1))
    if batch_size is not None:
        counts.append(("batch_size", batch_size, 1))
    for name, value, least in counts:
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise NotationError(
                f"{name} must be a whole number of at least {least}, not {arguments.shown(value)}"
            )
    if n > MAX_GAMES:
        said = f"{n:,}" if n < 10**20 else f"a number of {len(str(n))} digits"
        raise NotationError(
            f"n must be at most {MAX_GAMES:,} (a trillion games: years of work), not {said}"
        )
    if executor is not None and not isinstance(executor, concurrent.futures.Executor):
        raise NotationError(
            f"executor must be a concurrent.futures.Executor, not {arguments.shown(executor)}"
        )
    if progress is not None and not isinstance(progress, bool):
        arguments.function(progress, "progress")
    plan = make_plan(
        game, seed, players, rule_set, options, bots, max_moves, full_game, max_hands, history
    )
    check_runs(plan)

    def run(progress: Callable[[int], None] | None) -> Generator[list[Row], None, None]:
        if executor is not None:
            at_once = workers or _capacity(executor)
            size = batch_size or _batch(n, at_once)
            spans = _spans(n, size, at_once if batch_size is None else 0)
            return _on_executor(executor, plan, spans, WINDOW * at_once, progress)
        cpus = usable_cpus()
        used = (cpus if n >= PROCESSES_FROM else 1) if workers is None else min(workers, cpus)
        if used > 1 and n > 1:
            size = batch_size or _batch(n, used)
            spans = _spans(n, size, used if batch_size is None else 0)
            return on_processes(plan, n, spans, min(used, -(-n // size)), progress)
        here = batch_size or max(1, min(n, 500))
        return _here(plan, _spans(n, here, 1 if batch_size is None else 0), progress)

    if progress is True:
        return _with_bar(run, n, game)
    return run(None if isinstance(progress, bool) else progress)


def _with_bar(
    run: Callable[[Callable[[int], None] | None], Generator[list[Row], None, None]],
    n: int,
    game: str,
) -> Generator[list[Row], None, None]:
    """``run``'s batches, counted on a progress bar (:func:`cardlib.simulate.progress.bar`)
    from the first game to the last, closed however they end; no bar without tqdm."""
    shown = bar(n, desc=game)
    batches = run(shown)
    try:
        yield from batches
    finally:
        batches.close()
        if shown is not None:
            shown.close()


def usable_cpus() -> int:
    """The CPUs this process may run on (its affinity where the system says, else the CPU
    count): what bounds the worker processes worth starting."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):  # not every system says (macOS, Windows)
        return os.cpu_count() or 1


def _batch(n: int, workers: int) -> int:
    """Batches small enough to share out (four a worker) and big enough to be worth sending."""
    return max(1, min(1000, -(-n // (4 * workers))))


def _capacity(executor: concurrent.futures.Executor) -> int:
    """How many games an executor plays at once, where it says (8 where it does not)."""
    known = getattr(executor, "_max_workers", None)  # the standard library's executors
    if isinstance(known, int) and known > 0:
        return known
    try:  # Dask's client.get_executor(): the threads of the cluster's workers
        return max(1, sum(executor._client.nthreads().values()))  # type: ignore[attr-defined]
    except Exception:  # any other executor: it cannot be asked
        return 8


def _spans(n: int, size: int, workers: int) -> Iterator[tuple[int, int]]:
    """The batches of games ``0``..``n``, ``(start, stop)``: ``size`` games each, or when
    shared among ``workers`` (not 0), the first few smaller (8, 16, 32, ...) so that the
    first rows come soon, and the last few smaller (half a worker's share of what
    is left) so that the workers finish together."""
    start, step = 0, min(size, 8) if workers else size
    while start < n:
        if workers:
            step = min(step, max(16, (n - start) // (2 * workers)))
        stop = min(n, start + step)
        yield start, stop
        start, step = stop, min(size, 2 * step) if workers else step


def _here(
    plan: Plan, spans: Iterator[tuple[int, int]], progress: Callable[[int], None] | None
) -> Generator[list[Row], None, None]:
    """The games played in this process."""
    for start, stop in spans:
        rows, error = played(plan, start, stop)
        if rows:
            if progress is not None:
                progress(len(rows))
            yield rows
        if error is not None:
            raise error


def _on_executor(
    executor: concurrent.futures.Executor,
    plan: Plan,
    spans: Iterator[tuple[int, int]],
    window: int,
    progress: Callable[[int], None] | None,
) -> Generator[list[Row], None, None]:
    """The games played in an executor: ``window`` batches sent ahead, the rest as they go."""
    futures: collections.deque[concurrent.futures.Future[list[Row]]] = collections.deque()
    try:
        while True:
            for start, stop in itertools.islice(spans, window - len(futures)):
                futures.append(executor.submit(play_batch, plan, start, stop))
            if not futures:
                return
            # in order: a failure is always the first game that fails, whatever the batching
            rows = futures.popleft().result()
            if progress is not None:
                progress(len(rows))
            yield rows
    finally:
        for future in futures:
            future.cancel()
