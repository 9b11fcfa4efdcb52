"""Golf's worked examples as the generic test reads them (tests/core/test_game_examples.py):
data only, no test code.  What each name means is said in that test's docstring."""

from __future__ import annotations

RANKS = ["A", *map(str, range(2, 11)), "J", "Q", "K"]

#: the examples the article gives, by name
NAMED = {"face-down-swap", "layout-9-and-27", "two-twos", "j-over-q", "end-of-hand", "nine-holes"}

#: a claimed text changed to the next in its cycle: a card of the other suit of its colour, a
#: draw for a discard, a flip for a replace, a phase for the next; "down" for a card
CYCLES: dict[str, list[list[str]]] = {
    "phase": [["flip", "draw", "place", "extra-flip", "over"]],
    "*": [
        *([r + "C", r + "D"] for r in RANKS),
        *([r + "H", r + "S"] for r in RANKS),
        ["down", "KS"],
        ["draw", "discard", "take"],
        ["flip", "replace"],
    ],
}

#: at least this many claims are corrupted, and among them these values
MIN_CORRUPTIONS = 140
CORRUPTED = {"GOLF-DECK", "extra-flip", "Ben", "take", "flip TM", "down", "true", "7C"}

#: random damages of each file
DAMAGE_ROUNDS = 40

#: docs/examples.md's section for the game, and the example schema's definitions it describes
DOCS = ("## Claims (Golf)", ["golf-expect"])

#: its notebook, which teaches its rules in catalogue order under "## <rule ID>: ..." headings
NOTEBOOK = "golf.ipynb"

SETUP_CORRUPTIONS = [
    # (file, old text, new text, the text of the line the first problem points at, its rule)
    (
        "face-down-swap.yaml",
        "discard: [7C]\n    to_move: Mei\nsteps:",
        "discard: [7S]\n    to_move: Mei\nsteps:",
        "discard_top: 7C",
        "GOLF-REPLACE",
    ),
    (
        "face-down-swap.yaml",
        "BL: down QD}\n    discard: [7C]\n    to_move",
        "BL: down QS}\n    discard: [7C]\n    to_move",
        "revealed: QD",
        "GOLF-REPLACE",
    ),
    ("face-down-swap.yaml", "stock: [9S]", "stock: [9D]", "expect: {holding: 9S}", "GOLF-DRAW"),
    (
        "layout-9-and-27.yaml",
        "BL: 8C, BM: KD",
        "BL: 9C, BM: KD",
        "columns: {Mei: {left: 0, middle: -2, right: 11}}",
        "GOLF-VALUES",
    ),
    (
        "layout-9-and-27.yaml",
        "TM: 2S, TR: AC, BL: QC",
        "TM: 3S, TR: AC, BL: QC",
        "columns: {Mei: {left: 18, middle: -2, right: 11}}",
        "GOLF-VALUES",
    ),
    (
        "two-twos.yaml",
        "TL: 2S, TM: KD",
        "TL: 3S, TM: KD",
        "columns: {Mei: {left: 0, middle: 0, right: 0}}",
        "GOLF-VALUES",
    ),
    (
        "j-over-q.yaml",
        "BL: QS",
        "BL: JS",
        "columns: {Mei: {left: 20, middle: 0, right: 0}}",
        "GOLF-COLUMN",
    ),
    ("end-of-hand.yaml", "stock: [JD]", "stock: [KD]", "score: {Mei: 46, Ben: 0}", "GOLF-COLUMN"),
    (
        "nine-holes.yaml",
        "Jia: [9, 4, -2,",
        "Jia: [9, 4, 2,",
        "totals: {Jia: 40, Yi: 43}",
        "GOLF-MATCH",
    ),
    (
        "three-player-start.yaml",
        "  - Ann: flip BR\n",
        "  - Ann: flip TL\n",
        "  - Ann: flip TL",
        "GOLF-FLIP-TWO",
    ),
    (
        "stock-out.yaml",
        "    stock_size: 0\n    discard: [9S]\n    to_move: Mei\nsteps:\n  - Mei: draw",
        "    stock_size: 1\n    discard: [9S]\n    to_move: Mei\nsteps:\n  - Mei: draw",
        "illegal: GOLF-STOCK-OUT",
        "GOLF-STOCK-OUT",
    ),
]
