"""Pinned variants of every exercise, with answers worked out by hand (not by cardlib): the
tests' oracle.  ``pinned(monkeypatch, id)`` makes every student get the pinned variant, so
that ``check``, ``score`` and ``widget`` mark against it.

Each case: the variant, a right answer, a wrong answer of the right form (and its score), an
answer of the wrong form.  Widget answers are played through the widget's own controls."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cardlib.exercises import model, widget
from cardlib.exercises.lab import Study
from cardlib.exercises.review import Group, Groups, Sheets
from cardlib.exercises.start_here import DealClaim, TwoLayouts
from cardlib.gofish.exercises import Deals, Miss, Request, Requests, Sandbox
from cardlib.gofish.rule_exercises import (
    Ending,
    Fishing,
    LuckyDraw,
    Proposal,
    StockOut,
    Tables,
    Variations,
)
from cardlib.golf.exercises import Kept, LastCard, Layout, MatchCard, Turn
from cardlib.golf.rule_exercises import (
    Keeping,
    Opening,
    Openings,
    Peeking,
    StockMoment,
    StockMoments,
)
from cardlib.rook.exercises import Auction, Contract, Following, Lead, Trick
from cardlib.rook.exercises_deal import DealerSpeaks, Exchange, Setup, Setups
from cardlib.rook.exercises_play import (
    FirstTrick,
    GameEnd,
    LastTrick,
    Swap,
    Trumped,
    TrumpLed,
    Void,
)


def pinned(monkeypatch: Any, exercise_id: str, v: Any | None = None) -> Any:
    """Every student gets ``v`` (default: the case's variant) of ``exercise_id``."""
    v = CASES[exercise_id].variant if v is None else v
    key = model.keys()[exercise_id]
    monkeypatch.setitem(model.keys(), exercise_id, dataclasses.replace(key, draw=lambda _rng: v))
    return v


def choose(cards: list[str]) -> Callable[[], Any]:
    """golf-4: the scorer, with ``cards`` chosen with its card pickers."""

    def play() -> Any:
        w = widget("golf-4")
        for picker, card in zip(w.pickers, cards, strict=True):
            picker.value = card
        return w

    return play


def ask(*targets: str, rank: str = "8") -> Callable[[], Any]:
    """gf-4: the sandbox, with each of ``targets`` asked for ``rank`` with its controls."""

    def play() -> Any:
        w = widget("gf-4")
        for target in targets:
            w.target.value, w.what.value = target, rank
            w.ask_button.click()
        return w

    return play


def bid(*moves: str) -> Callable[[], Any]:
    """rook-5: the panel, with ``moves`` clicked on its chips."""

    def play() -> Any:
        w = widget("rook-5")
        for move in moves:
            if move == "pass":
                w.pass_button.click()
            else:
                w.bid_chips[int(move.split()[1])].click()
        return w

    return play


def _yaml(ana: int, raj: int, keys: str = "TL TM TR BL BM BR") -> str:
    tl, tm, tr, bl, bm, br = keys.split()
    return (
        "example: Two layouts, scored\n"
        "source: a test of the course\n"
        "game: golf\n"
        "players: [Ana, Raj]\n"
        "setup:\n"
        "  position:\n"
        "    layouts:\n"
        f"      Ana: {{{tl}: 5H, {tm}: KS, {tr}: 2C, {bl}: 5C, {bm}: QD, {br}: 2D}}\n"
        f"      Raj: {{{tl}: 5D, {tm}: KD, {tr}: 3C, {bl}: 7C, {bm}: QS, {br}: 2S}}\n"
        "steps:\n"
        "  - expect:\n"
        f"      score: {{Ana: {ana}, Raj: {raj}}}\n"
    )


@dataclass(frozen=True)
class Case:
    variant: Any
    right: Any
    wrong: Any
    wrong_score: float
    bad_form: Any


def _answer(value: Any) -> Any:
    return value() if callable(value) else value


CASES: dict[str, Case] = {
    # 2 players: 52 - 12 - 1 = 39 after the deal, one card drawn: 38
    "sh-1": Case(
        DealClaim(("Ana", "Raj"), 5, 1, 40),
        ("GOLF-DEAL", 38),
        ("GOLF-DRAW", 38),
        0.5,
        "GOLF-DEAL",
    ),
    # Ana: 5/5 pair 0, K+Q 0+10, 2/2 pair 0 = 10; Raj: 5+7, K+Q 0+10, 3+2 3-2 = 23
    "sh-2": Case(
        TwoLayouts(
            ("Ana", "Raj"),
            (("5H", "KS", "2C", "5C", "QD", "2D"), ("5D", "KD", "3C", "7C", "QS", "2S")),
        ),
        _yaml(10, 23),
        _yaml(10, 24),
        0.5,
        "game: [golf",
    ),
    # Q over J: 10 + 10 = 20 (same value, not same rank); two 2s: 0; two kings: 0
    "golf-1": Case(Layout(("QS", "2H", "KC", "JD", "2S", "KH")), 20, 0, 0.0, "20"),
    "golf-2": Case(
        Turn(
            "Ana",
            "Raj",
            (("TL", "5D"), ("TR", "9C")),
            "5C",
            "take",
            ("discard", "replace TR", "replace BL", "take"),
        ),
        {
            "discard": "GOLF-TAKE-MUST-REPLACE",
            "replace TR": "legal",
            "replace BL": "legal",
            "take": "GOLF-DRAW",
        },
        {"discard": "legal", "replace TR": "legal", "replace BL": "legal", "take": "GOLF-DRAW"},
        0.75,
        ["discard", "replace TR"],
    ),
    # Ana: 2/2 0, 5+K 5, 9+3 -> 9+K 9: 14... with the KD for the 3C: 2/2 0, 5C/4H 9, 9D/KD 9 = 18;
    # Raj: K/K 0, 4/4 0, 7+8 15 = 15: the hand is over and Raj, who did not go out, is lower
    "golf-3": Case(
        LastCard(
            "Ana",
            "Raj",
            ("2H", "5C", "9D", "2S", "4H", "3C"),
            "BR",
            ("KS", "4D", "7H", "KH", "4C", "8S"),
            ("BL", "TL"),
            "KD",
        ),
        (True, "Raj"),
        (True, "Ana"),
        0.5,
        ("True", "Raj"),
    ),
    # the QC stays at top-right: its column at best a pair of queens (0), the others a 2
    # over a king (-2): 2S 2H QC over KS KH QD scores -4
    "golf-4": Case(
        Kept("TR", "QC", ("7H", "5C", "QC", "9S", "3C", "AH")),
        choose(["2S", "2H", "QC", "KS", "KH", "QD"]),
        choose(["2S", "2H", "QC", "KS", "KH", "JD"]),
        round(2 / 3, 4),
        choose(["2S", "2H", "QD", "KS", "KH", "QC"]),
    ),
    # Ana: 5-2+7+0+4-4+3+9+1 = 23; Raj: 2+3+1+6+0+2+5+3+4 = 26: low wins
    "golf-5": Case(
        MatchCard(("Ana", "Raj"), ((5, -2, 7, 0, 4, -4, 3, 9, 1), (2, 3, 1, 6, 0, 2, 5, 3, 4))),
        ("Ana", 23),
        ("Raj", 26),
        0.0,
        "Ana",
    ),
    # A: five players, one more than Golf takes; B: Raj turns up his top-middle card a second
    # time; C: everyone has turned two, and Raj dealt, so Ana (on his left) plays first, not
    # the dealer; D: Oli dealt, so Ana plays first, and may take the discard; E: Raj, on
    # Eli's left, turns his second card
    "golf-6": Case(
        Openings(
            (
                Opening(
                    "A", ("Ana", "Raj", "Eli", "Oli", "Kai"), "Kai", None, (), "Ana", "flip TL"
                ),
                Opening(
                    "B",
                    ("Ana", "Raj", "Eli"),
                    "Eli",
                    None,
                    (("Ana", "TL"), ("Ana", "BR"), ("Raj", "TM")),
                    "Raj",
                    "flip TM",
                ),
                Opening(
                    "C",
                    ("Ana", "Raj"),
                    "Raj",
                    None,
                    (("Ana", "TL"), ("Ana", "BR"), ("Raj", "TM"), ("Raj", "BM")),
                    "Raj",
                    "draw",
                ),
                Opening(
                    "D",
                    ("Ana", "Raj", "Eli", "Oli"),
                    "Oli",
                    None,
                    tuple((p, x) for p in ("Ana", "Raj", "Eli", "Oli") for x in ("TL", "BL")),
                    "Ana",
                    "take",
                ),
                Opening("E", ("Raj", "Eli"), "Eli", None, (("Raj", "TL"),), "Raj", "flip BM"),
            )
        ),
        {"A": "GOLF-DECK", "B": "GOLF-FLIP-TWO", "C": "GOLF-ORDER", "D": "legal", "E": "legal"},
        {"A": "GOLF-DECK", "B": "GOLF-FLIP-TWO", "C": "legal", "D": "legal", "E": "legal"},
        0.8,
        ["GOLF-DECK", "GOLF-FLIP-TWO", "GOLF-ORDER", "legal", "legal"],
    ),
    # Ana holds the 4H she drew: looking at a face-down card, turning one over and taking
    # the draw back are all refused by GOLF-NO-PEEK; the face-down BL may be replaced unseen
    "golf-7": Case(
        Peeking(
            "Ana",
            "Raj",
            (("TL", "5D"), ("BM", "9C")),
            "4H",
            "draw",
            ("peek BR", "flip TR", "take back", "replace BL"),
        ),
        {
            "peek BR": "GOLF-NO-PEEK",
            "flip TR": "GOLF-NO-PEEK",
            "take back": "GOLF-NO-PEEK",
            "replace BL": "legal",
        },
        {
            "peek BR": "legal",
            "flip TR": "GOLF-NO-PEEK",
            "take back": "GOLF-NO-PEEK",
            "replace BL": "legal",
        },
        0.75,
        "GOLF-NO-PEEK",
    ),
    # 7H KS 3C over 9D QH 8S: 7 + 9 = 16, K + Q = 0 + 10 = 10, 3 + 8 = 11: 37, and the 9C
    # thrown away leaves it so; the 9C for the 7H pairs the 9D: 0 + 10 + 11 = 21; the 9C for
    # the face-down 8S: 16 + 10 + (3 + 9) = 38 (adding 9 + 9 instead of pairing: 39)
    "golf-8": Case(
        Keeping(
            "Ana",
            "Raj",
            ("7H", "KS", "3C", "9D", "QH", "8S"),
            ("TL", "TM", "BL"),
            "9C",
            ("replace BR", "discard", "replace TL"),
        ),
        {"replace BR": 38, "discard": 37, "replace TL": 21},
        {"replace BR": 38, "discard": 37, "replace TL": 39},
        round(2 / 3, 4),
        [38, 37, 21],
    ),
    # A: nothing agreed, so nobody draws from the empty stock; B: the reshuffle refills it;
    # C: under 'end' the empty stock ended the hand, so no move is left; D: under 'end' a
    # stock with cards in it is drawn from as ever; E: a card never moves but by a replacement
    "golf-9": Case(
        StockMoments(
            (
                StockMoment("A", ("Ana", "Raj"), None, 0, (("TL", "7H"), ("BM", "QS")), "draw"),
                StockMoment(
                    "B", ("Eli", "Oli"), "reshuffle", 0, (("TM", "5C"), ("BR", "KD")), "draw"
                ),
                StockMoment("C", ("Raj", "Ana"), "end", 0, (("TL", "4S"), ("TR", "9H")), "take"),
                StockMoment("D", ("Oli", "Eli"), "end", 12, (("BL", "3D"), ("BR", "3H")), "draw"),
                StockMoment(
                    "E", ("Ana", "Eli"), None, 8, (("TL", "6C"), ("BM", "6H")), "move TL BL"
                ),
            )
        ),
        {
            "A": "GOLF-STOCK-OUT",
            "B": "legal",
            "C": "GOLF-STOCK-OUT",
            "D": "legal",
            "E": "GOLF-NO-REARRANGE",
        },
        {
            "A": "GOLF-STOCK-OUT",
            "B": "legal",
            "C": "legal",
            "D": "GOLF-STOCK-OUT",
            "E": "GOLF-NO-REARRANGE",
        },
        0.6,
        ["GOLF-STOCK-OUT", "legal", "GOLF-STOCK-OUT", "legal", "GOLF-NO-REARRANGE"],
    ),
    # Ana takes Raj's two 7s: four 7s, a book, and her hand is empty: over (Pagat's rules)
    "gf-1": Case(
        Request(
            (("Ana", ("7S", "7H")), ("Raj", ("7D", "7C", "2S")), ("Eli", ("3H",))), (), "Raj", "7"
        ),
        (1, True),
        (1, False),
        0.5,
        ("1", True),
    ),
    "gf-2": Case(
        Requests(
            (("Ana", ("8S", "QS", "9S")), ("Raj", ("8H", "3D")), ("Eli", ("8C", "JD"))),
            ("ask Raj 8", "ask Raj 3", "ask Ana Q", "ask Eli 9"),
        ),
        {
            "ask Raj 8": "legal",
            "ask Raj 3": "GF-ASK-HOLD",
            "ask Ana Q": "GF-ASK-TARGET",
            "ask Eli 9": "legal",
        },
        {
            "ask Raj 8": "legal",
            "ask Raj 3": "legal",
            "ask Ana Q": "GF-ASK-TARGET",
            "ask Eli 9": "GF-ASK-HOLD",
        },
        0.5,
        {
            "ask Raj 8": "yes",
            "ask Raj 3": "GF-ASK-HOLD",
            "ask Ana Q": "GF-ASK-TARGET",
            "ask Eli 9": "legal",
        },
    ),
    # a miss: Pagat and Bicycle pass to the asker's left (Raj), the Game Rules site to Eli
    "gf-3": Case(
        Miss(
            (("Ana", ("5S", "9S")), ("Raj", ("3D",)), ("Eli", ("2C",)), ("Oli", ("JD",))),
            "Eli",
            "9",
            "4H",
        ),
        {"pagat": "Raj", "bicycle": "Raj", "gamerules": "Eli"},
        {"pagat": "Eli", "bicycle": "Raj", "gamerules": "Eli"},
        round(2 / 3, 4),
        {"pagat": "Raj", "bicycle": "Raj"},
    ),
    # Raj holds two 8s and Eli one: ask both, getting cards each time, and Ana asks on
    "gf-4": Case(
        Sandbox(
            (
                ("Ana", ("8S", "QS", "9S", "5S")),
                ("Raj", ("8H", "8D", "3D")),
                ("Eli", ("8C", "6H", "JD")),
            ),
            ("QH", "5H"),
            "8",
        ),
        ask("Raj", "Eli"),
        ask("Eli"),
        0.5,
        lambda: 8,
    ),
    # 4 players under Pagat: 5 each, 52 - 20 = 32; 3 under Bicycle: 7 each, 52 - 21 = 31;
    # then two misses fish a card each: 30 and 29
    "gf-5": Case(
        Deals((("pagat", 4), ("bicycle", 3)), 2),
        {"pagat": 30, "bicycle": 29},
        {"pagat": 30, "bicycle": 31},
        0.5,
        {"pagat": 30.0, "bicycle": 29},
    ),
    # A: seven players, more than six; B: Eli deals, so Ana (round the table) asks first
    # under Pagat, not Raj; C: 51 cards; D: two players may play; E: the Game Rules site
    # chooses the first player at random, so Ana (not Raj's left, Eli) may be the one
    "gf-6": Case(
        Tables(
            (
                Proposal("A", ("Ana", "Raj", "Eli", "Oli", "Kai", "Fay", "Ned"), "Ned", "pagat"),
                Proposal("B", ("Ana", "Raj", "Eli"), "Eli", "pagat", first="Raj"),
                Proposal("C", ("Ana", "Raj", "Eli", "Oli"), "Ana", "bicycle", ("missing", "7D")),
                Proposal("D", ("Raj", "Eli"), "Raj", "bicycle"),
                Proposal("E", ("Ana", "Raj", "Eli", "Oli"), "Raj", "gamerules", first="Ana"),
            )
        ),
        {"A": "GF-PLAYERS", "B": "GF-FIRST", "C": "GF-DECK", "D": "legal", "E": "legal"},
        {"A": "GF-PLAYERS", "B": "GF-FIRST", "C": "GF-DECK", "D": "GF-PLAYERS", "E": "GF-FIRST"},
        0.6,
        ["GF-PLAYERS", "GF-FIRST", "GF-DECK", "legal", "legal"],
    ),
    # Raj has no 9s: Ana takes one card, the top one (5H), and keeps it; drawing on until
    # the 9H turns up would add QC and 9H too: 4 of the 6 cards named are right
    "gf-7": Case(
        Fishing(
            (("Ana", ("5S", "9S", "KD")), ("Raj", ("3D", "7H")), ("Eli", ("2C", "JD"))),
            "Raj",
            "9",
            ("5H", "QC", "9H"),
        ),
        ["5S", "5H", "9S", "KD"],
        ["5S", "5H", "9S", "KD", "QC", "9H"],
        round(4 / 6, 4),
        "5S 5H 9S KD",
    ),
    # Ana asked for 9s: only the 9H goes on; the 5H makes her a book of 5s and the KS a
    # pair of kings, and the turn still ends
    "gf-8": Case(
        LuckyDraw(
            (("Ana", ("5C", "5D", "5S", "9S", "KH")), ("Raj", ("3D", "7H")), ("Eli", ("2D", "JD"))),
            "Raj",
            "9",
            ("9H", "5H", "KS", "2C"),
        ),
        {"9H": True, "5H": False, "KS": False, "2C": False},
        {"9H": True, "5H": True, "KS": True, "2C": False},
        0.5,
        {"9H": "yes", "5H": "no", "KS": "no", "2C": "no"},
    ),
    # Oli has no Qs: Ana fishes the top card, the 3S (two are left); the turn passes to Raj,
    # who has no cards but may draw, the stock not being empty: he takes the QC and asks;
    # one card is left (not Eli: Raj is out only when there is no stock)
    "gf-9": Case(
        StockOut(
            (
                ("Ana", ("7C", "QH", "QS")),
                ("Raj", ()),
                ("Eli", ("3C", "7H", "7S", "9C", "QD")),
                ("Oli", ("3D", "3H", "7D", "9D", "9H")),
            ),
            ("3S", "QC", "9S"),
            "Oli",
            "Q",
        ),
        ("Raj", 1),
        ("Eli", 1),
        0.5,
        ("Raj", "1"),
    ),
    # Ana takes the 7C: a book, her second, and her hand is empty (the end under Pagat);
    # Raj has 2 books, Eli 1 and three kings, which count for nothing: Ana and Raj tie
    "gf-10": Case(
        Ending(
            (("Ana", ("7D", "7H", "7S")), ("Raj", ("4S", "7C")), ("Eli", ("2C", "KD", "KH", "KS"))),
            (("Ana", ("A",)), ("Raj", ("5", "6")), ("Eli", ("8",))),
            "Raj",
            "7",
        ),
        ["Ana", "Raj"],
        ["Raj"],
        0.5,
        2,
    ),
    # Ana's QS QH QD and Raj's QC are a book; her empty hand takes the five top cards of the
    # stock at once (refill), and as she got a card she asks again
    "gf-11": Case(
        Variations(
            (("Ana", ("QD", "QH", "QS")), ("Raj", ("4H", "QC")), ("Eli", ("2S", "9D"))),
            ("5C", "6D", "8H", "JS", "KC"),
            "Raj",
            "QC",
        ),
        (5, "Ana"),
        (1, "Ana"),
        0.5,
        ("5", "Ana"),
    ),
    # the only trump, G5, wins; counters 10 + 10 (the 14) + 10 + 5 = 35
    "rook-1": Case(
        Trick("green", "North", ("Y10", "Y14", "R10", "G5")),
        ("West", 35),
        ("North", 35),
        0.5,
        ("West", "35"),
    ),
    # bid 100, took 95: set, -100; the others keep their 25
    "rook-2": Case(Contract("NS", 100, 95, 25), (-100, 25), (-5, 25), 0.5, {"NS": -100}),
    "rook-3": Case(
        Following(
            "West",
            "green",
            "East",
            ("R9", "R13", "Y7", "B6", "B8", "B13", "G10", "G12", "Rook"),
            ("Y13",),
            ("play G12", "play Y7", "play R13", "trump red"),
            1,
        ),
        {
            "play G12": "ROOK-FOLLOW",
            "play Y7": "legal",
            "play R13": "ROOK-FOLLOW",
            "trump red": "ROOK-TRUMP",
        },
        {
            "play G12": "legal",
            "play Y7": "legal",
            "play R13": "ROOK-FOLLOW",
            "trump red": "ROOK-TRUMP",
        },
        0.75,
        "ROOK-FOLLOW",
    ),
    # red led: South must follow with the R6, or play the Rook at any time
    "rook-4": Case(
        Lead("red", "R9", ("Rook", "R6", "Y12", "Y5", "B9", "B14", "G7", "G10", "G13")),
        ["R6", "Rook"],
        ["R6"],
        0.5,
        "R6 Rook",
    ),
    # West deals: North, East pass; South bids 80; West passes
    "rook-5": Case(
        Auction("West", 1, "South", 80),
        bid("pass", "pass", "bid 80", "pass"),
        bid("pass", "pass", "bid 85", "pass"),
        0.5,
        lambda: widget("gf-4"),
    ),
}


# --------------------------------------------------------------------------- Rook's rule
# exercises (rook-6 to rook-15) and the review (review-1, review-2), worked out by hand

_FOUR = ("Ana", "Raj", "Eli", "Oli")

CASES.update(
    {
        # A three players; B a pack of 40; C ten each and one in the nest; D as the rules
        # say; E a 4 in the pack
        "rook-6": Case(
            Setups(
                (
                    Setup("A", ("Ana", "Raj", "Eli")),
                    Setup("B", _FOUR, ("missing", "Y7")),
                    Setup("C", _FOUR, split=(10, 1)),
                    Setup("D", _FOUR),
                    Setup("E", _FOUR, ("four", "G9")),
                )
            ),
            {"A": "ROOK-TEAMS", "B": "ROOK-DECK", "C": "ROOK-DEAL", "D": "legal", "E": "ROOK-DECK"},
            {"A": "ROOK-TEAMS", "B": "ROOK-DECK", "C": "legal", "D": "legal", "E": "legal"},
            0.6,
            "ROOK-DECK",
        ),
        # nobody bid and no house rule: West may not be the fourth to pass; 70 is the
        # lowest bid, 65 below it, 72 not a multiple of 5
        "rook-7": Case(
            DealerSpeaks("West", None, ("pass", "bid 70", "bid 65", "bid 72"), 5),
            {
                "pass": "ROOK-ALL-PASS",
                "bid 70": "legal",
                "bid 65": "ROOK-BID-MIN",
                "bid 72": "ROOK-BID-MIN",
            },
            {
                "pass": "legal",
                "bid 70": "legal",
                "bid 65": "ROOK-BID-MIN",
                "bid 72": "ROOK-BID-MIN",
            },
            0.75,
            "ROOK-ALL-PASS",
        ),
        # South holds R7 R8 R9 R11 R14 Y6 Y10 Y11 Y13 B7 B9 B10 B14 G11: five of them (two
        # counters among them) is the exchange; four is not; R5 is not South's; trump waits
        "rook-8": Case(
            Exchange(
                "West",
                "South",
                12345,
                (
                    "lay aside R14 Y6 Y10 B7 G11",
                    "lay aside R7 R8 R9 R11",
                    "lay aside R5 R7 R8 R9 R11",
                    "trump red",
                ),
            ),
            {
                "lay aside R14 Y6 Y10 B7 G11": "legal",
                "lay aside R7 R8 R9 R11": "ROOK-NEST-TAKE",
                "lay aside R5 R7 R8 R9 R11": "ROOK-NEST-TAKE",
                "trump red": "ROOK-TRUMP",
            },
            {
                "lay aside R14 Y6 Y10 B7 G11": "ROOK-NEST-TAKE",
                "lay aside R7 R8 R9 R11": "ROOK-NEST-TAKE",
                "lay aside R5 R7 R8 R9 R11": "legal",
                "trump red": "ROOK-TRUMP",
            },
            0.5,
            "legal",
        ),
        # East bid; the question says: nest R5 R8 Y7 B8 B9 (R5: 5), North-South 55 and
        # East-West 45 after eight tricks, South wins the last (G13 G14 B5 B7: 10 + 5 = 15):
        # North-South 55 + 15 + 5 = 75, East-West 45; the nest is not the bidders'
        "rook-9": Case(LastTrick("South", 20041), (75, 45), (70, 50), 0.0, "75, 45"),
        # West deals, North leads G6: East has no green and may play all nine; West holds
        # G7 and G8 and must play one of them
        "rook-10": Case(
            Void(
                "West",
                "red",
                "G6",
                ("R5", "R6", "R7", "Y5", "Y6", "Y7", "B5", "B6", "B7"),
                ("R8", "R9", "Y8", "Y9", "B8", "B9", "B10", "G7", "G8"),
                7,
            ),
            (9, 2),
            (4, 2),
            0.5,
            "nine",
        ),
        # West deals, so North leads (not South, who bid): North Y9, East Y13, South B14 (off
        # colour, no trump), West Y10: East's Y13 is the highest yellow
        "rook-11": Case(
            FirstTrick("West", "South", "red", ("Y9", "Y13", "B14", "Y10"), 11),
            ("North", "East"),
            ("South", "East"),
            0.5,
            "North",
        ),
        # East G14, South Rook, West Y10, North G5: the Rook tops the green 14; counters
        # 10 + 20 + 10 + 5 = 45
        "rook-12": Case(
            Trumped("green", "East", ("G14", "Rook", "Y10", "G5")),
            ("South", 45),
            ("East", 45),
            0.5,
            ("South", "45"),
        ),
        # West deals, North leads the G9; East's only trump is the Rook, so East must play it
        "rook-13": Case(
            TrumpLed(
                "West",
                "green",
                "G9",
                ("R5", "R9", "Y7", "Y11", "B6", "B8", "B12", "B13", "Rook"),
                ("play Rook", "play R5", "play B8", "play Y7"),
                3,
            ),
            {
                "play Rook": "legal",
                "play R5": "ROOK-BIRD-FORCED",
                "play B8": "ROOK-BIRD-FORCED",
                "play Y7": "ROOK-BIRD-FORCED",
            },
            {"play Rook": "legal", "play R5": "legal", "play B8": "legal", "play Y7": "legal"},
            0.25,
            "ROOK-BIRD-FORCED",
        ),
        # the question says: 250 to 280, then North-South +105 and East-West +15: 355 to
        # 295, North-South over 300 and higher
        "rook-14": Case(
            GameEnd("West", 12345, 250, 280),
            ("North-South", 355),
            ("nobody", 355),
            0.5,
            ("North-South", "355"),
        ),
        # the Rook cut highest: Raj (East) deals first, then Eli, Oli and Ana; East-West
        # exchange seats (Raj and Oli), and the player on Ana's left is now Oli
        "rook-15": Case(
            Swap(_FOUR, ("Y9", "Rook", "G14", "B5"), "east-west", 20000),
            ("Raj", "Oli"),
            ("Raj", "Raj"),
            0.5,
            ("Raj", 5),
        ),
        # Golf: Ana wins eight holes but totals 20, Raj 8: Raj; Rook: both over 300,
        # North-South higher
        "review-1": Case(
            Sheets(
                ("Ana", "Raj"),
                ((20, 0, 0, 0, 0, 0, 0, 0, 0), (0, 1, 1, 1, 1, 1, 1, 1, 1)),
                (310, 305),
            ),
            ("Raj", "North-South"),
            ("Ana", "North-South"),
            0.5,
            ("Raj", 310),
        ),
        # Golf is for 2 to 4, Go Fish for 2 to 6, Rook for exactly 4
        "review-2": Case(
            Groups(
                (
                    Group("A", "golf", ("Ana", "Raj", "Eli", "Oli", "Kai")),
                    Group("B", "go-fish", ("Ana", "Raj", "Eli", "Oli", "Kai", "Fay")),
                    Group("C", "rook", ("Ana", "Raj", "Eli")),
                    Group("D", "rook", _FOUR),
                )
            ),
            {"A": "GOLF-DECK", "B": "legal", "C": "ROOK-TEAMS", "D": "legal"},
            {"A": "GOLF-DECK", "B": "GF-PLAYERS", "C": "ROOK-TEAMS", "D": "legal"},
            0.75,
            "legal",
        ),
    }
)


CASES.update(
    {
        # Bicycle plays on after the stock is gone until all thirteen books are made
        # (GF-END-ALL-BOOKS), Pagat stops when a hand or the stock runs out: Bicycle's game is
        # the longer.  The prediction (pagat) is wrong, and earns its share all the same.
        "gf-lab": Case(
            Study("go-fish", ("pagat", "bicycle"), "decisions", True, "the longer game", 1),
            ("pagat", "bicycle"),
            ("bicycle", "pagat"),
            0.5,
            ("pagat", 57),
        ),
        # the extra flip turns a card up at every stock card thrown away, so a layout is all
        # face up sooner and GOLF-END ends the hole sooner: fewer turns
        "golf-lab": Case(
            Study(
                "golf", ("bicycle-pagat", "extra_flip=true"), "turns", False, "the shorter hole", 2
            ),
            ("extra_flip=true", "extra_flip=true"),
            ("extra_flip=true", "bicycle-pagat"),
            0.5,
            "extra_flip=true",
        ),
    }
)


def answer(exercise_id: str, which: str) -> Any:
    """The case's ``right``, ``wrong`` or ``bad_form`` answer (a widget played as it says)."""
    return _answer(getattr(CASES[exercise_id], which))
