"""Rook's widgets as the generic widget tests read them (tests/core/test_game_widgets.py and
tests/browser/test_widgets_browser.py): data only, no test code.  What each name means is
said in tests/support/widgets.py."""

from __future__ import annotations

REFUSED = {
    "RookTable": [(["bid 70"], "ROOK-BID-RAISE", ["Legal instead: bid 75 to 120"])],
    "TrickTrainer": [
        (
            ["G12: green 12"],
            "ROOK-FOLLOW",
            [
                "East holds Y5 Y7 and must follow yellow",
                "Legal instead: play the yellow 5 (play Y5), play the yellow 7 (play Y7).",
            ],
        ),
    ],
    "BiddingPanel": [
        (
            ["bid 70", "bid 70"],
            "ROOK-BID-RAISE",
            ["East cannot bid 70", "Legal instead: bid 75 to 120, pass."],
        ),
    ],
}

CONFIRM = {"RookTable": ["Lay aside"]}
