"""Simulations: the same rows for the same seed whatever the batching and wherever the games
run, rows that agree with the rules, capped games, the command line."""

from __future__ import annotations

import concurrent.futures
import json
import random
from typing import Any

import pytest

from cardlib.cli import main
from cardlib.rook import TOTAL_COUNTERS
from cardlib.simulate import Row, game_seed, simulate

GAMES = ["go-fish", "golf", "rook"]


def low_card_bot(game: Any, rng: random.Random) -> Any:
    """A custom Golf bot: the first legal move, always (a function of the position)."""
    return game.legal_moves()[0]


@pytest.mark.parametrize("game", GAMES)
def test_the_same_rows_whatever_the_batching(game: str) -> None:
    rows = simulate(game, n=12, seed=5, workers=1)
    assert [r.index for r in rows] == list(range(12))
    assert rows == simulate(game, n=12, seed=5, workers=1, batch_size=5)
    assert rows[4:] == simulate(game, n=12, seed=5, batch_size=1)[4:]
    assert rows != simulate(game, n=12, seed=6)


def test_a_game_seed_depends_on_the_simulation_seed_and_the_index_only() -> None:
    assert game_seed(1, 2) == game_seed(1, 2) != game_seed(2, 1)
    assert 0 <= game_seed(0, 0) < 2**63


def test_the_same_rows_in_worker_processes() -> None:
    rows = simulate("go-fish", n=30, seed=3, bots="simple", workers=1)
    assert rows == simulate("go-fish", n=30, seed=3, bots="simple", workers=2, batch_size=7)
    with concurrent.futures.ThreadPoolExecutor(3) as pool:
        assert rows == simulate("go-fish", n=30, seed=3, bots="simple", executor=pool)


def test_the_same_rows_on_a_dask_cluster() -> None:
    distributed = pytest.importorskip("distributed")  # declared in the test extra
    rows = simulate("rook", n=16, seed=9, bots=["simple", "random"] * 2, workers=1)
    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        got = simulate(
            "rook",
            n=16,
            seed=9,
            bots=["simple", "random"] * 2,
            executor=client.get_executor(),
            batch_size=5,
        )
    assert got == rows


def test_go_fish_rows_count_the_books() -> None:
    for row in simulate("go-fish", n=40, seed=1, players=4, rule_set="bicycle"):
        assert row.rule_set == "bicycle" and row.seats == ("Ann", "Ben", "Cy", "Dee")
        assert not row.capped and row.decisions > 0 and row.first == "Ann"
        books = row.record["books"]
        assert {p: len(b) for p, b in books.items()} == row.scores
        assert sum(row.scores.values()) == 13  # bicycle plays on to all 13 books
        assert set(row.winners) == {
            p for p, k in row.scores.items() if k == max(row.scores.values())
        }


def test_golf_rows_add_up_the_columns() -> None:
    for row in simulate("golf", n=30, seed=2, players=["X", "Y"], bots="simple"):
        assert {p: sum(c) for p, c in row.record["columns"].items()} == row.scores
        assert row.winners == tuple(
            p for p in ("X", "Y") if row.scores[p] == min(row.scores.values())
        )
        assert row.record["went_out"] in ("X", "Y")


def test_rook_rows_hold_the_contract() -> None:
    for row in simulate("rook", n=40, seed=4, bots="simple"):
        rec = row.record
        assert sum(rec["taken"].values()) == TOTAL_COUNTERS
        assert rec["bid"] % 5 == 0 and 70 <= rec["bid"] <= 120
        assert rec["made"] == (rec["taken"][rec["bidders"]] >= rec["bid"])
        assert rec["nest_to"] in row.seats and 0 <= rec["nest_laid"] <= TOTAL_COUNTERS
        assert row.teams == {
            t: (rec["taken"][t] if rec["made"] or t != rec["bidders"] else -rec["bid"])
            for t in ("NS", "EW")
        }
        assert row.scores["North"] == row.scores["South"] == row.teams["NS"]


def test_capped_games_are_reported_as_capped() -> None:
    rows = simulate("golf", n=5, seed=1, max_moves=4)
    assert all(r.capped and r.decisions == 4 and r.winners == () for r in rows)
    games = simulate("rook", n=3, seed=1, full_game=True, max_hands=2)
    assert all(r.capped and r.record["hands"] == 2 and len(r.record["bids"]) == 2 for r in games)


def test_bots_by_name_and_as_functions() -> None:
    rows = simulate("golf", n=6, seed=8, bots=["random", "simple", low_card_bot])
    assert rows[0].bots == ("random", "simple", "low_card_bot")
    assert rows == simulate("golf", n=6, seed=8, bots=["random", "simple", low_card_bot])
    with pytest.raises(ValueError, match="2 bots for 3 seats"):
        simulate("golf", n=1, bots=["random", "simple"])
    with pytest.raises(ValueError, match="'clever' is not a bot"):
        simulate("golf", n=1, bots="clever")
    with pytest.raises(ValueError, match="'chess' is not a game"):
        simulate("chess", n=1)


def test_the_command_writes_csv_and_json_lines(tmp_path, capsys) -> None:
    out = tmp_path / "rows.jsonl"
    assert (
        main(["simulate", "rook", "-n", "3", "--seed", "2", "--format", "jsonl", "-o", str(out)])
        == 0
    )
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    rows = simulate("rook", n=3, seed=2)
    assert lines == [r.as_dict() for r in rows]
    assert (
        main(["simulate", "go-fish", "-n", "2", "--players", "2", "--rule-set", "gamerules"]) == 0
    )
    header, *body = capsys.readouterr().out.splitlines()
    assert header.startswith("index,seed,game,rule_set,seats,bots,first,decisions,capped,winners,")
    assert "record.books.Ann" in header.split(",") and len(body) == 2
    assert body[0].split(",")[3] == "gamerules"


def test_the_command_refuses_what_it_cannot_play(capsys) -> None:
    assert main(["simulate", "golf", "-n", "1", "--option", "bogus=1"]) == 2
    assert "bogus" in capsys.readouterr().err
    assert main(["simulate", "go-fish", "-n", "1", "--rule-set", "hoyle"]) == 2
    assert "'hoyle' is not a Go Fish rule set" in capsys.readouterr().err


def failing_bot(game: Any, rng: random.Random) -> Any:
    raise KeyError("no such card")


def cheating_bot(game: Any, rng: random.Random) -> Any:
    return "ask Nobody 7"


def sometimes_failing_bot(seen: Any, rng: random.Random) -> Any:
    """Fails at the first request of the deals whose first hand adds up to 3 mod 5."""
    if not seen.history and sum(c.rank for c in seen.hand) % 5 == 3:
        raise RuntimeError(f"no move for the hand {' '.join(map(str, seen.hand))}")
    return rng.choice(seen.legal_moves().now())


def test_a_failing_bot_is_the_first_game_it_fails_whatever_the_batching() -> None:
    from cardlib.simulate import BotFailed

    said = set()
    for workers, batch_size in ((1, None), (2, 3), (2, 1)):
        with pytest.raises(BotFailed) as failed:
            simulate(
                "go-fish",
                n=40,
                seed=3,
                bots=sometimes_failing_bot,
                workers=workers,
                batch_size=batch_size,
            )
        said.add(str(failed.value))
    (message,) = said
    assert (
        message.startswith("the bot sometimes_failing_bot failed for ")
        and "RuntimeError" in message
    )


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["golf", "-n", "-1"], "n must be a whole number of at least 0, not -1"),
        (["golf", "-n", "2", "--workers", "0"], "workers must be a whole number of at least 1"),
        (["golf", "-n", "2", "--max-moves", "-5"], "max_moves must be a whole number"),
        (["go-fish", "-n", "1", "--option", "x=1"], "'x' is not an option here: the options are"),
        (["go-fish", "-n", "1", "--bots", "no_such_module_here:f"], "cannot load the bot"),
        (["go-fish", "-n", "1", "--bots", "os:no_such_function"], "os has no function"),
        (
            ["go-fish", "-n", "2", "--bots", "tests.core.test_simulate:failing_bot"],
            "the bot failing_bot failed for Ann in game 0 (seed ",
        ),
        (
            ["go-fish", "-n", "2", "--bots", "tests.core.test_simulate:cheating_bot"],
            "which the rules refuse: GF-ASK-TARGET",
        ),
        (["golf", "-n", "1", "-o", "/no/such/folder/rows.csv"], "cannot write /no/such/folder"),
    ],
)
def test_the_command_says_what_is_wrong_in_one_line(capsys, args, said) -> None:
    """A wrong number, an unknown option, a bot that cannot be loaded, that fails or that
    cheats, and a file that cannot be written: exit 2 and one line, never a traceback."""
    assert main(["simulate", *args]) == 2
    out = capsys.readouterr()
    assert out.out == "" and out.err.startswith("cardlib: error: ") and said in out.err, out.err
    assert out.err.count("\n") == 1 and "Traceback" not in out.err


def test_no_games_write_nothing(capsys) -> None:
    assert main(["simulate", "golf", "-n", "0"]) == 0
    assert capsys.readouterr().out == ""


def test_a_row_flattens_for_csv() -> None:
    row = Row(
        0, 1, "golf", "r", ("A", "B"), ("random",) * 2, "A", 3, False, ("A",), {"A": 1, "B": 2}
    )
    assert row.flat()["scores.B"] == 2 and row.flat()["seats"] == '["A","B"]'


def test_csv_lists_are_unambiguous_whatever_the_names(tmp_path, capsys) -> None:
    """``Mei Lin Ben Cy Di`` joined by spaces was three players or five: a list is a JSON
    list in its cell, read back exactly."""
    import csv

    names = ["Mei Lin", "Ben", "Cy Di"]
    assert main(["simulate", "golf", "-n", "3", "--seed", "4", "--players", *names]) == 0
    rows = list(csv.DictReader(capsys.readouterr().out.splitlines()))
    assert [json.loads(r["seats"]) for r in rows] == [names] * 3
    for r, row in zip(rows, simulate("golf", n=3, seed=4, players=names), strict=True):
        assert json.loads(r["winners"]) == list(row.winners)


def test_workers_the_machine_will_not_start_are_said_in_one_line(monkeypatch, capsys) -> None:
    """On a shared hub a limit on processes makes starting a worker fail: the command says so
    in one line and exits 2 (not "internal error ... please report it", exit 3)."""
    import multiprocessing.process

    def refuse(self):  # what fork says when the limit is reached
        raise BlockingIOError(11, "Resource temporarily unavailable")

    monkeypatch.setattr(multiprocessing.process.BaseProcess, "start", refuse)
    assert main(["simulate", "golf", "-n", "50", "--seed", "1", "--workers", "2"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("cardlib: error: cannot start worker process")
    assert "Resource temporarily unavailable" in err and "--workers 1" in err


def test_workers_are_at_most_the_cpus_this_process_may_use(monkeypatch) -> None:
    from cardlib.simulate import run

    started = []
    monkeypatch.setattr(run, "usable_cpus", lambda: 2)

    def on_processes(plan, n, spans, count, progress):
        started.append(count)
        yield from ()

    monkeypatch.setattr(run, "on_processes", on_processes)
    list(run.stream("golf", n=100, seed=1, workers=64))
    assert started == [2]
