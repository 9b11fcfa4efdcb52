"""The Go Fish widgets in JupyterLab in headless Chromium: the player chips and the cards
of the hand are buttons a learner clicks; one legal and one illegal click each, the refusal
visible, nothing clipped.

The test writes its own small notebook into the served copy (it does not touch
``notebooks/``), runs it through the harness, then clicks the card pictures.
"""

from __future__ import annotations

import pytest

from tests.browser.support import CLIPPED_JS, expect, save_screenshot, status_changes, write_cells

pytestmark = pytest.mark.browser

NOTEBOOK = "widgets-gofish-browser.ipynb"
CELLS = [
    "from cardlib.widgets import AskSandbox, GoFishTable\ntable = GoFishTable(seed=1)\ntable",
    "sandbox = AskSandbox()\nsandbox",
]


@pytest.fixture
def gofish_page(page, jupyter_lab, run_notebook):
    write_cells(jupyter_lab, NOTEBOOK, CELLS)
    run_notebook(page, NOTEBOOK)
    return page


def test_gofish_table_cards_are_clicked_in_the_browser(gofish_page):
    table = gofish_page.locator(".cardlib-gofish-table")
    expect(table).to_have_count(1)
    table.scroll_into_view_if_needed()
    status = table.locator(".cardlib-status")
    table.locator("button[title='ask Learner']").click()  # yourself: refused
    with status_changes(status, "asking yourself"):
        table.locator(".cardlib-gofish-hand button").first.click()
    expect(status.locator(".cardlib-refusal")).to_contain_text("GF-ASK-TARGET")
    expect(status.locator(".cardlib-refusal")).to_contain_text("Legal instead: ask Bot 1 or Bot 2")
    table.locator("button[title='ask Bot 1']").click()
    with status_changes(status, "asking Bot 1"):
        table.locator(".cardlib-gofish-hand button").first.click()
    expect(status).to_contain_text("Learner asks Bot 1 for")
    expect(status.locator(".cardlib-refusal")).to_have_count(0)
    assert table.evaluate(CLIPPED_JS) == []
    save_screenshot(table, "gofish-table-widget.png")


def test_ask_sandbox_cards_and_chips_in_the_browser(gofish_page):
    box = gofish_page.locator(".cardlib-gofish-sandbox")
    expect(box).to_have_count(1)
    box.scroll_into_view_if_needed()
    status = box.locator(".cardlib-status")
    box.locator("button[title='ask An']").click()
    with status_changes(status, "asking An for 8s"):
        box.locator("button[title^='8S']").click()
    expect(status).to_contain_text("Handed over: 8D, 8H (GF-GIVE-ALL)")
    with status_changes(status, "asking for kings"):
        box.locator("button[title='ask for Ks']").click()
    expect(status.locator(".cardlib-refusal")).to_contain_text("GF-ASK-HOLD")
    assert box.evaluate(CLIPPED_JS) == []
    save_screenshot(box, "gofish-sandbox-widget.png")
