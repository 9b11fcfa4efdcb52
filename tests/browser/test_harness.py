"""The harness's wait for a notebook's run to end (``conftest._wait_execution_over``), against
a page and a server that say what each test makes them say, and its nudge of a real kernel.

The wait ends when no code cell waits (``[*]``) and the kernel is idle; believes the server
when the notebook's indicator lags; nudges a kernel the server sees idle while cells wait
(ipython/ipykernel#1554); and gives up at its deadline.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field

import pytest

from tests.browser import conftest as harness

NAME = "rook.ipynb"


def _state(status: str, *prompts: str) -> dict:
    return {"panel": True, "dialogs": [], "status": status, "prompts": [[p, ""] for p in prompts]}


@dataclass
class Page:
    """Says ``state`` to every look, and sleeps as told."""

    state: dict
    looks: int = 0

    def evaluate(self, script: str) -> dict:
        self.looks += 1
        return self.state

    def wait_for_timeout(self, ms: float) -> None:
        time.sleep(ms / 1000)


@dataclass
class Lab:
    """A server whose one session is ``NAME``'s, its kernel in ``execution_state``."""

    execution_state: str
    asked: list[str] = field(default_factory=list)

    def api(self, method: str, path: str, timeout: float = 5.0) -> object:
        self.asked.append(f"{method} {path}")
        kernel = {"id": "k-1", "execution_state": self.execution_state}
        return [{"path": NAME, "kernel": kernel}]


@pytest.fixture
def quick(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """A stall of a tenth of a second; the kernels nudged, by id."""
    nudged: list[str] = []
    monkeypatch.setattr(harness, "STALL_S", 0.1)
    monkeypatch.setattr(harness, "nudge_kernel", lambda lab, kernel_id: nudged.append(kernel_id))
    return nudged


def test_the_run_is_over_when_no_cell_waits_and_the_indicator_says_idle(quick):
    page, lab = Page(_state("idle", "[1]:", "[2]:")), Lab("busy")
    harness._wait_execution_over(page, lab, NAME, 5_000, settle_s=0.2)
    assert lab.asked == [] and quick == []


def test_a_waiting_cell_keeps_the_run_going_whatever_the_kernel_says(quick):
    page, lab = Page(_state("idle", "[1]:", "[*]:")), Lab("busy")
    started = time.monotonic()
    with pytest.raises(TimeoutError, match=re.escape("rook.ipynb: the run was not over after 1 s")):
        harness._wait_execution_over(page, lab, NAME, 1_000, settle_s=0.2)
    assert time.monotonic() - started >= 1.0
    assert quick == []  # the kernel is busy: nothing to nudge


def test_the_server_is_believed_when_the_indicator_lags(quick):
    page, lab = Page(_state("busy", "[1]:", "[2]:")), Lab("idle")
    harness._wait_execution_over(page, lab, NAME, 5_000, settle_s=0.2)
    assert lab.asked and quick == []


def test_the_indicator_is_not_overruled_by_a_busy_kernel(quick):
    page, lab = Page(_state("busy", "[1]:", "[2]:")), Lab("busy")
    with pytest.raises(TimeoutError):
        harness._wait_execution_over(page, lab, NAME, 800, settle_s=0.2)


def test_an_idle_kernel_with_cells_waiting_is_nudged_and_the_run_goes_on(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
):
    page, lab = Page(_state("busy", "[1]:", "[*]:", "[*]:")), Lab("idle")

    def nudge(lab_: Lab, kernel_id: str) -> str:
        page.state = _state("idle", "[1]:", "[2]:", "[3]:")  # the stranded request is read
        return f"ok from {kernel_id}"

    monkeypatch.setattr(harness, "STALL_S", 0.2)
    monkeypatch.setattr(harness, "nudge_kernel", nudge)
    harness._wait_execution_over(page, lab, NAME, 5_000, settle_s=0.2)
    printed = capsys.readouterr().out
    assert "rook.ipynb: 2 code cell(s) waited" in printed
    assert "nudged it (ipython/ipykernel#1554): it answered 'ok from k-1'" in printed


def test_a_kernel_is_nudged_a_few_times_at_most(quick):
    page, lab = Page(_state("busy", "[1]:", "[*]:")), Lab("idle")
    with pytest.raises(TimeoutError):
        harness._wait_execution_over(page, lab, NAME, 1_500, settle_s=0.2)
    assert quick == ["k-1"] * harness.NUDGES


@pytest.mark.browser
def test_a_real_kernel_answers_the_nudge(jupyter_lab):
    kernel = jupyter_lab.api("POST", "/api/kernels", timeout=60.0)
    assert isinstance(kernel, dict), kernel
    try:
        assert harness.nudge_kernel(jupyter_lab, kernel["id"], timeout=60.0) == "ok"
    finally:
        jupyter_lab.api("DELETE", f"/api/kernels/{kernel['id']}", timeout=30.0)
