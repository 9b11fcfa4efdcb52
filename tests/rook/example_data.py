"""Rook's worked examples as the generic test reads them (tests/core/test_game_examples.py):
data only, no test code.  What each name means is said in that test's docstring."""

from __future__ import annotations

COLOURS = "RYBG"

#: the examples the article gives, by name
NAMED = {"deal", "auction", "full-hand", "play-rulings", "scoring", "game-to-300", "all-pass"}

#: what the checker's narration of a file says (it ends "passed")
NARRATION = {
    "play-rulings.yaml": [
        "East holds Y7 and must follow yellow",
        "(ROOK-FOLLOW: ",
        "North plays Rook; trick 1 to North with Rook, counters 30",
        "✓ the winner of trick 1 (East R13, South R10, West R8, North Rook) = North",
    ]
}

#: a claimed card (or the card of a move) changed to the next colour's, the Rook to G14, a bid
#: to one 5 higher, a team to the other, a colour or phase to the one before
CYCLES: dict[str, list[list[str]]] = {
    "*": [
        *([c + str(n) for c in COLOURS] for n in range(5, 15)),
        ["Rook", "G14"],
        [str(n) for n in range(0, 400, 5)],
        ["NS", "EW"],
        ["green", "black", "yellow", "red"],
        ["over", "play", "trump", "nest", "bid"],
    ],
}

#: at least this many claims are corrupted, and among them these values: flags, numbers,
#: cards of every colour and the Rook, moves (play, bid), players, teams, colours
MIN_CORRUPTIONS = 300
CORRUPTED = {"true", "0", "R14", "Y7", "B11", "G5", "Rook", "play Rook", "bid 70"}
CORRUPTED |= {"North", "East", "South", "West", "NS", "EW", "green", "play"}

#: docs/examples.md's section for the game, and the example schema's definitions it describes
DOCS = (
    "## Rook",
    [
        "rook-expect",
        "rook-setup",
        "rook-setup/hand",
        "rook-setup/position",
        "rook-setup/game",
        "rook-options",
    ],
)

#: its notebook, which teaches its rules in catalogue order under "## <rule ID>: <title>"
NOTEBOOK = "rook.ipynb"
NOTEBOOK_TITLED = True

#: the exit statuses a setup corruption may give: a card dealt twice makes the file invalid
#: (exit 2) rather than failing (exit 1)
SETUP_STATUSES = (1, 2)

SETUP_CORRUPTIONS = [
    # (file, old text, new text, the text of the line the first problem points at, its rule)
    (
        "full-hand.yaml",
        "North: lay aside R6 R7 R11 B11 R5",
        "North: lay aside R6 R7 R11 B11 Y10",
        "expect: {nest: [R6, R7, R11, B11, R5], nest_counters: 5",
        "ROOK-NEST-TAKE",
    ),
    ("full-hand.yaml", "North: trump green", "North: trump yellow", "trump: green", "ROOK-TRUMP"),
    (
        "full-hand.yaml",
        "    North: play R14\n  - East: play R9",
        "    North: play Rook\n  - East: play R9",
        "  - South: play R10",
        "ROOK-BIRD-LEAD",
    ),
    (
        "full-hand.yaml",
        "      West: [R8, Y8, G5, R12, Y11, B9, Y9, Y6, B7]\n    nest:",
        "      West: [R8, Y8, G5, R12, Y11, B9, Y9, Y6, G9]\n    nest:",
        "    nest: [Y10, B5, Rook, B11, G9]",
        "ROOK-DECK",
    ),
    (
        "auction.yaml",
        "  - South: pass\n    expect: {passed: [South]",
        "  - South: bid 80\n    expect: {passed: [South]",
        "expect: {passed: [South], to_move: West}",
        "ROOK-BID-PASS",
    ),
    (
        "auction.yaml",
        "  - North: bid 70\n    expect: {high_bid: 70",
        "  - North: bid 75\n    expect: {high_bid: 70",
        "expect: {high_bid: 70, high_bidder: North, to_move: East}",
        "ROOK-BID-MIN",
    ),
    (
        "deal.yaml",
        "dealer: West\nsetup:\n  deal:\n    deck:",
        "dealer: North\nsetup:\n  deal:\n    deck:",
        "North: [R5, R10, Y5, Y10, B5, B10, B14, G8, G12]",
        "ROOK-DEAL",
    ),
    (
        "play-rulings.yaml",
        "      - [Y10, Y5, Y12, Y6]\nsteps:\n  - South: play Y13",
        "      - [Y10, Y7, Y12, Y6]\nsteps:\n  - South: play Y13",
        "  - East: play Y7",
        "ROOK-DEAL",
    ),
    (
        "play-rulings.yaml",
        "dealer: North\nsetup:\n  position:",
        "dealer: West\nsetup:\n  position:",
        "    East: play R13",
        "ROOK-LEAD",
    ),
    (
        "play-rulings.yaml",
        "      West: [G5, R8, Y8]\n      North: [Rook, R14,",
        "      West: [G5, R8, Y8]\n      North: [G6, R14,",
        "  - expect: {legal: [play Rook]}",
        "ROOK-FOLLOW",
    ),
    (
        "scoring.yaml",
        "took: {NS: 100, EW: 20}",
        "took: {NS: 90, EW: 30}",
        "expect: {made: true, score: {NS: 100, EW: 20}}",
        "ROOK-SCORE-SET",
    ),
    (
        "game-to-300.yaml",
        "totals: {NS: 270, EW: 250}",
        "totals: {NS: 290, EW: 250}",
        "expect: {totals: {NS: 310, EW: 330}, winner: EW, over: true}",
        "ROOK-GAME",
    ),
    (
        "all-pass.yaml",
        "options: {all_pass: redeal}",
        "options: {all_pass: dealer-takes-70}",
        "expect: {over: true, phase: over, to_move: null",
        "ROOK-ALL-PASS",
    ),
]

# -- hostile and malformed input: one line at its line, exit 2 --------------------------

HEAD = "example: x\nsource: s\ngame: rook\nplayers: [North, East, South, West]\n"
HAND = "setup:\n  hand:\n    hands: {hands}\n"
CLAIM = "steps: [{expect: {nest: 5}}]\n"
POSITION = (
    "setup:\n  position:\n    hands: {North: [R14, Y5], East: [R5, G5]}\n"
    "    bid: {North: 95}\n    trump: green\n"
)

HOSTILE: dict[str, tuple[str, int, str]] = {
    "unknown-card": (HEAD + HAND.format(hands="{North: [R14, X9]}") + CLAIM, 7, "ROOK-DECK"),
    "card-of-a-1-to-4": (
        HEAD + HAND.format(hands="{North: [R14, R4]}") + CLAIM,
        7,
        "ROOK-DECK",
    ),
    "duplicate-card-in-hands": (
        HEAD + HAND.format(hands="{North: [R14, G6], South: [B5, G6]}") + CLAIM,
        7,
        "ROOK-DECK",
    ),
    "duplicate-card-hand-and-nest": (
        HEAD
        + HAND.format(hands="{North: [R14, G6]}")
        + "    nest:\n      - Rook\n      - G6\n"
        + CLAIM,
        10,
        "ROOK-DECK",
    ),
    "duplicate-card-in-deck": (
        HEAD + "setup:\n  deal:\n    deck: [" + ", ".join(["R5"] * 41) + "]\n" + CLAIM,
        7,
        "ROOK-DECK",
    ),
    "unknown-card-in-a-trick": (
        HEAD + POSITION + "    tricks:\n      - [R14, R15]\n" + CLAIM,
        11,
        "ROOK-DECK",
    ),
    "illegal-card-in-a-trick": (
        HEAD + POSITION + "    tricks:\n      - [R14, G5]\n" + CLAIM,
        11,
        "ROOK-FOLLOW",
    ),
    "card-in-a-claim": (
        HEAD + "setup: {deal: {seed: 1}}\nsteps:\n  - expect: {hand: {North: [R14, Q9]}}\n",
        7,
        "ROOK-DECK",
    ),
    "unknown-player-in-setup": (
        HEAD + HAND.format(hands="{Zed: [R14]}") + CLAIM,
        7,
        "INPUT-PLAYER",
    ),
    "unknown-player-bids": (
        HEAD + "setup: {deal: {seed: 1}}\nsteps:\n  - Zed: bid 70\n",
        7,
        "INPUT-PLAYER",
    ),
    "unknown-dealer": (
        HEAD + "dealer: Zed\nsetup: {deal: {seed: 1}}\n" + CLAIM,
        5,
        "INPUT-PLAYER",
    ),
    "unknown-bidder": (
        HEAD + "setup:\n  position:\n    hands: {}\n    bid: {Zed: 95}\n" + CLAIM,
        8,
        "INPUT-PLAYER",
    ),
    "unknown-player-in-a-claim": (
        HEAD + "setup: {deal: {seed: 1}}\nsteps:\n  - expect: {to_move: Zed}\n",
        7,
        "INPUT-PLAYER",
    ),
    "bad-move": (
        HEAD + "setup: {deal: {seed: 1}}\nsteps:\n  - North: bet 70\n",
        7,
        "INPUT-MOVE",
    ),
    "bad-bid": (
        HEAD + "setup: {deal: {seed: 1}}\nsteps:\n  - North: bid seventy\n",
        7,
        "INPUT-MOVE",
    ),
    "bad-move-in-legal": (
        HEAD + "setup: {deal: {seed: 1}}\nsteps:\n  - expect:\n      legal: [pass, bet 70]\n",
        8,
        "INPUT-MOVE",
    ),
    "three-players": (
        "example: x\nsource: s\ngame: rook\nplayers: [North, East, South]\n"
        "setup: {deal: {seed: 1}}\n" + CLAIM,
        5,
        "ROOK-TEAMS",  # a rule of the game: the engine refuses the setup, not the format
    ),
    "unknown-rule-set": (
        HEAD + "rule_set: partnership-2001\nsetup: {deal: {seed: 1}}\n" + CLAIM,
        5,
        "INPUT-SCHEMA",
    ),
    "unknown-option": (
        HEAD + "options: {all_pass: shuffle}\nsetup: {deal: {seed: 1}}\n" + CLAIM,
        5,
        "INPUT-SCHEMA",
    ),
    "unknown-claim": (
        HEAD + "setup: {deal: {seed: 1}}\nsteps:\n  - expect: {books: {North: 1}}\n",
        7,
        "INPUT-SCHEMA",
    ),
    "ten-cards-in-a-hand": (
        HEAD + HAND.format(hands="{North: [R5, R6, R7, R8, R9, R10, R11, R12, R13, R14]}") + CLAIM,
        6,
        "ROOK-DEAL",  # the engine's rule, not the schema's (issue 10)
    ),
    "tricks-without-trump": (
        HEAD + "setup:\n  position:\n    hands: {}\n    bid: {North: 95}\n"
        "    tricks: [[R5]]\n" + CLAIM,
        6,
        "INPUT-SCHEMA",
    ),
    "impossible-contract": (
        HEAD + "setup:\n  position:\n    hands: {}\n    bid: {North: 93}\n" + CLAIM,
        8,
        "ROOK-BID-MIN",
    ),
    "counters-not-120": (
        HEAD + "setup:\n  game:\n    hands:\n      - {bid: {NS: 95}, took: {NS: 120, EW: 10}}\n"
        "steps: [{expect: {over: false}}]\n",
        8,
        "ROOK-COUNT",
    ),
    "a-hand-after-the-game": (
        HEAD + "setup:\n  game:\n    totals: {NS: 290, EW: 0}\n    hands:\n"
        "      - {bid: {NS: 70}, took: {NS: 100, EW: 20}}\n"
        "      - {bid: {NS: 70}, took: {NS: 100, EW: 20}}\n"
        "steps: [{expect: {over: true}}]\n",
        10,
        "ROOK-GAME",
    ),
    "a-hand-record-with-no-contract": (
        HEAD + "setup:\n  game:\n    hands:\n      - {took: {NS: 100, EW: 20}}\n"
        "steps: [{expect: {over: false}}]\n",
        8,
        "INPUT-SCHEMA",
    ),
    "a-game-claim-about-a-hand": (
        HEAD + "setup: {deal: {seed: 1}}\nsteps:\n  - expect: {totals: {NS: 0}}\n",
        7,
        "INPUT-SCHEMA",
    ),
}
