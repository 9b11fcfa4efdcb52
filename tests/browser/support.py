"""What the browser tests share, on top of the harness in ``conftest.py``: Playwright's
``expect`` (importing this module skips a test module when Playwright is missing), opening a
notebook's one widget, clicking a button by its exact label, waiting for a status to change,
comparing what the page shows (every card button's text and face-down state) with a twin
of the widget built in the test's process, and finding a card the page names that the
learner's seats may not know.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from tests.browser.conftest import ARTIFACTS_DIR, PAGE_LOAD_TIMEOUT
from tests.support.seats import plain, spellings

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

_playwright = pytest.importorskip("playwright.sync_api")
expect = _playwright.expect
PlaywrightTimeout = _playwright.TimeoutError


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
    # a notebook of many widgets is drawn after its kernel is idle, slowly on a busy machine:
    # wait for the widget as long as for the notebook itself
    widget = page.locator(selector)
    expect(widget, f"the one {selector} in {notebook}").to_have_count(1, timeout=PAGE_LOAD_TIMEOUT)
    widget.scroll_into_view_if_needed(timeout=PAGE_LOAD_TIMEOUT)
    expect(widget).to_be_visible(timeout=PAGE_LOAD_TIMEOUT)
    status = widget.locator(".cardlib-status")
    expect(status).to_have_count(1, timeout=PAGE_LOAD_TIMEOUT)
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


# -- what the page shows, against a twin of the widget ------------------------------------
#
# A browser test builds a twin of the notebook's widget in the test's own process (the same
# class, the same arguments: the same deal and the same computer players) and makes every
# click on both.  After each click it WAITS until every card button and chip the page shows
# has the title, the text and the face-down state of the twin's, and the status the twin's
# headline: what the learner sees, read from the DOM, never from the kernel.

#: every card button and chip the widget shows: [title, text, face down?], in page order
CARDS_JS = """(root) => [...root.querySelectorAll('button.cardlib-control')]
    .filter((b) => b.offsetParent !== null)
    .map((b) => [b.title, b.textContent, b.classList.contains('cardlib-face-down')])"""

_CARDS_ARE_JS = (
    "([root, want]) => JSON.stringify((" + CARDS_JS + ")(root)) === JSON.stringify(want)"
)

#: every card picture or button whose content does not fit in it (clipped text), by title
OVERFLOWING_CARDS_JS = """(root) => [...root.querySelectorAll('.cardlib-card, button.cardlib-control')]
    .filter((e) => e.offsetParent !== null)
    .filter((e) => {
      const box = e.getBoundingClientRect();
      return [...e.querySelectorAll('*'), e].some((x) => {
        if (x !== e && x.getClientRects().length === 0) return false;
        const r = document.createRange();
        r.selectNodeContents(x);
        const t = r.getBoundingClientRect();
        return t.width > 0 && (t.left < box.left - 0.5 || t.right > box.right + 0.5
          || t.top < box.top - 0.5 || t.bottom > box.bottom + 0.5);
      });
    })
    .map((e) => e.title || e.textContent.trim())"""


def _walk(widget: Any) -> Iterator[Any]:
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _walk(child)


def model_cards(twin: Any) -> list[list[Any]]:
    """What the twin's card buttons and chips show: [title, text, face down?], in order."""
    from cardlib.widgets.controls import CardButton

    return [
        [b.tooltip, b.description, "cardlib-face-down" in b._dom_classes]
        for b in _walk(twin)
        if isinstance(b, CardButton) and b.layout.display != "none"
    ]


def shown_cards(box: Locator) -> list[list[Any]]:
    """What the page's card buttons and chips show: [title, text, face down?], in order."""
    shown: list[list[Any]] = box.evaluate(CARDS_JS)
    return shown


def expect_page_shows(
    box: Locator, twin: Any, after: str, status: str | None = ".cardlib-status"
) -> list[list[Any]]:
    """Wait until the page's cards are the twin's (title, text, face down) and its
    ``status`` shows the twin's headline; fail with the difference.  No card face down
    shows a face.  The cards shown, [title, text, face down?] each."""
    want = model_cards(twin)
    # as long as a notebook may take to draw: on a busy machine a redraw of many cards took
    # longer than an action's 15 s (issue 30: a wait for 23 cards saw 18)
    with contextlib.suppress(PlaywrightTimeout):
        box.page.wait_for_function(
            _CARDS_ARE_JS, arg=[box.element_handle(), want], polling=100, timeout=PAGE_LOAD_TIMEOUT
        )
    got = shown_cards(box)
    assert got == want, (
        f"after {after} the page shows other cards:\n"
        + "\n".join(
            f"  page {g!r}\n  want {x!r}" for g, x in zip(got, want, strict=False) if g != x
        )
        + f"\n  ({len(got)} shown, {len(want)} wanted)"
    )
    faces_on_backs = [title for title, text, down in got if down and text.strip()]
    assert faces_on_backs == [], f"after {after} a face-down card shows a face: {faces_on_backs}"
    if status is not None:
        headline = twin.text.splitlines()[0]
        expect(box.locator(status), f"the status after {after}").to_contain_text(
            headline, timeout=PAGE_LOAD_TIMEOUT
        )
    return got


def _twin_control(twin: Any, test: Callable[[Any], bool], what: str) -> Any:
    found = [x for x in _walk(twin) if test(x) and getattr(x, "layout", None) is not None]
    found = [x for x in found if x.layout.display != "none"]  # a spare button, hidden
    assert len(found) == 1, f"the twin has {len(found)} {what}"
    return found[0]


def click_card(
    box: Locator, twin: Any, title: str, status: str | None = ".cardlib-status"
) -> list[list[Any]]:
    """Click the card button (or chip) titled ``title`` on the page and on the twin; wait
    until the page shows what the twin shows."""
    from cardlib.widgets.controls import CardButton

    mine = _twin_control(
        twin, lambda x: isinstance(x, CardButton) and x.tooltip == title, repr(title)
    )
    target = box.locator(f"button.cardlib-control[title={json.dumps(title)}]:visible")
    expect(target, f"exactly one card titled {title!r}").to_have_count(1)
    target.click()
    mine.click()
    return expect_page_shows(box, twin, f"clicking {title!r}", status)


def click_both(box: Locator, twin: Any, label: str) -> list[list[Any]]:
    """Click the plain button labelled ``label`` (Undo, Restart, New deal, ...) on the page
    and on the twin; wait until the page shows what the twin shows."""
    from cardlib.widgets.controls import CardButton

    mine = _twin_control(
        twin,
        lambda x: (
            type(x) is not CardButton
            and getattr(x, "description", None) == label
            and hasattr(x, "click")
        ),
        f"{label!r} buttons",
    )
    click_button(box, label, "the widget")
    mine.click()
    return expect_page_shows(box, twin, f"clicking {label!r}")


def type_deal(box: Locator, twin: Any, number: int) -> None:
    """Write ``number`` in the Deal box, on the page and on the twin."""
    field = (
        box.locator(".widget-inline-hbox")
        .filter(has=box.page.locator("label", has_text=exactly("Deal")))
        .locator("input")
    )
    expect(field).to_have_count(1)
    field.fill(str(number))
    field.press("Enter")
    expect(field).to_have_value(str(number))
    twin.seed_box.value = number


def face_down(cards: list[list[Any]]) -> list[str]:
    """The titles of the cards shown face down."""
    return [title for title, _text, down in cards if down]


def golf_title_for(twin: Any, move: Any) -> str:
    """The title of the button of a Golf table (``twin``) that makes ``move``."""
    if move.kind in ("flip", "replace"):
        return str(twin.position_buttons[move.position].tooltip)
    if move.kind == "draw":
        return str(twin.draw_button.tooltip)
    return str(twin.take_button.tooltip)


# -- a learner sees only their seat, on the page (issue 28) ---------------------------------

#: everything a page shows of a widget, a piece at a time (so that two cards side by side
#: never read as one): each card picture and button as its text, every other text node
#: shown, every title, every field's value, every dropdown's options
PAGE_TEXT_JS = """(root) => {
  const shown = (e) => e.getClientRects().length > 0;
  const parts = [...root.querySelectorAll('.cardlib-card, button')]
    .filter(shown).map((e) => e.innerText);
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const at = walker.currentNode.parentElement;
    if (at && !at.closest('style, .cardlib-card, button') && shown(at)) {
      parts.push(walker.currentNode.textContent);
    }
  }
  parts.push(...[...root.querySelectorAll('[title]')].map((e) => e.title));
  parts.push(...[...root.querySelectorAll('input, textarea')].map((e) => e.value));
  parts.push(...[...root.querySelectorAll('option')].map((e) => e.textContent));
  return parts.join(' | ');
}"""


def hidden_named(box: Locator, twin: Any, known: Any, after: str) -> list[str]:
    """Wait for the page to show the twin (its cards and headline, and the story's latest
    line), then the cards the page names that the learner's seats may not know."""
    expect_page_shows(box, twin, after)
    story = [line for line in twin.text.splitlines() if line.startswith("- ")]
    if story:
        expect(box.locator(".cardlib-status"), f"the story after {after}").to_contain_text(
            story[-1][2:], timeout=PAGE_LOAD_TIMEOUT
        )
    pack, knows = known.of(twin.session)
    text = plain(box.evaluate(PAGE_TEXT_JS))
    return [
        f"{card} in ...{text[max(0, m.start() - 80) : m.end() + 40]}..."
        for card in pack - knows
        if (m := spellings(card).search(text))
    ]
