"""What the browser tests share, on top of the harness in ``conftest.py``: Playwright's
``expect`` (importing this module skips a test module when Playwright is missing), opening a
notebook's one widget, clicking a button by its exact label, waiting for a status to change.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from tests.browser.conftest import ARTIFACTS_DIR

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

expect = pytest.importorskip("playwright.sync_api").expect


def exactly(text: str) -> re.Pattern[str]:
    """A pattern for a label that is ``text`` and nothing else (but spaces)."""
    return re.compile(rf"^\s*{re.escape(text)}\s*$")


def needs_notebook(notebooks_dir: Path, name: str) -> None:
    if not (notebooks_dir / name).is_file():
        pytest.skip(f"{name} does not exist (yet) in {notebooks_dir}")


def open_widget(
    notebooks_dir: Path,
    page: Page,
    run_notebook: Callable[[Page, str], None],
    notebook: str,
    selector: str,
) -> tuple[Locator, Locator]:
    """Run ``notebook`` and return its one widget matching ``selector``, scrolled into view,
    and the widget's one status line."""
    needs_notebook(notebooks_dir, notebook)
    run_notebook(page, notebook)
    widget = page.locator(selector)
    expect(widget).to_have_count(1)
    widget.scroll_into_view_if_needed()
    expect(widget).to_be_visible()
    status = widget.locator(".cardlib-status")
    expect(status).to_have_count(1)
    return widget, status


def click_button(box: Locator, label: str, where: str) -> None:
    """Click the one enabled widget button labelled exactly ``label`` inside ``box``."""
    button = box.locator("button.widget-button").filter(has_text=exactly(label))
    expect(button, f"exactly one {label!r} button in {where}").to_have_count(1)
    expect(button).to_be_enabled()
    button.click()


@contextmanager
def status_changes(status: Locator, action: str) -> Iterator[None]:
    """Expects the text of ``status`` to differ, after the block, from what it was before."""
    before = status.text_content()  # what not_to_have_text compares with
    yield
    expect(status, f"the status after {action}").not_to_have_text(before)


def save_screenshot(widget: Locator, name: str) -> None:
    ARTIFACTS_DIR.mkdir(exist_ok=True)
    widget.screenshot(path=str(ARTIFACTS_DIR / name))


#: every control of a widget whose text is wider than its box (clipped), by label
CLIPPED_JS = """(root) => [...root.querySelectorAll('button, select, .widget-label')]
    .filter((e) => e.offsetParent !== null && e.scrollWidth > e.clientWidth + 1)
    .map((e) => (e.textContent || e.title || e.tagName).trim())"""


def write_cells(lab, name: str, sources: list[str]) -> None:
    """A small notebook of code cells, written into the served copy (never ``notebooks/``)."""
    cells = [
        {"cell_type": "code", "metadata": {}, "source": src, "outputs": [], "execution_count": None}
        for src in sources
    ]
    kernel = {"name": "python3", "display_name": "Python 3", "language": "python"}
    doc = {"cells": cells, "metadata": {"kernelspec": kernel}, "nbformat": 4, "nbformat_minor": 5}
    (lab.root_dir / name).write_text(json.dumps(doc), encoding="utf-8")
