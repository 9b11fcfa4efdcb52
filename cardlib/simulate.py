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
"""

from __future__ import annotations

import concurrent.futures
import hashlib
import inspect
import os
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
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
    bots: Sequence[str | Callable[[Any, random.Random], Any]] | str = "random",
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
    a Rook game one hand, unless ``full_game`` asks for games to 300.

    The games run in ``executor`` when one is given; otherwise in local worker processes
    (``workers`` of them, default: the CPU count) when ``n`` is at least
    :data:`PROCESSES_FROM` or ``workers`` asks for more than one, and in this process
    otherwise.  ``progress(k)`` is called as each batch of ``k`` games finishes.
    """
    counts = [("n", n, 0), ("max_moves", max_moves, 0), ("max_hands", max_hands, 1)]
    if workers is not None:
        counts.append(("workers", workers, 1))
    for name, value, least in counts:
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise ValueError(f"{name} must be a whole number of at least {least}, not {value!r}")
    spec = _spec(game, seed, players, rule_set, options, bots, max_moves, full_game, max_hands)
    _check_runs(spec)
    if executor is None:
        if workers is None:
            workers = (os.cpu_count() or 1) if n >= PROCESSES_FROM else 1
        if workers > 1 and n > 1:
            with concurrent.futures.ProcessPoolExecutor(workers) as pool:
                return _run(pool, spec, n, batch_size or _batch(n, workers), progress)
        rows: list[Row] = []
        step = batch_size or max(1, min(n, 500))
        for start in range(0, n, step):
            rows += _play_batch(spec, start, min(n, start + step))
            if progress is not None:
                progress(min(n, start + step) - start)
        return rows
    return _run(executor, spec, n, batch_size or _batch(n, workers or 8), progress)


def _batch(n: int, workers: int) -> int:
    """Batches small enough to share out (four a worker) and big enough to be worth sending."""
    return max(1, min(1000, -(-n // (4 * workers))))


def _run(
    executor: concurrent.futures.Executor,
    spec: _Spec,
    n: int,
    size: int,
    progress: Callable[[int], None] | None,
) -> list[Row]:
    starts = range(0, n, size)
    futures = [executor.submit(_play_batch, spec, s, min(n, s + size)) for s in starts]
    rows: list[Row] = []
    try:
        # in order: a failure is always the first game that fails, whatever the batching
        for future in futures:
            batch = future.result()
            rows += batch
            if progress is not None:
                progress(len(batch))
    except BaseException:
        for future in futures:
            future.cancel()
        raise
    return rows


# -- setting up a simulation ------------------------------------------------------------


def _spec(
    game: str,
    seed: int,
    players: int | Sequence[str] | None,
    rule_set: str | None,
    options: Mapping[str, Any] | None,
    bots: Sequence[str | Callable[[Any, random.Random], Any]] | str,
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
    """Games ``start``..``stop`` of a simulation (what one worker does with one batch)."""
    bots = [BOTS[b] if isinstance(b, str) else b for b in spec.bots]
    names = tuple(_bot_name(b) for b in spec.bots)
    return [_play_one(spec, i, bots, names) for i in range(start, stop)]


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
    """Run ``cardlib simulate`` (its arguments parsed by :mod:`cardlib.cli`); the exit status."""
    import sys

    try:
        players: int | list[str] | None = None
        if args.players:
            one = args.players[0]
            players = int(one) if len(args.players) == 1 and one.isdigit() else list(args.players)
        bar = _Bar(args.n) if sys.stderr.isatty() and args.n >= 1000 else None
        rows = simulate(
            args.game,
            args.n,
            seed=args.seed,
            players=players,
            rule_set=args.rule_set,
            options=dict(_option(o) for o in args.option),
            bots=[_bot(b) for b in args.bots],
            workers=args.workers,
            max_moves=args.max_moves,
            full_game=args.full_game,
            progress=bar,
        )
        if bar is not None:
            bar.close()
    except (ValueError, TypeError, CardlibError) as e:
        print(f"cardlib: error: {e}", file=sys.stderr)
        return 2
    try:
        if args.output:
            with open(args.output, "w", newline="", encoding="utf-8") as out:
                write_rows(rows, out, args.format)
        else:
            write_rows(rows, sys.stdout, args.format)
            sys.stdout.flush()
    except BrokenPipeError:
        raise  # the reader went away: the command stops quietly
    except OSError as e:
        where = args.output or "standard output"
        print(f"cardlib: error: cannot write {where}: {e.strerror or e}", file=sys.stderr)
        return 2
    return 0


def write_rows(rows: Sequence[Row], out: Any, fmt: str = "csv") -> None:
    """Write rows as CSV (one flat column a value, see :meth:`Row.flat`) or JSON Lines."""
    import csv
    import json

    if fmt == "jsonl":
        for row in rows:
            out.write(json.dumps(row.as_dict(), ensure_ascii=False) + "\n")
        return
    if not rows:  # no games, no columns: nothing to write
        return
    flat = [row.flat() for row in rows]
    columns = list(dict.fromkeys(k for f in flat for k in f))
    writer = csv.DictWriter(out, columns, lineterminator="\n")
    writer.writeheader()
    writer.writerows(flat)


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
    "NAMES",
    "PROCESSES_FROM",
    "Row",
    "command",
    "game_seed",
    "simulate",
    "write_rows",
]
