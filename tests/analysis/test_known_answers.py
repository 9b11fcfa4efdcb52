"""The lab's measures on games whose answers are known (tests/analysis/known.py): each
measure's interval holds the known value."""

from __future__ import annotations

import itertools
import math

import pytest

from cardlib.analysis import analyse
from tests.analysis.known import known  # noqa: F401  (the fixture)

ROUNDS = 3


def _inside(m, value: float) -> None:
    assert m.low - 1e-9 <= value <= m.high + 1e-9, f"{m} does not hold {value}"


def _course(states: list[tuple[int, int]], winners: set[int]) -> dict[str, float]:
    """The course measures of one game from its standing after every decision (state 0 the
    deal), written out again here from their definitions, decision by decision."""
    d = len(states) - 1
    spread = max(max(s) for s in states) - min(min(s) for s in states) or 1
    changes, last, margin = 0, None, 0.0
    for s in states:
        if s[0] != s[1]:
            leader = 0 if s[0] > s[1] else 1
            if last is not None and leader != last:
                changes += 1
            last = leader
            margin += abs(s[0] - s[1]) / spread
    settled = d
    for t in range(d, -1, -1):
        others = [i for i in (0, 1) if i not in winners]
        if not others or max(states[t][i] for i in winners) > max(states[t][i] for i in others):
            settled = t
        else:
            break
    out = {
        "lead_changes": changes,
        "security": margin / (d + 1),
        "decisiveness": (d - settled) / d,
    }
    if len(winners) == 1:
        (w,) = winners
        gaps = [max(s) - s[w] for s in states if max(s) > s[w]]
        out["drama"] = sum(gaps) / len(gaps) / spread if gaps else 0.0
    return out


def _coin_expected() -> dict[str, float]:
    """The coin game's expected course measures, over all 2^(2R) coins, equally likely."""
    sums: dict[str, float] = {}
    counts: dict[str, int] = {}
    for coins in itertools.product((0, 1), repeat=2 * ROUNDS):
        score = [0, 0]
        states = [(0, 0)]
        for i, c in enumerate(coins):
            score[i % 2] += c
            states.append((score[0], score[1]))
        top = max(score)
        winners = {i for i in (0, 1) if score[i] == top}
        for k, v in _course(states, winners).items():
            sums[k] = sums.get(k, 0.0) + v
            counts[k] = counts.get(k, 0) + 1
    return {k: sums[k] / counts[k] for k in sums}


@pytest.mark.usefixtures("known")
def test_coin_flip_game_is_fair_and_all_luck() -> None:
    report = analyse("known-coin", 800, seed=11, resamples=400)
    m = report.measures
    for place in (1, 2):
        _inside(m[f"win_rate.{place}"], 0.5)
    _inside(m["first_player_advantage"], 0.0)
    _inside(m["fairness"], 1.0)
    _inside(m["balance"], 1.0)
    _inside(m["ties"], math.comb(2 * ROUNDS, ROUNDS) / 4**ROUNDS)
    _inside(m["capped"], 0.0)
    _inside(m["order"], 0.0)
    assert m["decisions"].value == m["decisions"].low == m["decisions"].high == 2 * ROUNDS
    assert m["decisions_sd"].value == 0 and m["turns"].value == 2 * ROUNDS
    assert m["choices"].value == 1 and m["convergence"].value == 0
    for name, value in _coin_expected().items():
        _inside(m[name], value)
    assert m["drama"].n < m["lead_changes"].n == 800  # drama: the games with one winner


@pytest.mark.usefixtures("known")
def test_a_game_the_first_player_always_wins() -> None:
    report = analyse("known-first", 200, seed=2, resamples=200)
    m = report.measures
    _inside(m["win_rate.1"], 1.0)
    _inside(m["win_rate.2"], 0.0)
    _inside(m["first_player_advantage"], 0.5)
    _inside(m["fairness"], 0.0)
    _inside(m["balance"], 0.0)
    _inside(m["ties"], 0.0)
    _inside(m["order"], 0.0)  # the simple bot wins exactly when it moves first
    d = 2 * ROUNDS
    expected = {
        "lead_changes": 0.0,
        "drama": 0.0,
        "decisiveness": (d - 1) / d,
        "security": (ROUNDS + 2) / (2 * (2 * ROUNDS + 1)),
    }
    for name, value in expected.items():
        assert m[name].value == pytest.approx(value)
        _inside(m[name], value)
    assert report.trends[1][-1] == 2 * 2 * ROUNDS / 2 and report.trends[2][-1] == ROUNDS


@pytest.mark.usefixtures("known")
def test_order_is_the_better_players_edge_over_luck() -> None:
    m = analyse("known-pick", 300, seed=5, resamples=100, order_games=1200).measures
    # the simple bot picks 3: a random player ties a third of the time, loses otherwise
    _inside(m["order"], ((2 / 3 + 1 / 6) - 1 / 2) / (1 - 1 / 2))
    assert m["order"].n == 1200
    assert m["ties"].value == 1.0  # two simple bots always tie
    assert m["choices"].value == 3 and m["convergence"].value == 0
