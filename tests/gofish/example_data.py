"""Go Fish's worked examples as the generic test reads them (tests/core/test_game_examples.py):
data only, no test code.  What each name means is said in that test's docstring."""

from __future__ import annotations

RANKS = ["A", *map(str, range(2, 11)), "J", "Q", "K"]

#: the scenarios and tables the articles give, by name
NAMED = {
    "give-all-and-book",
    "lucky-draw",
    "wrong-rank-draw",
    "deal-table",
    "settlement",
    "after-a-miss",
    "empty-hand",
    "stock-runs-out",
    "specific-card",
}

#: what the checker's narration of a file says (it ends "passed")
NARRATION = {
    "lucky-draw.yaml": [
        "draws QH (GF-GO-FISH)",
        "asks again (GF-LUCKY-DRAW)",
        "✓ the card fished from the stock by the last request = QH (GF-GO-FISH)",
    ]
}

#: a claimed card changed to the card of the other suit of its colour
CYCLES: dict[str, list[list[str]]] = {
    "*": [*([r + "C", r + "D"] for r in RANKS), *([r + "H", r + "S"] for r in RANKS)],
}

#: at least this many claims are corrupted, and among them these values (flags, numbers,
#: rule IDs, cards, names)
MIN_CORRUPTIONS = 150
CORRUPTED = {"true", "false", "0", "GF-DEAL", "QH", "Lin"}

#: docs/examples.md's section for the game, and the example schema's definitions it describes
DOCS = ("## Go Fish", ["gofish-expect", "gofish-setup", "gofish-setup/position", "gofish-options"])

#: its notebook, which teaches its rules in catalogue order under "## <rule ID>: ..." headings
NOTEBOOK = "go-fish.ipynb"
NOTEBOOK_TITLED = True

SETUP_CORRUPTIONS = [
    # (file, old text, new text, the text of the line the first problem points at, its rule)
    ("lucky-draw.yaml", "stock: [QH, 9C]", "stock: [5D, 9C]", "drawn: QH", "GF-GO-FISH"),
    ("wrong-rank-draw.yaml", "stock: [5H]", "stock: [9H]", "drawn: 5H", "GF-GO-FISH"),
    (
        "wrong-rank-draw.yaml",
        "  - Lin: ask An 9\n",
        "  - Lin: ask An 5\n",
        "again: false",
        "GF-LUCKY-DRAW",
    ),
    (
        "give-all-and-book.yaml",
        "An: [8H, 8D, 5C], Mei: [8C, 6H]}\n    to_move: Lin\nsteps:\n  - note: An",
        "An: [8H, 5D, 5C], Mei: [8C, 6H]}\n    to_move: Lin\nsteps:\n  - note: An",
        "handed_over: [8H, 8D]",
        "GF-GIVE-ALL",
    ),
    (
        "give-all-and-book.yaml",
        "hands: {Lin: [8S], An:",
        "hands: {Lin: [8S, 4H], An:",
        "hand_size: {Lin: 3, An: 1}",
        "GF-GIVE-ALL",
    ),
    (
        "give-all-and-book.yaml",
        "    Lin: ask Mei 8\n    expect:\n      handed_over: [8C]",
        "    Lin: ask Mei 6\n    expect:\n      handed_over: [8C]",
        "Lin: ask Mei 6",
        "GF-ASK-HOLD",
    ),
    # a wrong legal: claim names the rule the engine says decides the first request claimed
    # wrongly: asking yourself (GF-ASK-TARGET), or a legal request left out (GF-ASK-HOLD)
    (
        "wrong-rank-draw.yaml",
        "legal: [ask Lin 3,",
        "legal: [ask An 3, ask Lin 3,",
        "legal: [ask An 3",
        "GF-ASK-TARGET",
    ),
    (
        "wrong-rank-draw.yaml",
        "legal: [ask Lin 3, ask Lin 7,",
        "legal: [ask Lin 7,",
        "legal: [ask Lin 7",
        "GF-ASK-HOLD",
    ),
    ("after-a-miss.yaml", "rule_set: gamerules", "rule_set: pagat", "to_move: Mei", "GF-NEXT"),
    ("empty-hand.yaml", "rule_set: bicycle", "rule_set: pagat", "over: false", "GF-END-EMPTY"),
    (
        "stock-runs-out.yaml",
        "rule_set: pagat\noptions: {keep_playing: true}\n",
        "rule_set: pagat\n",
        "over: false",
        "GF-END-EMPTY",
    ),
    (
        "specific-card.yaml",
        "rule_set: pagat\noptions: {specific_card: true}\n",
        "rule_set: pagat\n",
        "illegal: GF-VAR-CARD",
        "GF-VAR-CARD",
    ),
    (
        "settlement.yaml",
        "    books: {Jia: [2, 3, 4], Yi: [5, 6], Bing: [7]}\n    hands:",
        "    books: {Jia: [2, 3, 4], Yi: [5, 6], Bing: [7, 8]}\n    hands:",
        "books: {Jia: 3, Yi: 2, Bing: 1}",
        "GF-BOOK",
    ),
    (
        "deal-table.yaml",
        "rule_set: bicycle\nplayers: [Ann, Ben, Cy]\n",
        "rule_set: pagat\nplayers: [Ann, Ben, Cy]\n",
        "deal: {each: 7, dealt: 21, stock: 31}",
        "GF-DEAL",
    ),
    (
        "deal-table.yaml",
        "rule_set: bicycle\nplayers: [Ann, Ben, Cy, Di, Ed, Flo]\n",
        "rule_set: gamerules\nplayers: [Ann, Ben, Cy, Di, Ed, Flo]\n",
        "expect: {refused: GF-DEAL}",
        "GF-DEAL",
    ),
]

# -- hostile and malformed input: one line at its line, exit 2 --------------------------

HEAD = "example: x\nsource: s\ngame: go-fish\nplayers: [Lin, An, Mei]\n"
POSITION = "setup:\n  position:\n    hands: {hands}\n    to_move: Lin\n"
CLAIM = "steps: [{expect: {stock: 1}}]\n"

HOSTILE: dict[str, tuple[str, int, str]] = {
    "unknown-card": (
        HEAD + POSITION.format(hands="{Lin: [8S, 11H], An: [3C]}") + CLAIM,
        7,
        "GF-DECK",
    ),
    "card-word": (
        HEAD + POSITION.format(hands="{Lin: [8S, joker], An: [3C]}") + CLAIM,
        7,
        "GF-DECK",
    ),
    "duplicate-card-in-hands": (
        HEAD + POSITION.format(hands="{Lin: [8S, 3H], An: [3C, 8S]}") + CLAIM,
        7,
        "GF-DECK",
    ),
    "duplicate-card-in-stock": (
        HEAD
        + "setup:\n  position:\n    hands: {Lin: [8S], An: [3C]}\n    stock:\n      - 4D\n      - 8S\n"
        + CLAIM,
        10,
        "GF-DECK",
    ),
    "card-of-a-book": (
        HEAD
        + "setup:\n  position:\n    hands: {Lin: [8S], An: [3C]}\n    books:\n      Mei: [8]\n"
        + CLAIM,
        9,
        "GF-DECK",
    ),
    "duplicate-card-in-deck": (
        HEAD + "setup:\n  deal:\n    deck: [" + ", ".join(["2C"] * 52) + "]\n" + CLAIM,
        7,
        "GF-DECK",
    ),
    "four-of-a-rank-in-hand": (
        HEAD + POSITION.format(hands="{Lin: [8S, 8H, 8D, 8C], An: [3C]}") + CLAIM,
        7,
        "GF-BOOK",
    ),
    "unknown-player-in-setup": (
        HEAD + POSITION.format(hands="{Lin: [8S], Zed: [3C]}") + CLAIM,
        7,
        "INPUT-PLAYER",
    ),
    "unknown-player-moves": (
        HEAD + POSITION.format(hands="{Lin: [8S], An: [3C]}") + "steps:\n  - Zed: ask An 8\n",
        10,
        "INPUT-PLAYER",
    ),
    "unknown-player-to-move": (
        HEAD + "setup:\n  position:\n    hands: {Lin: [8S], An: [3C]}\n    to_move: Zed\n" + CLAIM,
        8,
        "INPUT-PLAYER",
    ),
    "bad-move": (
        HEAD + POSITION.format(hands="{Lin: [8S], An: [3C]}") + "steps:\n  - Lin: take An 8\n",
        10,
        "INPUT-MOVE",
    ),
    "bad-rank-in-move": (
        HEAD + POSITION.format(hands="{Lin: [8S], An: [3C]}") + "steps:\n  - Lin: ask An 11\n",
        10,
        "INPUT-MOVE",
    ),
    "unknown-rule-set": (
        HEAD + "rule_set: hoyle\nsetup: {deal: {seed: 1}}\n" + CLAIM,
        5,
        "INPUT-SCHEMA",
    ),
    "unknown-option": (
        HEAD + "options: {refil: true}\nsetup: {deal: {seed: 1}}\n" + CLAIM,
        5,
        "INPUT-SCHEMA",
    ),
    "unknown-claim": (
        HEAD + "setup: {deal: {seed: 1}}\nsteps:\n  - expect: {score: {Lin: 1}}\n",
        7,
        "INPUT-SCHEMA",
    ),
    "claim-about-a-request-before-any": (
        HEAD + "setup: {deal: {seed: 1}}\nsteps:\n  - expect: {drawn: 8S}\n",
        7,
        "INPUT-SCHEMA",
    ),
    "refused-deal-not-claimed": (
        "example: x\nsource: s\ngame: go-fish\nrule_set: bicycle\n"
        "players: [A, B, C, D, E, F]\nsetup:\n  deal: {seed: 1}\n" + CLAIM,
        7,
        "GF-DEAL",
    ),
}
