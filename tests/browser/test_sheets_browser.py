"""Each game's rules sheet fits one printed page, of A4 and of Letter, at its own size (no
shrinking to fit), as Chromium prints it; and the page shows every rule's line.

Pages are counted in the PDF Chromium writes: the page tree's ``/Count``, checked against
the number of page objects."""

from __future__ import annotations

import re

import pytest

from cardlib.catalogue import rules
from cardlib.sheets import sheet

pytestmark = pytest.mark.browser


def pages(pdf: bytes) -> int:
    counts = {int(n) for n in re.findall(rb"/Type\s*/Pages\b[^>]*?/Count\s+(\d+)", pdf)}
    objects = len(re.findall(rb"/Type\s*/Page\b", pdf))
    assert len(counts) == 1 and counts == {objects}, (counts, objects)
    return objects


@pytest.mark.parametrize("game", rules.games())
def test_a_rules_sheet_prints_on_one_page_of_a4_and_of_letter(browser, game):
    context = browser.new_context()
    try:
        page = context.new_page()
        page.set_content(sheet(game), wait_until="load")
        shown = page.inner_text("body")
        for rule in rules.for_game(game):
            assert f"{rule.id} {rule.summary}" in " ".join(shown.split()), rule.id
        for paper in ("A4", "Letter"):
            pdf = page.pdf(format=paper, scale=1)
            assert pages(pdf) == 1, (game, paper)
        # a sheet twice as long would not fit: the count above is a real measurement
        longer = sheet(game).replace("<main>", "<main>" + "<p>Line.</p>" * 90)
        page.set_content(longer, wait_until="load")
        assert pages(page.pdf(format="A4", scale=1)) >= 2
    finally:
        context.close()
