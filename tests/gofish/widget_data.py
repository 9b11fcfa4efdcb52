"""Go Fish's widgets as the generic widget tests read them (tests/core/test_game_widgets.py
and tests/browser/test_widgets_browser.py): data only, no test code.  What each name means
is said in tests/support/widgets.py."""

from __future__ import annotations

REFUSED = {
    "GoFishTable": [
        (
            ["ask Learner", "AD (A of diamonds): ask for As"],
            "GF-ASK-TARGET",
            ["Learner cannot ask themself", "Legal instead: ask Bot 1 or Bot 2"],
        ),
    ],
    "AskSandbox": [
        (["ask An", "ask for Ks"], "GF-ASK-HOLD", ["Lin holds no Ks", "Legal instead: ask "]),
    ],
}
