"""Play many seeded games and keep one row per game: who won, by how much, in how many moves.

A simulation answers the questions one game cannot (does the first player in Go Fish win
more often? which Golf habit lowers a score more? how often does a Rook bidder make 120?)::

    >>> rows = simulate("go-fish", n=20, seed=1, players=3)
    >>> len(rows), rows[0].game, rows[0].seats
    (20, 'go-fish', ('Ann', 'Ben', 'Cy'))
    >>> rows == simulate("go-fish", n=20, seed=1, players=3, batch_size=3)
    True

Every game ``i`` of a simulation has its own seed, worked out from ``(seed, i)`` alone, so
the rows are the same whatever the batching and wherever the games run: in this process,
in local worker processes (the default for large ``n``), or on a cluster through any
:class:`concurrent.futures.Executor`, for example Dask's::

    from distributed import Client
    client = Client(processes=True)           # or Client("scheduler-address:8786")
    rows = simulate("rook", n=100_000, seed=7, executor=client.get_executor())

The players are bots, functions ``(game, rng) -> move`` (see :mod:`cardlib.bots`), given
by name (``"random"``, ``"simple"``) or as functions; a function must be importable by
name (defined in a module, or in the notebook or script that runs the simulation) to run
in other processes.  A game that goes on past ``max_moves`` decisions (or, for a Rook game
to 300, ``max_hands`` hands) is stopped and its row says ``capped=True``.

:func:`stream` gives the same rows one at a time as their games finish, in bounded memory
whatever ``n`` (``cardlib simulate`` writes them so); the local worker processes stop however
a simulation ends: its last row, a failing bot, an exception or signal in the reader, or the
iterator closed.
"""

from __future__ import annotations

import collections
import concurrent.futures
import contextlib
import hashlib
import inspect
import itertools
import os
import random
import sys
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardlib.bots import random_bot, simple_bot
from cardlib.errors import CardlibError

#: players' names when only their number is given (Rook seats North, East, South, West)
NAMES = ("Ann", "Ben", "Cy", "Dee", "Eve", "Fay")
#: simulations at least this long run in local worker processes unless told otherwise
PROCESSES_FROM = 2000
BOTS: dict[str, Callable[[Any, random.Random], Any]] = {
    "random": random_bot,
    "simple": simple_bot,
}


@dataclass(frozen=True, slots=True)
class Row:
    """One simulated game.

    ``seed`` replays it (the engine's seed; the bots draw from ``random.Random(seed + 1)``),
    ``seats`` are the players in seat order and ``bots`` who played them, ``first`` who
    moved first, ``decisions`` the moves the bots chose, ``scores`` the result per player
    (Golf: points, lower is better; Go Fish: books; Rook: the team's points), ``teams`` the
    result per team (Rook), ``winners`` (several on a tie; none when capped).  ``record``
    holds what the game records: Go Fish's books, Golf's column scores, Rook's contract
    and counters.
    """

    index: int
    seed: int
    game: str
    rule_set: str
    seats: tuple[str, ...]
    bots: tuple[str, ...]
    first: str
    decisions: int
    capped: bool
    winners: tuple[str, ...]
    scores: dict[str, int]
    teams: dict[str, int] = field(default_factory=dict)
    record: dict[str, Any] = field(default_factory=dict)

    def __reduce__(self) -> tuple[type[Row], tuple[Any, ...]]:
        # pickled as its fields, without their names: half the time to unpickle, which a
        # simulation in worker processes does for every row in the one process reading them
        return Row, tuple(getattr(self, name) for name in self.__slots__)

    def as_dict(self) -> dict[str, Any]:
        """The row as plain JSON values (tuples become lists)."""
        return {
            "index": self.index,
            "seed": self.seed,
            "game": self.game,
            "rule_set": self.rule_set,
            "seats": list(self.seats),
            "bots": list(self.bots),
            "first": self.first,
            "decisions": self.decisions,
            "capped": self.capped,
            "winners": list(self.winners),
            "scores": dict(self.scores),
            "teams": dict(self.teams),
            "record": dict(self.record),
        }

    def flat(self) -> dict[str, Any]:
        """The row as one level of columns, for CSV: ``scores.Ann``, ``record.books.Ann``;
        a list is written as its items joined by spaces."""
        out: dict[str, Any] = {}

        def put(key: str, value: Any) -> None:
            if isinstance(value, Mapping):
                for k, v in value.items():
                    put(f"{key}.{k}", v)
            elif isinstance(value, list | tuple):
                out[key] = " ".join(map(str, value))
            else:
                out[key] = value

        for key, value in self.as_dict().items():
            put(key, value)
        return out


@dataclass(frozen=True, slots=True)
class _Spec:
    """Everything a worker needs to play games ``start``..``stop`` of a simulation."""

    game: str
    seed: int
    seats: tuple[str, ...]
    rule_set: str | None
    options: tuple[tuple[str, Any], ...]
    bots: tuple[Any, ...]
    max_moves: int
    full_game: bool
    max_hands: int


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a simulation seeded ``seed`` (63 bits, from a hash)."""
    digest = hashlib.blake2b(f"cardlib/{seed}/{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def simulate(
    game: str = "go-fish",
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
    progress: Callable[[int], None] | None = None,
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
    of them, default: the CPU count) when ``n`` is at least :data:`PROCESSES_FROM` or
    ``workers`` asks for more than one, and in this process otherwise.  ``progress(k)`` is
    called as each batch of ``k`` games is done, in order.  :func:`stream` gives the same
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
        )
    )


def stream(
    game: str = "go-fish",
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
    progress: Callable[[int], None] | None = None,
) -> Generator[Row, None, None]:
    """The rows of :func:`simulate` (same arguments, same rows) one at a time, in order, as
    their games finish.

    A few batches a worker are in flight at any time, never more, so memory stays bounded
    whatever ``n`` is, and a reader that stops reading stops the games.  The arguments are
    checked at once (:class:`ValueError`); the games start when the first row is asked
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
        _batches(
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
        )
    )


def _rows(batches: Generator[list[Row], None, None]) -> Generator[Row, None, None]:
    try:
        for batch in batches:
            yield from batch
    finally:
        batches.close()


def _batches(
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
    progress: Callable[[int], None] | None,
) -> Generator[list[Row], None, None]:
    """The arguments checked now, and the games' rows batch by batch once asked for."""
    counts = [("n", n, 0), ("max_moves", max_moves, 0), ("max_hands", max_hands, 1)]
    if workers is not None:
        counts.append(("workers", workers, 1))
    if batch_size is not None:
        counts.append(("batch_size", batch_size, 1))
    for name, value, least in counts:
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise ValueError(f"{name} must be a whole number of at least {least}, not {value!r}")
    if n > MAX_GAMES:
        said = f"{n:,}" if n < 10**20 else f"a number of {len(str(n))} digits"
        raise ValueError(
            f"n must be at most {MAX_GAMES:,} (a trillion games: years of work), not {said}"
        )
    spec = _spec(game, seed, players, rule_set, options, bots, max_moves, full_game, max_hands)
    _check_runs(spec)
    if executor is not None:
        at_once = workers or _capacity(executor)
        spans = _spans(n, batch_size or _batch(n, at_once), at_once if batch_size is None else 0)
        return _on_executor(executor, spec, spans, _WINDOW * at_once, progress)
    if workers is None:
        workers = (os.cpu_count() or 1) if n >= PROCESSES_FROM else 1
    if workers > 1 and n > 1:
        size = batch_size or _batch(n, workers)
        spans = _spans(n, size, workers if batch_size is None else 0)
        return _on_processes(spec, n, spans, min(workers, -(-n // size)), progress)
    return _here(
        spec, _spans(n, batch_size or max(1, min(n, 500)), 1 if batch_size is None else 0), progress
    )


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
    spec: _Spec, spans: Iterator[tuple[int, int]], progress: Callable[[int], None] | None
) -> Generator[list[Row], None, None]:
    """The games played in this process."""
    for start, stop in spans:
        rows, error = _played(spec, start, stop)
        if rows:
            if progress is not None:
                progress(len(rows))
            yield rows
        if error is not None:
            raise error


def _on_executor(
    executor: concurrent.futures.Executor,
    spec: _Spec,
    spans: Iterator[tuple[int, int]],
    window: int,
    progress: Callable[[int], None] | None,
) -> Generator[list[Row], None, None]:
    """The games played in an executor: ``window`` batches sent ahead, the rest as they go."""
    futures: collections.deque[concurrent.futures.Future[list[Row]]] = collections.deque()
    try:
        while True:
            for start, stop in itertools.islice(spans, window - len(futures)):
                futures.append(executor.submit(_play_batch, spec, start, stop))
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


# -- local worker processes -------------------------------------------------------------

#: the most games a simulation plays (a trillion: more could never finish)
MAX_GAMES = 10**12
#: batches a worker is sent ahead: the one it plays and the next, so that it never waits
_QUEUED = 2
#: batches in flight a worker, sent or played and waiting their turn: what bounds memory
_WINDOW = 4


@dataclass(slots=True)
class _Worker:
    process: Any  # a multiprocessing process
    conn: Any  # our end of its pipe
    sent: int = 0  # batches it has and has not returned


def _on_processes(
    spec: _Spec,
    n: int,
    spans: Iterator[tuple[int, int]],
    count: int,
    progress: Callable[[int], None] | None,
) -> Generator[list[Row], None, None]:
    """The games played in ``count`` worker processes of this one, batch by batch.

    Each worker has its own pipe, holds at most :data:`_QUEUED` batches and returns them in
    the order sent; at most :data:`_WINDOW` batches a worker are out or waiting here.  The
    rows are handed on in order; the workers stop when this generator stops, however it
    stops (the last rows, an exception, ``close()``).
    """
    import multiprocessing
    from concurrent.futures.process import BrokenProcessPool
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
                process = context.Process(target=_work, args=(theirs, spec, parent), daemon=True)
                process.start()
                workers.append(_Worker(process, ours))
                theirs.close()
        following = next(spans, None)
        out: dict[int, tuple[int, _Worker]] = {}  # batches sent, by first game: (stop, worker)
        back: dict[int, tuple[int, list[Row], BaseException | None]] = {}  # (stop, rows, error)
        failed = n  # the first game of the first batch known to fail
        head = 0  # the first game of the next batch to hand on
        while head < n:
            while following is not None and following[0] < failed:
                if len(out) + len(back) >= _WINDOW * count:
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
                    raise BrokenProcessPool(
                        f"a worker process stopped (exit status {stopped.exitcode}) "
                        f"while playing games from {min(out, default=head)}"
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


def _work(conn: Any, spec: _Spec, parent: int | None) -> None:
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
            rows, error = _played(spec, start, stop)
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


# -- setting up a simulation ------------------------------------------------------------


def _spec(
    game: str,
    seed: int,
    players: int | Sequence[str] | None,
    rule_set: str | None,
    options: Mapping[str, Any] | None,
    bots: Sequence[str | Callable[[Any, random.Random], Any]]
    | str
    | Callable[[Any, random.Random], Any],
    max_moves: int,
    full_game: bool,
    max_hands: int,
) -> _Spec:
    from cardlib.games import GAMES

    if game not in GAMES:
        raise ValueError(f"{game!r} is not a game: use {', '.join(map(repr, GAMES))}")
    if full_game and game != "rook":
        raise ValueError(
            "full_game is for Rook (a game to 300); a Golf or Go Fish game is one deal"
        )
    if players is None:
        players = 4 if game == "rook" else 3
    if isinstance(players, int):
        if game == "rook":
            from cardlib.rook import DEFAULT_PLAYERS

            if players != 4:
                raise ValueError(f"Rook is for four players, not {players}")
            seats = tuple(DEFAULT_PLAYERS)
        else:
            if not 1 <= players <= len(NAMES):
                raise ValueError(f"{players} players: give between 2 and {len(NAMES)}")
            seats = NAMES[:players]
    else:
        seats = tuple(players)
    chosen = [bots] if isinstance(bots, str) or callable(bots) else list(bots)
    if len(chosen) == 1:
        chosen *= len(seats)
    if len(chosen) != len(seats):
        raise ValueError(f"{len(chosen)} bots for {len(seats)} seats: give one, or one a seat")
    for b in chosen:
        if isinstance(b, str) and b not in BOTS:
            raise ValueError(f"{b!r} is not a bot: use {', '.join(map(repr, BOTS))} or a function")
    return _Spec(
        game,
        int(seed),
        seats,
        rule_set,
        tuple(sorted((options or {}).items())),
        tuple(chosen),
        max_moves,
        full_game,
        max_hands,
    )


def _check_runs(spec: _Spec) -> None:
    """Set up one game here, so that a bad rule set or option is reported at once."""
    _new_game(spec, 0)


def _new_game(spec: _Spec, seed: int) -> Any:
    options = dict(spec.options)
    if spec.game == "go-fish":
        from cardlib.gofish import GoFishGame, GoFishOptions

        if spec.rule_set is not None:
            options["rule_set"] = spec.rule_set
        return _construct(GoFishGame, spec.seats, seed, _options(GoFishOptions, options))
    if spec.game == "golf":
        from cardlib.golf import RULE_SET, GolfGame, GolfOptions

        _one_rule_set("golf", RULE_SET, spec.rule_set)
        return _construct(GolfGame, spec.seats, seed, _options(GolfOptions, options))
    from cardlib.rook import RULE_SET as ROOK_RULES
    from cardlib.rook import RookGame, RookHand, RookOptions

    _one_rule_set("rook", ROOK_RULES, spec.rule_set)
    return _construct(
        RookGame if spec.full_game else RookHand, spec.seats, seed, _options(RookOptions, options)
    )


def _options(cls: Any, options: dict[str, Any]) -> Any:
    """The game's options from their names, an unknown name said with the names there are."""
    import dataclasses

    known = [f.name for f in dataclasses.fields(cls)]
    for name in options:
        if name not in known:
            raise ValueError(f"{name!r} is not an option here: the options are {', '.join(known)}")
    return cls(**options)


def _one_rule_set(game: str, known: str, asked: str | None) -> None:
    if asked not in (None, known):
        raise ValueError(f"{asked!r} is not a {game} rule set: {game} has one, {known!r}")


_RECORDS: dict[type, bool] = {}


def _construct(cls: type, seats: tuple[str, ...], seed: int, options: Any) -> Any:
    """The engine, without its move log when it can do without one (``record=False``)."""
    takes = _RECORDS.get(cls)
    if takes is None:
        takes = _RECORDS[cls] = "record" in inspect.signature(cls).parameters
    if takes:
        return cls(seats, seed=seed, options=options, record=False)
    return cls(seats, seed=seed, options=options)


def _rule_set(game: Any) -> str:
    named = getattr(getattr(game, "options", None), "rule_set", None)
    if named:
        return str(named)
    from cardlib.golf import RULE_SET as GOLF_RULES
    from cardlib.rook import RULE_SET as ROOK_RULES

    return GOLF_RULES if game.game == "golf" else ROOK_RULES


# -- playing ---------------------------------------------------------------------------


class BotFailed(ValueError):
    """A bot raised an exception, or chose a move the rules refuse (the message says which
    bot, for whom, in which game)."""


def _bot_name(bot: Any) -> str:
    return bot if isinstance(bot, str) else getattr(bot, "__name__", repr(bot))


def _play_batch(spec: _Spec, start: int, stop: int) -> list[Row]:
    """Games ``start``..``stop`` of a simulation (what an executor does with one batch)."""
    rows, error = _played(spec, start, stop)
    if error is not None:
        raise error
    return rows


def _played(spec: _Spec, start: int, stop: int) -> tuple[list[Row], Exception | None]:
    """The rows of games ``start``..``stop``, or of those before the first that fails and
    what it raised."""
    bots = [BOTS[b] if isinstance(b, str) else b for b in spec.bots]
    names = tuple(_bot_name(b) for b in spec.bots)
    rows: list[Row] = []
    try:
        for i in range(start, stop):
            rows.append(_play_one(spec, i, bots, names))
    except Exception as e:  # handed on as it is, with the rows before it
        return rows, e
    return rows, None


def _play_one(spec: _Spec, index: int, bots: list[Any], names: tuple[str, ...]) -> Row:
    seed = game_seed(spec.seed, index)
    game = _new_game(spec, seed)
    rng = random.Random(seed + 1)
    bot_of = dict(zip(spec.seats, bots, strict=True))
    before = _before(game)
    first = game.to_move
    decisions = 0
    capped = False
    for mover in _movers(game):
        if decisions >= spec.max_moves or _hands(game) >= spec.max_hands:
            capped = True
            break
        try:
            move = bot_of[mover](game, rng)
        except Exception as e:  # a bot is any function: say whose it was, and where
            raise BotFailed(
                f"the bot {names[spec.seats.index(mover)]} failed for {mover} in game {index} "
                f"(seed {seed}): {type(e).__name__}: {e}"
            ) from None
        try:
            game.play(move)
        except CardlibError as e:
            raise BotFailed(
                f"the bot {names[spec.seats.index(mover)]} chose {move!r} for {mover} in game "
                f"{index} (seed {seed}), which the rules refuse: {e}"
            ) from None
        decisions += 1
    scores, winners, teams = _running(game) if capped else _outcome(game)
    return Row(
        index=index,
        seed=seed,
        game=spec.game,
        rule_set=_rule_set(game),
        seats=spec.seats,
        bots=names,
        first=first or "",
        decisions=decisions,
        capped=capped,
        winners=winners,
        scores=scores,
        teams=teams,
        record=_record(game, before),
    )


def _movers(game: Any) -> Iterator[str]:
    while True:
        mover = game.to_move
        if mover is None:
            return
        yield mover


def _hands(game: Any) -> int:
    """Hands finished so far in a Rook game to 300 (0 for anything else)."""
    return int(getattr(game, "hands_played", 0))


# -- what a game's row says: the one place that knows each engine's result ---------------


def _outcome(game: Any) -> tuple[dict[str, int], tuple[str, ...], dict[str, int]]:
    """(per player, winners, per team) of a finished game.

    The protocol's :class:`~cardlib.game.Result` says this directly; until every engine
    returns one, today's shapes are read here: Golf player -> points (lowest wins), Go Fish
    player -> books (most win), Rook team -> points (a hand: the higher score; a game:
    the team that reached 300).
    """
    result = game.result()
    if hasattr(result, "winners"):
        return dict(result), tuple(result.winners), dict(getattr(result, "teams", {}))
    if game.game == "golf":
        low = min(result.values())
        return dict(result), tuple(p for p in game.players if result[p] == low), {}
    if game.game == "go-fish":
        return dict(result), tuple(game.winners()), {}
    teams = {t: int(v) for t, v in result.items()}
    team_of = {p: ("NS", "EW")[i % 2] for i, p in enumerate(game.players)}
    if getattr(game, "winner", None) is not None:
        best = {game.winner.value}
    else:
        top = max(teams.values())
        best = {t for t, v in teams.items() if v == top}
    return (
        {p: teams[team_of[p]] for p in game.players},
        tuple(p for p in game.players if team_of[p] in best),
        teams,
    )


def _running(game: Any) -> tuple[dict[str, int], tuple[str, ...], dict[str, int]]:
    """The scores of a game stopped by a cap: where it stood, and no winners."""
    if game.game == "golf":
        return dict(game.scores()), (), {}
    if game.game == "go-fish":
        return dict(game.book_counts()), (), {}
    totals = getattr(game, "totals", None) or game.counters_taken()
    teams = {str(t): int(v) for t, v in totals.items()}
    return {p: teams[("NS", "EW")[i % 2]] for i, p in enumerate(game.players)}, (), teams


def _before(game: Any) -> dict[str, Any]:
    """What must be read before the first move: a Rook hand's dealt nest."""
    if game.game == "rook" and hasattr(game, "nest"):
        from cardlib.rook import counters

        return {"nest_dealt": counters(game.nest)}
    return {}


def _record(game: Any, before: dict[str, Any]) -> dict[str, Any]:
    """What the game records, in plain values: books, column scores, contracts, counters."""
    if game.game == "go-fish":
        return {
            "books": {p: [str(r) for r in rs] for p, rs in game.books.items()},
            "ended_by": game.ended_by or "",
            "stock": game.stock_size,
        }
    if game.game == "golf":
        return {
            "columns": {
                p: [c.points for c in game.layouts[p].score().columns] for p in game.players
            },
            "went_out": game.went_out or "",
            "ended_by": game.ended_by or "",
        }
    if hasattr(game, "scores") and isinstance(game.scores, list):  # a Rook game to 300
        return {
            "hands": game.hands_played,
            "bids": [s.bid for s in game.scores],
            "bidders": [s.bidders.value for s in game.scores],
            "made": [s.made for s in game.scores],
        }
    from cardlib.rook import counters

    taken = game.counters_taken()
    contract = game.score
    return {
        "bidder": game.bidder or "",
        "bidders": "" if contract is None else contract.bidders.value,
        "bid": game.bid or 0,
        "made": None if contract is None else contract.made,
        "taken": {t: taken[t] for t in ("NS", "EW")},
        "nest_dealt": before.get("nest_dealt", 0),
        "nest_laid": counters(game.nest) if game.is_over else 0,
        "nest_to": game.nest_to or "",
        "thrown_in": game.thrown_in,
    }


# -- the command line: ``cardlib simulate`` -------------------------------------------------


def command(args: Any) -> int:
    """Run ``cardlib simulate`` (its arguments parsed by :mod:`cardlib.cli`); the exit status.

    The rows are written as their games finish, a batch at a time, in bounded memory
    whatever ``-n`` is.  SIGINT (Ctrl-C) and SIGTERM stop the games and their worker
    processes and say so in one line (exit status 130 and 143); so does a bot that fails
    (after the rows of the games before it) and an output that cannot be written (exit 2).
    """
    try:
        players: int | list[str] | None = None
        if args.players:
            one = args.players[0]
            players = int(one) if len(args.players) == 1 and one.isdigit() else list(args.players)
        bar = _Bar(args.n) if sys.stderr.isatty() and args.n >= 1000 else None
        batches = _batches(
            args.game,
            args.n,
            seed=args.seed,
            players=players,
            rule_set=args.rule_set,
            options=dict(_option(o) for o in args.option),
            bots=[_bot(b) for b in args.bots],
            executor=None,
            workers=args.workers,
            batch_size=None,
            max_moves=args.max_moves,
            full_game=args.full_game,
            max_hands=200,
            progress=bar,
        )
    except (ValueError, TypeError, CardlibError) as e:
        print(f"cardlib: error: {e}", file=sys.stderr)
        return 2
    signals = _Signals()
    try:
        try:
            return _write(batches, args, bar)
        finally:
            signals.disarm()  # a signal from here on is noted, never raised
    except _Signalled as stop:
        batches.close()
        if bar is not None:
            bar.close()
        if not args.output:
            _let_go_of_stdout()
        import signal

        said = "interrupted" if stop.signum == signal.SIGINT else "terminated"
        print(f"cardlib: {said}", file=sys.stderr)
        return 128 + stop.signum
    finally:
        batches.close()
        signals.restore()


def _write(batches: Generator[list[Row], None, None], args: Any, bar: _Bar | None) -> int:
    """Write the rows batch by batch, each batch flushed; the exit status."""
    where = args.output or "standard output"

    def fail(said: str) -> int:
        batches.close()  # the workers stop before the line is written
        if bar is not None:
            bar.close()
        print(f"cardlib: error: {said}", file=sys.stderr)
        return 2

    with contextlib.ExitStack() as files:
        try:
            out = (
                files.enter_context(open(args.output, "w", newline="", encoding="utf-8"))
                if args.output
                else sys.stdout
            )
        except OSError as e:
            return fail(f"cannot write {where}: {e.strerror or e}")
        writer = _Writer(out, args.format)
        while True:
            try:
                batch = next(batches)
            except StopIteration:
                break
            except (ValueError, TypeError, CardlibError) as e:
                return fail(str(e))
            try:
                writer.write(batch)
                out.flush()
            except BrokenPipeError:
                batches.close()
                raise  # the reader went away: the command stops quietly
            except OSError as e:
                if out is sys.stdout:
                    _let_go_of_stdout()
                else:  # what failed to be written is not tried again on closing
                    files.pop_all()
                    with contextlib.suppress(OSError):
                        out.close()
                return fail(f"cannot write {where}: {e.strerror or e}")
    if bar is not None:
        bar.close()
    return 0


def _let_go_of_stdout() -> None:
    """Standard output, when a pipe or a socket, becomes /dev/null, so that what is left in
    its buffer never holds up the exit (a reader that stopped) or fails it again."""
    import stat

    try:
        fd = sys.stdout.fileno()
        mode = os.fstat(fd).st_mode
    except (OSError, ValueError, AttributeError):
        return
    if stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode) or (stat.S_ISCHR(mode) and not os.isatty(fd)):
        os.dup2(os.open(os.devnull, os.O_WRONLY), fd)


class _Signalled(BaseException):
    """SIGINT or SIGTERM arrived while ``cardlib simulate`` ran."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


class _Signals:
    """While armed, the first SIGINT or SIGTERM raises :class:`_Signalled` (the main thread
    only; a signal ignored when the command started stays ignored)."""

    def __init__(self) -> None:
        import signal
        import threading

        self.armed = True
        self.before: dict[int, Any] = {}
        if threading.current_thread() is not threading.main_thread():
            return
        for signum in (signal.SIGINT, signal.SIGTERM):
            if signal.getsignal(signum) is not signal.SIG_IGN:
                self.before[signum] = signal.signal(signum, self._handle)

    def _handle(self, signum: int, frame: Any) -> None:
        if self.armed:
            self.armed = False
            raise _Signalled(signum)

    def disarm(self) -> None:
        self.armed = False

    def restore(self) -> None:
        import signal

        for signum, handler in self.before.items():
            signal.signal(signum, signal.SIG_DFL if handler is None else handler)
        self.before = {}


class _Writer:
    """Rows written as CSV (the columns of the first row: every row of a simulation has the
    same) or JSON Lines, as they come."""

    def __init__(self, out: Any, fmt: str) -> None:
        self.out, self.fmt = out, fmt
        self.csv: Any = None

    def write(self, rows: Iterable[Row]) -> None:
        import json

        if self.fmt == "jsonl":
            dumps = json.dumps
            self.out.write("".join(dumps(r.as_dict(), ensure_ascii=False) + "\n" for r in rows))
            return
        for row in rows:
            flat = row.flat()
            if self.csv is None:
                import csv

                self.csv = csv.DictWriter(self.out, list(flat), lineterminator="\n")
                self.csv.writeheader()
            self.csv.writerow(flat)  # a column the first row lacks is a ValueError


def write_rows(rows: Iterable[Row], out: Any, fmt: str = "csv") -> None:
    """Write rows as CSV (one flat column a value, see :meth:`Row.flat`) or JSON Lines.

    A list's CSV has every column of any of its rows; rows from an iterator (such as
    :func:`stream`) are written as they come, under the first row's columns."""
    if fmt == "csv" and isinstance(rows, Sequence):
        import csv

        if not rows:  # no games, no columns: nothing to write
            return
        flat = [row.flat() for row in rows]
        columns = list(dict.fromkeys(k for f in flat for k in f))
        writer = csv.DictWriter(out, columns, lineterminator="\n")
        writer.writeheader()
        writer.writerows(flat)
        return
    _Writer(out, fmt).write(rows)


def _option(text: str) -> tuple[str, Any]:
    """``NAME=VALUE`` with VALUE read as true/false/none, a number or text."""
    name, sep, value = text.partition("=")
    if not sep or not name:
        raise ValueError(f"option {text!r}: write NAME=VALUE, e.g. refill=true")
    words: dict[str, Any] = {"true": True, "false": False, "none": None}
    if value.lower() in words:
        return name.replace("-", "_"), words[value.lower()]
    return name.replace("-", "_"), int(value) if value.lstrip("-").isdigit() else value


def _bot(name: str) -> str | Callable[[Any, random.Random], Any]:
    """A bot's name, or ``module:function`` imported."""
    if name in BOTS:
        return name
    module, sep, attr = name.partition(":")
    if not sep:
        raise ValueError(
            f"{name!r} is not a bot: use {', '.join(map(repr, BOTS))} or module:function"
        )
    import importlib

    try:
        found = importlib.import_module(module)
    except Exception as e:  # the module's own code runs: anything may go wrong in it
        raise ValueError(f"cannot load the bot {name!r}: {type(e).__name__}: {e}") from None
    bot = getattr(found, attr, None)
    if not callable(bot):
        raise ValueError(f"{name!r} is not a function: {module} has no function {attr!r}")
    return bot


class _Bar:
    """A progress bar on standard error: ``[#####.....] 5,000/10,000 games``."""

    def __init__(self, total: int) -> None:
        self.total, self.done = total, 0

    def __call__(self, k: int) -> None:
        import sys

        self.done += k
        filled = 30 * self.done // max(1, self.total)
        sys.stderr.write(
            f"\r[{'#' * filled}{'.' * (30 - filled)}] {self.done:,}/{self.total:,} games"
        )
        sys.stderr.flush()

    def close(self) -> None:
        import sys

        sys.stderr.write("\n")


__all__ = [
    "BOTS",
    "MAX_GAMES",
    "NAMES",
    "PROCESSES_FROM",
    "Row",
    "command",
    "game_seed",
    "simulate",
    "stream",
    "write_rows",
]
