"""The Go Fish notebook in JupyterLab in a real (headless) Chromium: run it all, then make
requests through the AskSandbox's own dropdowns and button, as a learner would.

The harness (``page``, ``run_notebook``) is in ``conftest.py``, the shared steps in
``support.py``.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest

from tests.browser.support import (
    click_button,
    exactly,
    expect,
    open_widget,
    save_screenshot,
    status_changes,
)

if TYPE_CHECKING:
    from playwright.sync_api import Locator

pytestmark = pytest.mark.browser


def _choose(box: Locator, label: str, option: str) -> None:
    """Pick ``option`` in the dropdown described as ``label`` inside ``box``."""
    dropdown = box.locator(".widget-dropdown").filter(
        has=box.page.locator("label", has_text=exactly(label))
    )
    expect(dropdown, f"exactly one {label!r} dropdown").to_have_count(1)
    dropdown.locator("select").select_option(label=option)


def _ask(box: Locator, status: Locator, target: str, what: str, *answers: str) -> str:
    """Ask through the dropdowns and the button; WAIT for the status to answer this request
    (choosing in a dropdown redraws the status too, so a change alone is not the answer)
    and to show every one of ``answers``; return the status then."""
    with status_changes(status, f"asking {target} for {what}"):
        _choose(box, "Ask", target)
        _choose(box, "for", what)
        click_button(box, "Ask", "the sandbox")
    answer = re.compile(rf"Refused: ask {target} {what}\b|asks {target} for {what}")
    expect(status).to_contain_text(answer)
    for words in answers:
        expect(status, f"the status after asking {target} for {what}").to_contain_text(words)
    return status.inner_text()


def test_gofish_sandbox_answers_requests_in_the_browser(notebooks_dir, page, run_notebook):
    sandbox, status = open_widget(
        notebooks_dir,
        page,
        run_notebook,
        "go-fish.ipynb",
        ".cardlib-gofish-sandbox:not(.cardlib-exercise)",
    )
    # The sandbox starts where the text says: nobody has asked yet.
    expect(status).not_to_contain_text("Handed over")
    _ask(sandbox, status, "An", "8", "Handed over: 8D, 8H (GF-GIVE-ALL)")

    # Lin got cards, so he asks again: Mei hands over the fourth 8, a book.
    _ask(
        sandbox,
        status,
        "Mei",
        "8",
        "Lin asks Mei for 8s",
        "Handed over: 8C (GF-GIVE-ALL)",
        "GF-BOOK",
        "Lin got cards and asks again (GF-CATCH-AGAIN)",
    )
    expect(sandbox.locator(".cardlib-gofish-game .cardlib-book")).to_have_count(1)

    # A rank Lin does not hold is refused, with the rule and the engine's reason.
    _ask(
        sandbox,
        status,
        "An",
        "K",
        "Refused: ask An K",
        "GF-ASK-HOLD",
        "Lin holds no Ks",
        "Legal instead: ask An or Mei",
    )

    # The lucky draw of the article: asking for queens fishes the ♥Q.
    _ask(sandbox, status, "An", "Q", "Drawn from the stock: QH (GF-GO-FISH)", "GF-LUCKY-DRAW")

    save_screenshot(sandbox, "gofish-sandbox.png")
