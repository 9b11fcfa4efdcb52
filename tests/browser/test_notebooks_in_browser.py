"""The course notebooks, run in JupyterLab in a real (headless) Chromium.

Each test gets ``page`` (screenshot + console log in ``test-artifacts/`` afterwards)
and ``run_notebook(page, name)`` from ``conftest.py``; see there for the machinery, and
``support.py`` for the steps the browser tests share.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest

from tests.browser.support import expect, needs_notebook, status_changes

if TYPE_CHECKING:
    from playwright.sync_api import Locator

pytestmark = pytest.mark.browser

SCORE = re.compile(r"Your score so far:\s*([-\u2212]?\d+)")
REFUSAL = re.compile(r"refus", re.IGNORECASE)


def _score(status: Locator) -> int:
    text = status.inner_text()
    match = SCORE.search(text)
    assert match, f"no 'Your score so far: N' in the status: {text!r}"
    return int(match.group(1).replace("\u2212", "-"))


def _click_and_wait_for_change(table: Locator, status: Locator, title: str) -> str:
    """Click the one card picture whose accessible name starts with ``title``."""
    card = table.locator(f"button[title^={title!r}]")
    with status_changes(status, f"clicking {title!r}"):
        expect(card, f"exactly one {title!r} card in the golf table").to_have_count(1)
        card.click()
    return status.inner_text()


def test_golf_hole_is_playable_through_the_widgets(notebooks_dir, page, run_notebook) -> None:
    needs_notebook(notebooks_dir, "golf.ipynb")
    run_notebook(page, "golf.ipynb")

    tables = page.locator(".cardlib-golf-table")
    expect(tables.first).to_be_attached()
    table = tables.last  # the playable hole; earlier tables, if any, are demonstrations
    table.scroll_into_view_if_needed()
    expect(table).to_be_visible()
    status = table.locator(".cardlib-status")
    expect(status).to_have_count(1)
    expect(status).to_contain_text(SCORE)
    score_before = _score(status)

    # Turn two cards of different columns face up (a column pair could cancel out): the
    # cards themselves are the controls.
    _click_and_wait_for_change(table, status, "your top-left card")
    _click_and_wait_for_change(table, status, "your top-right card")

    # A taken discard must replace a card: clicking the pile again to throw it back is refused
    # (and changes nothing)...
    _click_and_wait_for_change(table, status, "the discard pile")
    score_holding = _score(status)
    table.locator("button[title^='the discard pile']").click()
    expect(status.locator(".cardlib-refusal")).to_contain_text("GOLF-TAKE-MUST-REPLACE")
    refusal = status.inner_text()
    assert REFUSAL.search(refusal), refusal
    assert _score(status) == score_holding, refusal
    # ...and clicking one of your cards does the replacement.
    _click_and_wait_for_change(table, status, "your bottom-middle card")
    # the table is redrawn in more than one message: wait for the move's own narration
    expect(status).to_contain_text("at bottom-middle in place of")
    replaced = status.inner_text()
    assert not REFUSAL.search(replaced), replaced

    score_after = _score(status)
    assert score_after != score_before, (
        f"'Your score so far' did not change: {score_before} -> {score_after}\n"
        f"{status.inner_text()}"
    )
