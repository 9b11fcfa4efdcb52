"""The lab on a Dask cluster: ``compare(executor=...)``, ``analyse(executor=...)`` and
``cardlib compare --executor ADDRESS`` give the same reports as the local run for the same
seeds (a LocalCluster started in this process, its workers other processes)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from cardlib.analysis import analyse, compare
from cardlib.cli import main

distributed = pytest.importorskip("distributed")  # declared in the test extra


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=2, processes=True, dashboard_address=None
    ) as cluster:
        yield cluster


def test_compare_on_a_cluster_is_the_local_study(cluster: Any) -> None:
    kw: dict[str, Any] = {"n": 12, "seed": 5, "order_games": 4, "resamples": 30, "workers": 1}
    here = compare("go-fish", ["pagat", "bicycle"], **kw)
    with distributed.Client(cluster, set_as_default=False) as client:
        before = cluster.scheduler.transition_counter
        there = compare("go-fish", ["pagat", "bicycle"], executor=client.get_executor(), **kw)
        played = cluster.scheduler.transition_counter
        one = analyse("golf", executor=client.get_executor(), **kw)
    assert before < played < cluster.scheduler.transition_counter  # the games ran there
    assert [r.as_dict() for r in there] == [r.as_dict() for r in here]
    assert one.as_dict() == analyse("golf", **kw).as_dict()


def test_the_cli_takes_a_scheduler_address(
    cluster: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["compare", "golf", "-n", "10", "--seed", "2", "--order-games", "3"]
    args += ["--resamples", "20", "--format", "json"]
    assert main(args) == 0
    here = json.loads(capsys.readouterr().out)
    before = cluster.scheduler.transition_counter
    assert main([*args, "--executor", cluster.scheduler_address]) == 0
    assert cluster.scheduler.transition_counter > before  # the games ran there
    assert json.loads(capsys.readouterr().out) == here


def test_a_scheduler_that_is_not_there_is_said_in_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["analyse", "golf", "-n", "2", "--executor", "nowhere://x"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("cardlib: error: cannot reach the Dask scheduler at 'nowhere://x'")
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1
