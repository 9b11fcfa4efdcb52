"""The lab's measures, each a function of a :class:`Tally` (the games' rows reduced as they
come) that returns a :class:`Measure`: its value, its 95% interval and the number of games
it is over.  Each function's docstring is its definition and names its source:

* Ludii's metrics (Piette, Stephenson, Browne et al., ``Ludii: Evaluation/src/metrics/``):
  AdvantageP1, Balance, Drawishness, Duration, BranchingFactor, LeadChange, Drama,
  Decisiveness; most after Browne, *Automatic Generation and Evaluation of Recombination
  Games* (PhD thesis, 2008);
* CardStock's heuristics for card games written in RECYCLE (Bell & Goadrich, "Automated
  Playtesting with RECYCLEd CardStock", *Game & Puzzle Design* 2(1), 2016; Goadrich &
  Shaddox on Hearts variants): fairness, order (skill against luck), drama, security,
  convergence, spread, the average-trend plot.

Where cardlib's definition is its own reading of a source (a shared win, a time-weighted
mean over a game's decisions), the docstring says so.  The measures of a game's course
need rows kept with ``history=True`` and a game whose spec has a
:class:`~cardlib.games.Standing`; the others need only the default row.
"""

from __future__ import annotations

import bisect
import hashlib
import math
import random
from array import array
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from cardlib.analysis.stats import bootstrap, wilson, z_for
from cardlib.simulate.rows import Row

#: points of the average-trend and convergence profiles: 0%, 10%, ..., 100% of a game
PROFILE = 11


@dataclass(frozen=True, slots=True)
class Measure:
    """One measure of a study: ``value`` with its 95% interval ``low``..``high`` over ``n``
    games (nan where no game says), ``source`` the measure it follows."""

    name: str
    value: float
    low: float
    high: float
    n: int
    source: str

    def as_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "value": _plain(self.value),
            "low": _plain(self.low),
            "high": _plain(self.high),
            "n": self.n,
            "source": self.source,
        }

    def __str__(self) -> str:
        return f"{self.name} {_num(self.value)} [{_num(self.low)}, {_num(self.high)}] (n={self.n})"


def _plain(x: float) -> float | None:
    return None if math.isnan(x) else round(x, 6)


def _num(x: float) -> str:
    return "-" if math.isnan(x) else f"{x:.3f}"


class Tally:
    """The games' rows reduced as they come: a few numbers a game (no history is kept),
    so a study's memory grows by tens of bytes a game, whatever its games' length.

    ``better`` is ``"higher"`` or ``"lower"``: which way a standing (and a final score) is
    better, from the game's :class:`~cardlib.games.Standing` (None: the game has none)."""

    def __init__(self, better: str | None) -> None:
        self.better = better
        self.sign = -1 if better == "lower" else 1
        self.games = 0
        self.capped = 0
        self.seats = 0
        self.credit: list[array[float]] = []  # by place in the order of play, decided games
        self.team_names: tuple[str, ...] = ()
        self.team_credit: list[array[float]] = []
        self.ties = 0
        self.decisions: array[float] = array("d")
        self.turns: array[float] = array("d")
        self.choices: array[float] = array("d")
        self.slopes: array[float] = array("d")
        self.leads: array[float] = array("d")
        self.security: array[float] = array("d")
        self.decisive: array[float] = array("d")
        self.drama: array[float] = array("d")
        self.order_credit: array[float] = array("d")
        self.order_seats = 0
        self.trend: dict[int, list[float]] = {}
        self.trend_games: dict[int, int] = {}
        self.profile = [0.0] * PROFILE
        self.profile_games = 0
        self.digest = hashlib.blake2b(digest_size=8)

    # -- reducing rows -------------------------------------------------------------------

    def add(self, row: Row) -> None:
        """One game's row."""
        self.games += 1
        self.digest.update(f"{row.seed},".encode())
        k = len(row.seats)
        if not self.seats:
            self.seats = k
            self.credit = [array("d") for _ in range(k)]
        self.decisions.append(row.decisions)
        history = row.history
        if history is not None:
            self._choices(history)
        if row.capped:
            self.capped += 1
            return
        first = row.seats.index(row.first) if row.first in row.seats else 0
        share = 1 / len(row.winners) if row.winners else 0.0
        for place in range(k):
            seat = row.seats[(first + place) % k]
            self.credit[place].append(share if seat in row.winners else 0.0)
        if row.teams:
            if self._teams(row.teams) > 1:
                self.ties += 1
        elif len(row.winners) > 1:
            self.ties += 1
        if history is not None and self.better is not None and history.get("standing"):
            self._course(row, history)

    def _teams(self, teams: dict[str, int]) -> int:
        """A partnership game's teams' credit; how many teams share the win."""
        if not self.team_names:
            self.team_names = tuple(teams)
            self.team_credit = [array("d") for _ in self.team_names]
        best = max(self.sign * teams[t] for t in self.team_names)
        top = [t for t in self.team_names if self.sign * teams[t] == best]
        for t, column in zip(self.team_names, self.team_credit, strict=True):
            column.append(1 / len(top) if t in top else 0.0)
        return len(top)

    def _choices(self, history: dict[str, Any]) -> None:
        movers: str = history.get("movers", "")
        self.turns.append(sum(1 for i, m in enumerate(movers) if i == 0 or movers[i - 1] != m))
        counts: list[int] = history.get("choices", [])
        d = len(counts)
        if not d:
            return
        self.choices.append(sum(counts) / d)
        self.slopes.append(_slope([math.log2(max(1, c)) for c in counts]))
        self.profile_games += 1
        for b in range(PROFILE):
            self.profile[b] += counts[min(d - 1, round(b / (PROFILE - 1) * (d - 1)))]

    def _course(self, row: Row, history: dict[str, Any]) -> None:
        """Lead changes, security, decisiveness and drama of one decided game, and its
        standings for the average trend, a partnership's players taken as one side."""
        points: list[list[int]] = history["standing"]
        d = row.decisions
        starts = [p[0] for p in points]
        k = len(row.seats)
        # a partnership stands together: one standing a side, read from its first seat
        sides: list[int] = history.get("sides") or list(range(k))
        firsts = [sides.index(s) for s in sorted(set(sides))]
        values = [[self.sign * p[1 + i] for i in firsts] for p in points]
        weights = [
            (starts[j + 1] if j + 1 < len(starts) else d + 1) - starts[j]
            for j in range(len(starts))
        ]
        spread = max(max(v) for v in values) - min(min(v) for v in values) or 1
        winners = {firsts.index(sides.index(sides[row.seats.index(w)])) for w in row.winners}
        # lead changes: a sole leader other than the last sole leader
        changes, last = 0, None
        margin = 0.0
        for v, w in zip(values, weights, strict=True):
            top = max(v)
            leaders = [i for i, x in enumerate(v) if x == top]
            if len(leaders) == 1:
                if last is not None and leaders[0] != last:
                    changes += 1
                last = leaders[0]
                second = max(x for i, x in enumerate(v) if i != leaders[0]) if len(v) > 1 else top
                margin += w * (top - second) / spread
        self.leads.append(changes)
        self.security.append(margin / (d + 1))
        # decisiveness: the share of the game after which a winner is ahead of the others
        settled = d
        others = [i for i in range(len(firsts)) if i not in winners]
        for j in range(len(values) - 1, -1, -1):
            v = values[j]
            if not others or max(v[i] for i in winners) > max(v[i] for i in others):
                settled = starts[j]
            else:
                break
        self.decisive.append((d - settled) / d if d else 0.0)
        if len(winners) == 1:
            (won,) = winners
            behind = [
                (w, max(v) - v[won])
                for v, w in zip(values, weights, strict=True)
                if max(v) > v[won]
            ]
            total = sum(w for w, _ in behind)
            self.drama.append(sum(w * gap for w, gap in behind) / total / spread if total else 0.0)
        # the average trend: the standing at 0%, 10%, ... of the game, by final rank
        final = [self.sign * row.scores[row.seats[i]] for i in firsts]
        for i, mine in enumerate(final):
            rank = 1 + sum(1 for x in final if x > mine)
            sums = self.trend.setdefault(rank, [0.0] * PROFILE)
            self.trend_games[rank] = self.trend_games.get(rank, 0) + 1
            for b in range(PROFILE):
                at = bisect.bisect_right(starts, round(b / (PROFILE - 1) * d)) - 1
                sums[b] += self.sign * values[at][i]

    def add_order(self, rows: Iterable[Row], seat: str) -> None:
        """Games of the order study, the simple bot in ``seat`` (the others random)."""
        for row in rows:
            if row.capped:
                continue
            self.order_seats = len(row.seats)
            self.order_credit.append(1 / len(row.winners) if seat in row.winners else 0.0)

    # -- the study's answer --------------------------------------------------------------

    @property
    def deals(self) -> str:
        """A digest of the games' seeds, in order: two studies with the same digest played
        the same deals."""
        return self.digest.hexdigest()

    def measures(self, *, resamples: int = 1000, seed: int = 0) -> dict[str, Measure]:
        """Every measure the rows allow, by name, with its interval (the bootstrap drawn from
        ``random.Random(seed)``)."""
        rng = random.Random(seed)
        out: list[Measure] = []
        for fn in MEASURES:
            out.extend(fn(self, resamples, rng))
        return {m.name: m for m in out}

    def trends(self) -> dict[int, list[float]]:
        """The average-trend profile (CardStock): by final rank (1 = the winner), each
        seat's standing at 0%, 10%, ..., 100% of its game, averaged over the games."""
        return {
            r: [s / self.trend_games[r] for s in sums] for r, sums in sorted(self.trend.items())
        }

    def choices_profile(self) -> list[float]:
        """The legal moves at 0%, 10%, ..., 100% of a game, averaged over the games."""
        g = self.profile_games
        return [s / g for s in self.profile] if g else []


def _slope(ys: list[float]) -> float:
    """The least-squares slope of ``ys`` against the share of the game played (0 to 1)."""
    n = len(ys)
    if n < 2:
        return 0.0
    xs = [i / (n - 1) for i in range(n)]
    mx, my = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sxx


def _mean(
    column: array[float], name: str, source: str, resamples: int, rng: random.Random
) -> Measure:
    n = len(column)
    if not n:
        return Measure(name, math.nan, math.nan, math.nan, 0, source)
    ((low, high),) = bootstrap([column], [lambda s, k: s[0] / k], resamples=resamples, rng=rng)
    return Measure(name, math.fsum(column) / n, low, high, n, source)


def _rate(successes: float, n: int, name: str, source: str) -> Measure:
    low, high = wilson(successes, n)
    return Measure(name, successes / n if n else math.nan, low, high, n, source)


# -- the measures ------------------------------------------------------------------------


def win_rates(t: Tally, resamples: int, rng: random.Random) -> list[Measure]:
    """``win_rate.1`` ... ``win_rate.k``: the share of the decided games (not capped) won by
    the player ``1``st, ``2``nd, ... to move; a tie's win is shared among its winners
    (1/w each of w), so the rates add up to 1.  Wilson interval.  Source: Ludii's
    per-player win rates (``Evaluation/src/metrics/single/outcome``); CardStock's
    "win rate by seat" (Bell & Goadrich 2016)."""
    n = len(t.credit[0]) if t.credit else 0
    return [
        _rate(math.fsum(c), n, f"win_rate.{place + 1}", "Ludii win rate by player")
        for place, c in enumerate(t.credit)
    ]


def first_player_advantage(t: Tally, resamples: int, rng: random.Random) -> list[Measure]:
    """The first mover's win rate minus 1/k, the rate of a fair game of k players: 0 when
    moving first is worth nothing, up to 1 - 1/k when the first mover always wins.  The
    Wilson interval of the rate, shifted by 1/k.  Source: Ludii's AdvantageP1 (Browne 2008,
    "Advantage"), taken relative to 1/k rather than as the bare rate."""
    if not t.credit or not len(t.credit[0]):
        return [
            Measure("first_player_advantage", math.nan, math.nan, math.nan, 0, "Ludii AdvantageP1")
        ]
    n, k = len(t.credit[0]), t.seats
    low, high = wilson(math.fsum(t.credit[0]), n)
    fair = 1 / k
    return [
        Measure(
            "first_player_advantage",
            math.fsum(t.credit[0]) / n - fair,
            low - fair,
            high - fair,
            n,
            "Ludii AdvantageP1",
        )
    ]


def _box(columns: list[array[float]]) -> tuple[list[float], list[tuple[float, float]], int]:
    """The rates of the columns and their Wilson intervals at ``1 - 0.05/k`` each (Bonferroni),
    so that all k hold at once with at least 95% confidence."""
    n, k = len(columns[0]), len(columns)
    z = z_for(1 - 0.05 / k)
    rates = [math.fsum(c) / n for c in columns]
    return rates, [wilson(math.fsum(c), n, z) for c in columns], n


def _fairness(rates: list[float]) -> float:
    k = len(rates)
    return 1 - sum(abs(w - 1 / k) for w in rates) / (2 * (1 - 1 / k))


def fairness(t: Tally, resamples: int, rng: random.Random) -> list[Measure]:
    """1 minus how far the seats' win rates are from 1/k each, scaled to the number of
    players: ``1 - sum |w_i - 1/k| / (2 (1 - 1/k))``; 1 when every seat wins as often, 0 when
    one seat wins every game, whatever k.  Its interval is the range of the formula over
    the seats' Wilson intervals, each at 1 - 0.05/k (Bonferroni): the true rates all lie in
    them with at least 95% confidence, so the true fairness lies in the range.  Source:
    CardStock's fairness (Bell & Goadrich 2016), in cardlib's scaling to k players."""
    if not t.credit or not len(t.credit[0]) or t.seats < 2:
        return [Measure("fairness", math.nan, math.nan, math.nan, 0, "CardStock fairness")]
    rates, box, n = _box(t.credit)
    k = len(rates)
    near = [min(max(1 / k, lo), hi) for lo, hi in box]  # each rate as near 1/k as it may be
    far = [lo if abs(lo - 1 / k) > abs(hi - 1 / k) else hi for lo, hi in box]
    return [
        Measure(
            "fairness",
            _fairness(rates),
            max(0.0, _fairness(far)),
            _fairness(near),
            n,
            "CardStock fairness",
        )
    ]


def _balance(name: str, columns: list[array[float]], source: str) -> Measure:
    if not columns or not len(columns[0]) or len(columns) < 2:
        return Measure(name, math.nan, math.nan, math.nan, 0, source)
    rates, box, n = _box(columns)
    widest = max(hi for _, hi in box) - min(lo for lo, _ in box)
    narrowest = max(0.0, max(lo for lo, _ in box) - min(hi for _, hi in box))
    return Measure(
        name, 1 - (max(rates) - min(rates)), max(0.0, 1 - widest), 1 - narrowest, n, source
    )


def balance(t: Tally, resamples: int, rng: random.Random) -> list[Measure]:
    """``balance``: 1 minus the gap between the best and the worst seat's win rate (1: every
    seat wins as often); ``team_balance`` the same across partnerships (Rook), a team
    winning the games in which its points are the best.  Interval: the range of the formula
    over the Bonferroni-adjusted Wilson intervals, as :func:`fairness`.  Source: Ludii's
    Balance (Browne 2008, "Balance")."""
    out = [_balance("balance", t.credit, "Ludii Balance")]
    if t.team_credit:
        out.append(_balance("team_balance", t.team_credit, "Ludii Balance (partnerships)"))
    return out


def ties(t: Tally, resamples: int, rng: random.Random) -> list[Measure]:
    """``ties``: the share of the decided games won by more than one player (a shared win),
    in a partnership game by more than one team;
    ``capped``: the share of all games stopped by a cap before their end.  Wilson
    intervals.  Source: Ludii's Drawishness and Timeouts."""
    decided = t.games - t.capped
    return [
        _rate(t.ties, decided, "ties", "Ludii Drawishness"),
        _rate(t.capped, t.games, "capped", "Ludii Timeouts"),
    ]


def length(t: Tally, resamples: int, rng: random.Random) -> list[Measure]:
    """``decisions``: the mean number of decisions (moves the players chose) a game;
    ``decisions_sd`` their standard deviation, the spread of the games' lengths; ``turns``
    (with a history) the mean number of turns, a turn being one player's run of decisions.
    Percentile bootstrap intervals.  Source: Ludii's Duration (Browne 2008, "Duration");
    CardStock's game length and spread."""
    column = t.decisions
    n = len(column)
    out = [_mean(column, "decisions", "Ludii Duration", resamples, rng)]
    if n:
        squares = array("d", (x * x for x in column))

        def sd(s: list[float], k: int) -> float:
            return math.sqrt(max(0.0, s[1] / k - (s[0] / k) ** 2) * k / max(1, k - 1))

        ((low, high),) = bootstrap([column, squares], [sd], resamples=resamples, rng=rng)
        value = sd([math.fsum(column), math.fsum(squares)], n)
        out.append(Measure("decisions_sd", value, low, high, n, "CardStock spread"))
    if len(t.turns):
        out.append(_mean(t.turns, "turns", "Ludii Duration (turns)", resamples, rng))
    return out


def order(t: Tally, resamples: int, rng: random.Random) -> list[Measure]:
    """Skill against luck: the simple bot's win rate w among k - 1 random players (the
    simple bot in each seat in turn, over the same deals), scaled against luck's 1/k:
    ``(w - 1/k) / (1 - 1/k)``; 0 when playing well wins no more than chance, 1 when the
    better player always wins, below 0 when the "simple" play is worse than random.  Wilson
    interval of w, scaled the same way.  Source: CardStock's order (Bell & Goadrich 2016)."""
    n, k = len(t.order_credit), t.order_seats
    if not n or k < 2:
        return []
    w = math.fsum(t.order_credit)
    low, high = wilson(w, n)

    def scale(x: float) -> float:
        return (x - 1 / k) / (1 - 1 / k)

    return [Measure("order", scale(w / n), scale(low), scale(high), n, "CardStock order")]


def course(t: Tally, resamples: int, rng: random.Random) -> list[Measure]:
    """The course of the decided games, from each seat's running standing after every
    decision (a history and the game's :class:`~cardlib.games.Standing`), each a mean over
    the games with a percentile bootstrap interval; a state's weight is the number of
    decisions it lasts, a game's standings spread is the range of every seat's standing
    over it (at least 1), and the players of a partnership (the standing's ``sides``) are one
    side, standing together:

    * ``lead_changes``: how many times the sole leader (the one best standing) becomes
      another player (a tied lead changes nothing).  Source: Ludii's LeadChange, here a
      count a game, not a share of the moves;
    * ``security``: how far the sole leader is ahead of the next player, over the spread,
      averaged over the game's states (0 while the lead is shared).  Source: CardStock's
      security (Bell & Goadrich 2016);
    * ``decisiveness``: the share of the game's decisions played after the winner is
      settled, the first decision from which a winner stands ahead of every player who does
      not win, to the end (0 if the last standing does not show the winner ahead).  Source: Ludii's Decisiveness
      (Browne 2008), its threshold read as "leading to the end";
    * ``drama``: over the games with one winner, how far the eventual winner trailed: the
      mean of (leader's standing - winner's) over the spread, across the states in which the
      winner was behind (0 if never behind).  Source: Browne's Drama (Ludii's Drama;
      CardStock's drama)."""
    return (
        [
            _mean(t.leads, "lead_changes", "Ludii LeadChange", resamples, rng),
            _mean(t.security, "security", "CardStock security", resamples, rng),
            _mean(t.decisive, "decisiveness", "Ludii Decisiveness", resamples, rng),
            _mean(t.drama, "drama", "Browne Drama", resamples, rng),
        ]
        if len(t.leads)
        else []
    )


def convergence(t: Tally, resamples: int, rng: random.Random) -> list[Measure]:
    """``choices``: the mean number of legal moves at a decision, a game's mean averaged
    over the games (Ludii's BranchingFactor); ``convergence``: how the choices change over a
    game, the least-squares slope of log2(legal moves) against the share of the game played
    (0 at the start, 1 at the end), averaged over the games: -1 when the choices halve from
    the first decision to the last, 0 when they stay the same.  Percentile bootstrap
    intervals.  Source: CardStock's convergence (Bell & Goadrich 2016), as a slope."""
    if not len(t.choices):
        return []
    return [
        _mean(t.choices, "choices", "Ludii BranchingFactor", resamples, rng),
        _mean(t.slopes, "convergence", "CardStock convergence", resamples, rng),
    ]


#: every measure, in the order a report shows them
MEASURES: tuple[Callable[[Tally, int, random.Random], list[Measure]], ...] = (
    win_rates,
    first_player_advantage,
    fairness,
    balance,
    ties,
    length,
    order,
    course,
    convergence,
)

__all__ = ["MEASURES", "PROFILE", "Measure", "Tally"]
