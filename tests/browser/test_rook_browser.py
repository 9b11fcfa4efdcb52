"""The Rook notebook in JupyterLab in a real (headless) Chromium: run it all, then play East's
cards through the TrickTrainer's own buttons, as a learner would.

Uses the harness of ``conftest.py``: ``page`` (a screenshot and the console log go to
``test-artifacts/`` afterwards) and ``run_notebook(page, name)``.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest

from tests.browser.conftest import ARTIFACTS_DIR

if TYPE_CHECKING:
    from playwright.sync_api import Locator

expect = pytest.importorskip("playwright.sync_api").expect

pytestmark = pytest.mark.browser


def _play(trainer: Locator, status: Locator, card: str) -> str:
    """Click the button of ``card`` inside the trainer; return the status once it changed."""
    before = status.text_content()
    button = trainer.locator("button.widget-button").filter(
        has_text=re.compile(rf"^\s*{re.escape(card)}\s*$")
    )
    expect(button, f"exactly one {card!r} button in the trainer").to_have_count(1)
    expect(button).to_be_enabled()
    button.click()
    expect(status, f"the status after playing {card}").not_to_have_text(before)
    return status.inner_text()


def test_rook_trick_trainer_plays_cards_in_the_browser(notebooks_dir, page, run_notebook):
    if not (notebooks_dir / "rook.ipynb").is_file():
        pytest.skip("rook.ipynb is not in the served notebooks")
    run_notebook(page, "rook.ipynb")

    trainer = page.locator(".cardlib-rook-trainer")
    expect(trainer).to_have_count(1)
    trainer.scroll_into_view_if_needed()
    expect(trainer).to_be_visible()
    status = trainer.locator(".cardlib-status")
    expect(status).to_have_count(1)
    # The notebook itself clicked East's G12 through the same widget model: refused.
    expect(status).to_contain_text("Refused: ROOK-FOLLOW")
    expect(status).to_contain_text("must follow yellow")
    expect(trainer.locator("button.widget-button")).to_have_count(10)  # 9 cards and Restart

    # East follows with the Y5, as the article does; South and West finish the trick.
    first = _play(trainer, status, "Y5")
    assert "trick 1 to South with Y12, counters 15" in first, first
    assert "Trick 2 so far: South Y13, West Y8, North G6" in first, first

    # A plain trump does not excuse following: East still holds Y7.
    refused = _play(trainer, status, "G10")
    assert "Refused: ROOK-FOLLOW" in refused and "East holds Y7 and must follow yellow" in refused

    second = _play(trainer, status, "Y7")
    assert "trick 2 to North with G6 (trump), counters 0" in second, second
    expect(trainer.locator(".cardlib-rook-trick")).to_have_count(1)

    ARTIFACTS_DIR.mkdir(exist_ok=True)
    trainer.screenshot(path=str(ARTIFACTS_DIR / "rook-trainer.png"))
