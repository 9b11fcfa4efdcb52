"""Golf's widgets as the generic widget tests read them (tests/core/test_game_widgets.py and
tests/browser/test_widgets_browser.py): data only, no test code.  What each name means is
said in tests/support/widgets.py."""

from __future__ import annotations

_TAKE = [
    "your top-left card: face down",
    "your top-right card: face down",
    "the discard pile, 5C on top: take 5C",
]

REFUSED = {
    "GolfTable": [
        (
            ["the stock (39 cards): draw its top card"],
            "GOLF-FLIP-TWO",
            ["Refused: draw", "Legal instead: turn up the top-left card (flip TL)"],
        ),
        # the card taken from the discard pile put straight back (issue 28, item 6: the
        # legal moves in a learner's words, the notation beside them)
        (
            [*_TAKE, "the discard pile: empty"],
            "GOLF-TAKE-MUST-REPLACE",
            [
                "Refused: discard",
                "it cannot go straight back",
                "Legal instead: put the card you hold in place of the top-left card (replace TL)",
            ],
        ),
        (
            [*_TAKE, "the stock (39 cards): draw its top card"],
            "GOLF-DRAW",
            ["Refused: draw", "Learner already holds 5C from the discard: one card a turn"],
        ),
    ],
}
