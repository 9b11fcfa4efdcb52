"""What the Go Fish sources show the whole table beyond what a seat's view holds, for the
seat tests (``tests/core/test_game_widgets.py``): a view holds a seat's own hand and the
ranks of the books, and a card shown to everyone may pass out of sight of every view.

* GF-LUCKY-DRAW: "a drawn card of the rank just asked is shown and the asker goes again"
  (in the specific-card variation, the very card asked for);
* GF-BOOK: "four of a rank are shown at once and laid aside".

Read from the game's record (the whole event) and the rules, never from the audiences the
engine marks, which are what the seat tests test.
"""

from __future__ import annotations

from typing import Any


def shown(event: Any) -> set[Any]:
    """The cards ``event`` showed to the whole table: a card fished that is what was asked,
    the four cards of each book laid aside."""
    lucky = {c for f in event.of("fish") for c in f.cards if event.move.asks_for(c)}
    return lucky | {c for f in event.of("book") for c in f.cards}
