"""The lab: the simulation's history (opt-in, the default row unchanged), the intervals'
coverage, compare's common deals, the outputs, and the refusals of the API and the CLI."""

from __future__ import annotations

import json
import math
import random
import statistics

import pytest

from cardlib.analysis import analyse, compare, default_variants, variant
from cardlib.analysis.output import csv_text, json_text, save, table
from cardlib.analysis.stats import bootstrap, wilson
from cardlib.cli import main
from cardlib.errors import CardlibError, NotationError
from cardlib.games import GAMES
from cardlib.simulate import simulate
from tests.analysis.known import known  # noqa: F401  (the fixture)

BUILT = ("golf", "go-fish", "rook")


# -- the history -------------------------------------------------------------------------


@pytest.mark.parametrize("game", BUILT)
def test_history_is_kept_only_when_asked_and_changes_nothing_else(game: str) -> None:
    plain = simulate(game, n=6, seed=4, bots="simple")
    kept = simulate(game, n=6, seed=4, bots="simple", history=True)
    assert all(r.history is None and "history" not in r.as_dict() for r in plain)
    for a, b in zip(plain, kept, strict=True):
        assert b.as_dict() == {**a.as_dict(), "history": b.history}
        h = b.history
        assert len(h["movers"]) == len(h["choices"]) == b.decisions
        assert all(c >= 1 for c in h["choices"])
        assert h["standing"][0][0] == 0 and h["standing"][-1][0] <= b.decisions
        starts = [s[0] for s in h["standing"]]
        assert starts == sorted(set(starts))  # a point a change, in order
        assert all(len(s) == 1 + len(b.seats) for s in h["standing"])
        assert set(h["movers"]) <= {str(i) for i in range(len(b.seats))}


@pytest.mark.parametrize("game", ["golf", "go-fish"])
def test_the_last_standing_is_the_result(game: str) -> None:
    for row in simulate(game, n=5, seed=9, history=True):
        last = row.history["standing"][-1][1:]
        assert last == [row.scores[s] for s in row.seats]


def test_a_partnership_game_says_its_sides() -> None:
    (row,) = simulate("rook", n=1, seed=3, history=True)
    assert row.history["sides"] == [0, 1, 0, 1]
    assert all(s[1] == s[3] and s[2] == s[4] for s in row.history["standing"])


@pytest.mark.usefixtures("known")
def test_the_history_of_a_known_game() -> None:
    (row,) = simulate("known-first", n=1, seed=0, history=True)
    assert row.history == {
        "movers": "010101",
        "choices": [1] * 6,
        "standing": [[0, 0, 0], [1, 2, 0], [2, 2, 1], [3, 4, 1], [4, 4, 2], [5, 6, 2], [6, 6, 3]],
    }


def test_history_must_be_true_or_false() -> None:
    with pytest.raises(NotationError, match="history must be true or false"):
        simulate("golf", n=1, history="yes")


# -- the intervals -----------------------------------------------------------------------


def test_wilson_intervals_cover_the_rate() -> None:
    rng = random.Random(1)
    p, n, runs = 0.3, 40, 400
    hits = 0
    for _ in range(runs):
        k = sum(rng.random() < p for _ in range(n))
        low, high = wilson(k, n)
        hits += low <= p <= high
    assert 0.92 <= hits / runs <= 0.99


def test_bootstrap_intervals_cover_the_mean() -> None:
    rng = random.Random(2)
    runs, hits = 150, 0
    for i in range(runs):
        values = [rng.expovariate(1.0) for _ in range(60)]
        ((low, high),) = bootstrap(
            [values], [lambda s, k: s[0] / k], resamples=200, rng=random.Random(i)
        )
        hits += low <= 1.0 <= high
    assert 0.87 <= hits / runs <= 0.99


def test_the_bootstrap_is_seeded() -> None:
    values = [float(i % 7) for i in range(50)]
    mean = [lambda s, k: s[0] / k]
    a = bootstrap([values], mean, resamples=100, rng=random.Random(3))
    assert a == bootstrap([values], mean, resamples=100, rng=random.Random(3))
    assert a[0][0] < statistics.mean(values) < a[0][1]


# -- compare -----------------------------------------------------------------------------


@pytest.mark.usefixtures("known")
def test_compare_plays_the_same_deals_under_each_variant() -> None:
    fair, loaded = compare("known-coin", ["fair", "loaded"], 400, seed=3, resamples=200)
    assert fair.deals == loaded.deals
    assert compare("known-coin", ["fair"], 400, seed=4, resamples=0)[0].deals != fair.deals
    # the same coins: the loaded rule only adds to the first player's wins
    assert loaded["win_rate.1"].value > fair["win_rate.1"].value
    assert loaded["first_player_advantage"].low > 0 >= fair["first_player_advantage"].low
    # and the runs are repeatable
    again = compare("known-coin", ["fair", "loaded"], 400, seed=3, resamples=200)
    assert [r.as_dict() for r in again] == [fair.as_dict(), loaded.as_dict()]


def test_the_default_study_is_every_rule_set_and_option() -> None:
    labels = [v.label for v in default_variants("go-fish")]
    assert labels[:3] == list(GAMES["go-fish"].rule_sets)
    assert "refill=true" in labels
    assert [v.label for v in default_variants("golf")] == [
        "bicycle-pagat",
        "extra_flip=true",
        "last_turns=true",
    ]


def test_a_real_game_is_measured_with_every_measure() -> None:
    report = analyse("rook", 30, seed=1, resamples=50, order_games=8)
    assert {"team_balance", "lead_changes", "drama", "order", "convergence"} <= set(report.measures)
    assert all(
        math.isnan(m.value) or m.low <= m.value + 1e-9 <= m.high + 2e-9
        for m in report.measures.values()
        if not math.isnan(m.low)
    )
    assert "rook: 30 games a variant" in table([report])
    assert json.loads(json_text([report]))["reports"][0]["games"] == 30
    assert csv_text([report]).splitlines()[0].startswith("game,variant,rule_set,options,measure")


def test_variants_in_words() -> None:
    v = variant("bicycle,refill=true")
    assert (v.rule_set, v.options) == ("bicycle", (("refill", True),))
    assert variant({"options": {"refill": True}}).label == "refill=True"


@pytest.mark.parametrize(
    ("call", "said"),
    [
        (lambda: analyse("nope", 5), "is not a game"),
        (lambda: analyse("golf", 0), "n must be a whole number of at least 1"),
        (lambda: analyse("golf", 5, resamples=-1), "resamples"),
        (lambda: analyse("golf", 5, order_games=True), "order_games"),
        (lambda: compare("golf", "bicycle-pagat", 5), "variants must be a list"),
        (lambda: compare("golf", [], 5), "at least one variant"),
        (lambda: compare("golf", ["a", "a"], 5), "same label"),
        (lambda: compare("go-fish", ["pagat", "nope"], 5), "nope"),
        (lambda: compare("golf", [3], 5), "a variant is"),
        (lambda: compare("golf", [{"rules": 1}], 5), "a variant has"),
    ],
)
def test_the_api_refuses_in_one_line(call, said: str) -> None:
    with pytest.raises(NotationError) as refused:
        call()
    assert said in str(refused.value) and "\n" not in str(refused.value)


# -- the command line --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["analyse", "nope"], "invalid choice"),
        (["analyse", "golf", "-n", "0"], "n must be a whole number of at least 1"),
        (["analyse", "golf", "--rule-set", "zz"], "is not a golf rule set"),
        (["analyse", "golf", "--option", "x"], "write NAME=VALUE"),
        (["compare", "golf", "--variant", "zz=1"], "'zz' is not an option here"),
        (["compare", "golf", "--variant", ",,"], "variant ',,'"),
        (["analyse", "golf", "--plot", "out.pdf"], "--plot writes a .png or .svg"),
        (["analyse", "rook", "--players", "3"], "not 3"),
        (["analyse", "golf", "--bots", "nobot"], "is not a bot"),
        (["analyse", "golf", "-n", "x"], "invalid int value"),
    ],
)
def test_the_cli_refuses_in_one_line(capsys, args: list[str], said: str) -> None:
    with pytest.raises(SystemExit) if "invalid" in said else _nothing():
        status = main([*args, "--resamples", "0"] if "invalid" not in said else args)
        assert status == 2
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err
    assert err.strip().splitlines()[-1].startswith("cardlib: error:")


class _nothing:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> bool:
        return False


@pytest.mark.usefixtures("known")
def test_the_cli_writes_a_table_csv_json_and_a_figure(capsys, tmp_path) -> None:
    assert (
        main(
            [
                "compare",
                "known-coin",
                "--variant",
                "fair",
                "--variant",
                "loaded",
                "-n",
                "40",
                "--resamples",
                "20",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert out.splitlines()[1].split() == ["measure", "fair", "loaded"]
    assert (
        main(
            ["analyse", "known-coin", "-n", "20", "--resamples", "0", "-o", str(tmp_path / "a.csv")]
        )
        == 0
    )
    assert (tmp_path / "a.csv").read_text().startswith("game,variant")
    assert main(["analyse", "known-coin", "-n", "20", "--resamples", "0", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["reports"][0]["variant"]["label"] == "fair"
    pytest.importorskip("matplotlib")
    assert (
        main(
            [
                "analyse",
                "known-coin",
                "-n",
                "20",
                "--resamples",
                "0",
                "--plot",
                str(tmp_path / "a.svg"),
            ]
        )
        == 0
    )
    assert (tmp_path / "a.svg").read_text().lstrip().startswith("<?xml")


@pytest.mark.usefixtures("known")
def test_nothing_is_written_through_a_link(capsys, tmp_path) -> None:
    target = tmp_path / "elsewhere.csv"
    (tmp_path / "link.csv").symlink_to(target)
    assert main(["analyse", "known-coin", "-n", "5", "-o", str(tmp_path / "link.csv")]) == 2
    assert "it is a link" in capsys.readouterr().err and not target.exists()
    report = analyse("known-coin", 5, resamples=0)
    with pytest.raises(CardlibError, match="link"):
        save([report], tmp_path / "link.csv")
    assert not target.exists()
