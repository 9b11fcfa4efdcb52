"""The Go Fish notebook in JupyterLab in a real (headless) Chromium: run it all, then make
requests through the AskSandbox's own dropdowns and button, as a learner would.

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


def _choose(box: Locator, label: str, option: str) -> None:
    """Pick ``option`` in the dropdown described as ``label`` inside ``box``."""
    dropdown = box.locator(".widget-dropdown").filter(
        has=box.page.locator("label", has_text=re.compile(rf"^\s*{re.escape(label)}\s*$"))
    )
    expect(dropdown, f"exactly one {label!r} dropdown").to_have_count(1)
    dropdown.locator("select").select_option(label=option)


def _ask(box: Locator, status: Locator, target: str, what: str) -> str:
    before = status.text_content()
    _choose(box, "Ask", target)
    _choose(box, "for", what)
    button = box.locator("button.widget-button").filter(has_text=re.compile(r"^\s*Ask\s*$"))
    expect(button).to_have_count(1)
    expect(button).to_be_enabled()
    button.click()
    expect(status, f"the status after asking {target} for {what}").not_to_have_text(before)
    return status.inner_text()


def test_gofish_sandbox_answers_requests_in_the_browser(notebooks_dir, page, run_notebook):
    if not (notebooks_dir / "go-fish.ipynb").is_file():
        pytest.skip("go-fish.ipynb is not in the served notebooks")
    run_notebook(page, "go-fish.ipynb")

    sandbox = page.locator(".cardlib-gofish-sandbox")
    expect(sandbox).to_have_count(1)
    sandbox.scroll_into_view_if_needed()
    expect(sandbox).to_be_visible()
    status = sandbox.locator(".cardlib-status")
    expect(status).to_have_count(1)
    # The notebook itself asked An for 8s through the same widget model.
    expect(status).to_contain_text("Handed over: 8D, 8H (GF-GIVE-ALL)")

    # Lin got cards, so he asks again: Mei hands over the fourth 8, a book.
    book = _ask(sandbox, status, "Mei", "8")
    assert "Lin asks Mei for 8s" in book and "Handed over: 8C (GF-GIVE-ALL)" in book, book
    assert "GF-BOOK" in book and "Lin got cards and asks again (GF-CATCH-AGAIN)" in book, book
    expect(sandbox.locator(".cardlib-book")).to_have_count(1)

    # A rank Lin does not hold is refused, with the rule and the engine's reason.
    refused = _ask(sandbox, status, "An", "K")
    assert "Refused: GF-ASK-HOLD" in refused and "Lin holds no Ks" in refused, refused

    # The lucky draw of the article: asking for queens fishes the ♥Q.
    lucky = _ask(sandbox, status, "An", "Q")
    assert "Drawn from the stock: QH (GF-GO-FISH)" in lucky and "GF-LUCKY-DRAW" in lucky, lucky

    ARTIFACTS_DIR.mkdir(exist_ok=True)
    sandbox.screenshot(path=str(ARTIFACTS_DIR / "gofish-sandbox.png"))
