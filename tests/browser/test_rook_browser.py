"""The Rook notebook in JupyterLab in a real (headless) Chromium: run it all, then play East's
cards through the TrickTrainer's own buttons, as a learner would.

The harness (``page``, ``run_notebook``) is in ``conftest.py``, the shared steps in
``support.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from tests.browser.support import expect, open_widget, save_screenshot, status_changes

if TYPE_CHECKING:
    from playwright.sync_api import Locator

pytestmark = pytest.mark.browser


def _play(trainer: Locator, status: Locator, card: str, *answers: str) -> str:
    """Click the button of ``card`` (its title ``"G12: green 12"``) inside the trainer, WAIT until the status shows every
    one of ``answers`` (the click's own words: the table is redrawn in more than one
    message, so a status that has merely changed may not be the answer yet), and return it."""
    button = trainer.locator(f"button.cardlib-rook-card[title^='{card}:']")
    with status_changes(status, f"playing {card}"):
        expect(button, f"exactly one {card} in the trainer").to_have_count(1)
        button.click()
    for answer in answers:
        expect(status, f"the status after playing {card}").to_contain_text(answer)
    return status.inner_text()


def test_rook_trick_trainer_plays_cards_in_the_browser(notebooks_dir, page, run_notebook):
    trainer, status = open_widget(
        notebooks_dir, page, run_notebook, "rook.ipynb", ".cardlib-rook-trainer"
    )
    # The trainer starts where the text says: nothing refused yet.
    expect(status).not_to_contain_text("Refused")
    expect(trainer.locator(".cardlib-rook-cards button.widget-button")).to_have_count(9)
    _play(trainer, status, "G12", "Refused: play G12 -- ROOK-FOLLOW", "must follow yellow")

    # East follows with the Y5, as the article does; South and West finish the trick.
    _play(
        trainer,
        status,
        "Y5",
        "trick 1 to South with Y12, counters 15",
        "Trick 2 so far: South Y13, West Y8, North G6",
    )
    expect(status.locator(".cardlib-refusal")).to_have_count(0)

    # A plain trump does not excuse following: East still holds Y7.
    _play(
        trainer,
        status,
        "G10",
        "Refused: play G10 -- ROOK-FOLLOW",
        "East holds Y7 and must follow yellow",
    )

    _play(trainer, status, "Y7", "trick 2 to North with G6 (trump), counters 0")
    expect(status.locator(".cardlib-refusal")).to_have_count(0)
    expect(trainer.locator(".cardlib-rook-trick")).to_have_count(1)

    save_screenshot(trainer, "rook-trainer.png")
