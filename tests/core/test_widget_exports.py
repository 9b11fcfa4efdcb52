"""Every widget that starts from a position exports, with Save, an example that ``cardlib
check`` passes, from any position it accepts (issue 19): a property test over positions,
not only over fresh deals.

* A Rook ``BiddingPanel`` is given hands played some way from a deal by any dealer (mid
  auction, at the nest, in the tricks, thrown in, over), and hands set up after the auction.
* A Go Fish ``AskSandbox`` is given scenarios dealt at random (any number of players, some
  books laid, some stock, any player to ask).

Where a position cannot be saved (a Rook hand set up with the nest already picked up: the
cards the bidder was dealt are not known) Save says so in one line, never as a fault.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from cardlib.cards import standard_deck
from cardlib.check import check_file
from cardlib.errors import CardlibError, ExportError
from cardlib.gofish import GoFishOptions
from cardlib.gofish.article import Scenario
from cardlib.gofish.widgets import AskSandbox
from cardlib.rook import RookHand, RookOptions
from cardlib.rook.widgets import BiddingPanel

SEATS = ("North", "East", "South", "West")
FAULT = "Something went wrong inside cardlib"


def _saved_and_checked(widget, folder: Path) -> str:
    """Save the widget's game with its Save button and check the file; the status shown."""
    widget.folder.value = str(folder)
    widget.save_button.click()
    shown = widget.status.value
    assert FAULT not in shown, shown
    assert widget.saved is not None and "Saved as" in shown, shown
    (report,) = check_file(widget.saved)
    assert report.passed, [str(p) for p in report.problems]
    return widget.saved.read_text()


# -- Rook ---------------------------------------------------------------------------------


def _rook_move(hand: RookHand, rng: random.Random) -> str:
    if hand.phase == "nest":
        held = hand.hand_of(hand.to_move or "")
        return "lay aside " + " ".join(str(c) for c in rng.sample(held, 5))
    return str(rng.choice(list(hand.legal_moves())))


def _played_from_a_deal(seed: int) -> RookHand:
    rng = random.Random(seed)
    options = RookOptions(all_pass=rng.choice([None, "redeal", "dealer-takes-70"]))
    hand = RookHand(SEATS, seed=seed, dealer=rng.choice(SEATS), options=options)
    for _ in range(rng.choice([0, 1, 2, 3, 4, 6, 9, 14, 25, 60])):
        if hand.is_over:
            break
        hand.play(_rook_move(hand, rng))
    return hand


@pytest.mark.parametrize("seed", range(60))
def test_a_bidding_panel_over_a_hand_played_from_any_deal_saves_an_example_that_passes(
    seed, tmp_path
):
    hand = _played_from_a_deal(seed)
    panel = BiddingPanel(hand.copy())
    rng = random.Random(-seed)
    for _ in range(rng.randrange(4)):  # the learner's own bids and passes, legal or not
        if rng.random() < 0.5:
            panel.bid(rng.choice(range(65, 130, 5)))
        else:
            panel.pass_()
    text = _saved_and_checked(panel, tmp_path)
    if hand.dealer != SEATS[-1]:
        assert f"dealer: {hand.dealer}" in text  # the replay starts from the dealer's left
    if hand.history:
        # the moves the hand had made before the panel got it are replayed from its deal
        first_player, first_move = hand.history[0]
        assert f"{first_player}: {first_move}" in text


@pytest.mark.parametrize("seed", range(20))
def test_a_bidding_panel_over_a_hand_set_up_after_the_exchange_saves_the_tricks(seed, tmp_path):
    """A position with the contract and trump named: Save gives that position and the
    cards played since."""
    rng = random.Random(seed)
    dealt = RookHand(SEATS, seed=seed, dealer=rng.choice(SEATS))
    hand = RookHand.from_position(
        SEATS,
        dealt.hands,
        dealt.nest,
        bid=(rng.choice(SEATS), rng.choice(range(70, 125, 5))),
        trump=rng.choice(["red", "yellow", "black", "green"]),
        dealer=dealt.dealer,
    )
    for _ in range(rng.randrange(12)):
        hand.play(_rook_move(hand, rng))
    _saved_and_checked(BiddingPanel(hand), tmp_path)


@pytest.mark.parametrize("seed", range(60))
def test_a_bidding_panel_suggests_only_bids_and_passes(seed):
    """A widget never suggests a move it has no control for: after the auction the panel's
    refusals say what comes next, not "lay aside" or "trump" as moves to make here."""
    panel = BiddingPanel(_played_from_a_deal(seed))
    for tried in (panel.pass_, lambda: panel.bid(70), lambda: panel.bid(125)):
        tried()
        refusal = panel.session.refusal
        if refusal is None:
            continue
        for move in refusal.instead:
            assert move.startswith(("bid ", "pass", "none with these controls")), move
        if panel.hand.phase != "bid" and not panel.hand.is_over:
            assert refusal.instead[0].startswith("none with these controls: what comes next")


def test_a_hand_set_up_at_the_nest_cannot_be_saved_and_save_says_why_in_one_line(tmp_path):
    dealt = RookHand(SEATS, seed=4)
    hand = RookHand.from_position(SEATS, dealt.hands, dealt.nest, bid=("East", 90))
    panel = BiddingPanel(hand)
    with pytest.raises(ExportError, match="the cards the bidder was dealt are not known"):
        panel.to_example()
    panel.folder.value = str(tmp_path)
    panel.save_button.click()
    shown = panel.status.value
    assert "This game cannot be saved as a worked example" in shown and FAULT not in shown
    assert list(tmp_path.iterdir()) == []


# -- Go Fish ------------------------------------------------------------------------------

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def _scenario(seed: int) -> Scenario:
    """A position dealt at random: two to five players, some books, some stock."""
    rng = random.Random(seed)
    players = ["Ann", "Ben", "Cy", "Di", "Ed"][: rng.randint(2, 5)]
    ranks = RANKS[:]
    rng.shuffle(ranks)
    booked = ranks[: rng.randint(0, 4)]
    cards = [str(c) for c in standard_deck() if str(c)[:-1] not in booked]
    rng.shuffle(cards)
    hands = {p: [cards.pop() for _ in range(rng.randint(1, 6))] for p in players}
    books: dict[str, list[str]] = {}
    for rank in booked:
        books.setdefault(rng.choice(players), []).append(rank)
    stock = cards[: rng.randint(0, 10)]
    return Scenario(hands=hands, stock=stock, books=books, to_move=rng.choice(players))


@pytest.mark.parametrize("seed", range(40))
def test_an_ask_sandbox_from_any_scenario_it_accepts_saves_an_example_that_passes(seed, tmp_path):
    scenario = _scenario(seed)
    rule_set = ["pagat", "bicycle", "gamerules"][seed % 3]
    try:
        scenario.game(GoFishOptions(rule_set=rule_set))
    except CardlibError:
        pytest.skip("a position the rules refuse: the sandbox is never built on it")
    sandbox = AskSandbox(scenario, rule_set=rule_set)
    rng = random.Random(seed)
    for _ in range(rng.randrange(8)):
        game = sandbox.session.game
        if game.is_over:
            break
        sandbox.target.value = rng.choice([p for p in game.players if p != game.to_move])
        options = [v for _, v in sandbox._what_dropdown().options]
        sandbox._what_dropdown().value = rng.choice(options) if options else None
        sandbox.ask_button.click()
        assert FAULT not in sandbox.status.value, sandbox.status.value
    _saved_and_checked(sandbox, tmp_path)
