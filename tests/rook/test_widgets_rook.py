"""The Rook widgets, driven as a learner would: click the cards, the bid chips and the
colours, read ``.text`` and the HTML; every game played is exported and checked."""

from __future__ import annotations

import random
import re

import pytest

from cardlib.check import check_file
from cardlib.rook import DEFAULT_PLAYERS, RookHand, RookMove, RookOptions, simple_bot
from cardlib.rook.article import ARTICLE_TRICKS, article_deal, article_play
from cardlib.rook.cards import RookCard
from cardlib.rook.widgets import AMOUNTS, BiddingPanel, RookTable, TrickTrainer, learner_words
from tests.support.widgets import changed_number_fails_at_its_line, checked, shown

# -- BiddingPanel -------------------------------------------------------------------


def test_bidding_panel_chips_offer_every_amount_and_replay_the_article_auction():
    panel = BiddingPanel()
    assert "cardlib-rook-bidding" in panel._dom_classes
    assert "cardlib-status" in panel.status._dom_classes
    assert list(panel.bid_chips) == list(AMOUNTS) == list(range(70, 125, 5))
    assert [v for _label, v in panel.amount.options] == list(AMOUNTS)  # illegal ones too
    for amount in (70, 75, None, 80, 85, None, 90, 95, None):  # None: pass
        (panel.pass_button if amount is None else panel.bid_chips[amount]).click()
        assert panel.session.refusal is None, panel.text
    assert panel.hand.bidder == "North" and panel.hand.bid == 95
    assert panel.auction == [
        "North: bid 70",
        "East: bid 75",
        "South: pass",
        "West: bid 80",
        "North: bid 85",
        "East: pass",
        "West: bid 90",
        "North: bid 95",
        "West: pass",
    ]
    assert panel.text.startswith("North won the auction at 95: North-South must take at least 95")
    assert "North: bid 95" in shown(panel.status.value)


def test_bidding_panel_dropdown_and_bid_button_as_the_notebook_uses_them():
    panel = BiddingPanel()
    panel.amount.value = 70
    panel.bid_button.click()
    assert (
        panel.text == "East to bid; the bid stands at 70: bid 75 to 120, or pass.\n- North: bid 70"
    )
    assert panel.amount.value == 75  # the lowest legal bid is preselected


def test_bidding_panel_refusal_shows_the_rule_the_reason_and_what_is_legal():
    panel = BiddingPanel()
    panel.bid_chips[70].click()
    panel.bid_chips[70].click()  # East repeats 70: not a raise, but still clickable
    assert (
        "Refused: bid 70 -- ROOK-BID-RAISE (Each bid raises by at least 5): East cannot bid 70"
        in panel.text
    )
    assert "Legal instead: bid 75 to 120, pass." in panel.text
    assert '<div class="cardlib-refusal" role="alert"><b>Refused: bid 70</b>' in panel.status.value
    assert panel.auction == ["North: bid 70"] and panel.hand.to_move == "East"
    assert not panel.bid(72)
    assert "ROOK-BID-MIN" in panel.text and "multiples of 5" in panel.text
    assert panel.bid(75) and "Refused" not in panel.text  # a legal move clears the refusal
    panel.reset_button.click()
    assert panel.auction == [] and panel.hand.to_move == "North" and "no bids yet" in panel.text


def test_bidding_panel_fourth_pass_is_refused_in_words_without_python():
    panel = BiddingPanel()
    for _ in range(3):
        panel.pass_button.click()
    assert "passing is not allowed: ROOK-ALL-PASS" in panel.text
    panel.pass_button.click()
    assert "Refused: pass -- ROOK-ALL-PASS" in panel.text and panel.hand.to_move == "West"
    assert "RookOptions" not in panel.text and "RookOptions" not in panel.status.value
    assert "a house rule for four passes" in panel.text
    assert "Legal instead: bid 70 to 120." in panel.text
    redeal = BiddingPanel(RookHand(seed=3, options=RookOptions(all_pass="redeal")))
    for _ in range(4):
        assert redeal.pass_()
    assert redeal.text.startswith("All four passed: the cards are thrown in")
    assert not redeal.bid(70) and "ROOK-ALL-PASS" in redeal.text
    assert "Legal instead: no move is legal now." in redeal.text


def test_bidding_panel_after_the_auction_refuses_a_bid_and_a_pass():
    panel = BiddingPanel(RookHand.from_position(DEFAULT_PLAYERS, {}, bid=("North", 80)))
    panel.bid_chips[85].click()
    assert "Refused: bid 85 -- ROOK-BID-WIN" in panel.text
    # the panel has no control to lay cards aside: it says what comes next, not a move
    assert "Legal instead: none with these controls: what comes next is laying five" in panel.text
    assert "lay aside any 5" not in panel.text
    panel.pass_button.click()
    assert "Refused: pass -- ROOK-BID-WIN" in panel.text


def test_bidding_panel_show_legal_undo_and_export(tmp_path):
    panel = BiddingPanel()
    panel.show_legal.value = True
    assert all(c.legal for c in panel.bid_chips.values()) and panel.pass_button.legal
    panel.bid_chips[90].click()
    assert [n for n, c in panel.bid_chips.items() if c.legal] == list(range(95, 125, 5))
    panel.undo_button.click()
    assert panel.auction == [] and panel.bid_chips[70].legal
    for move in ("bid 70", "pass", "pass", "bid 80", "pass"):
        panel.play(move)
    assert (panel.hand.bidder, panel.hand.bid) == ("West", 80)
    path = checked(panel, tmp_path)
    text = path.read_text(encoding="utf-8")
    assert "North: bid 70" in text and "bid: 80" in text
    changed_number_fails_at_its_line(path, r"bid: ")


# -- TrickTrainer -------------------------------------------------------------------


def test_trick_trainer_starts_on_the_article_hand_with_one_card_button_per_card():
    trainer = TrickTrainer()  # East
    assert "cardlib-rook-trainer" in trainer._dom_classes
    assert "cardlib-status" in trainer.status._dom_classes
    assert [str(b.value) for b in trainer.buttons] == [
        str(c) for c in article_play().hand_of("East")
    ]
    # drawn as the card pictures are: the number over the colour, a counter's points
    assert trainer.button("G10").description == "10\ngreen\n10 pts"
    assert trainer.button("G12").description == "12\ngreen"
    assert "2px solid #1e8449" in trainer.button("G12").layout.border
    assert trainer.button("G10").tooltip == "G10: green 10, 10 points"
    assert trainer.button("G12").tooltip == "G12: green 12"
    assert trainer.button("R9").tooltip == "R9: red 9"
    assert trainer.hand.current_trick == [("North", RookCard.parse("Y10"))]
    assert trainer.text.startswith("Trick 1 so far: North Y10; North is winning with Y10")
    assert "(The article plays Y5 here.)" in trainer.text
    assert "No trick finished yet" in trainer.summary.value


def test_trick_trainer_refuses_a_plain_trump_when_east_must_follow_yellow():
    trainer = TrickTrainer()
    trainer.button("Y5").click()  # trick 1 as in the article; South, West, then trick 2 begins
    assert "trick 1 to South with Y12, counters 15" in trainer.text
    assert trainer.text.startswith("Trick 2 so far: South Y13, West Y8, North G6")
    assert "cardlib-rook-history" in trainer.summary.value and "South, 15" in trainer.summary.value
    before = trainer.hand.hand_of("East")
    trainer.button("G12").click()
    assert (
        "Refused: play G12 -- ROOK-FOLLOW (Follow the colour led): East holds Y7 and must "
        "follow yellow" in trainer.text
    )
    assert "Legal instead: play the yellow 7 (play Y7)." in trainer.text
    assert "must follow yellow" in shown(trainer.status.value)
    assert trainer.hand.hand_of("East") == before  # nothing was played
    trainer.button("Y7").click()
    assert "Refused" not in trainer.text
    assert "trick 2 to North with G6 (trump), counters 0" in shown(trainer.status.value)


def test_trick_trainer_notebook_demo_text():
    trainer = TrickTrainer("East")
    trainer.button("G12").click()
    assert trainer.text == (
        "Trick 1 so far: North Y10; North is winning with Y10, counters 10; East to play. "
        "You (East) hold R9 R13 Y5 Y7 B6 B8 B13 G10 G12. (The article plays Y5 here.)\n"
        "Refused: play G12 -- ROOK-FOLLOW (Follow the colour led): East holds Y5 Y7 and must "
        "follow yellow; a plain trump (G12) does not excuse following, only the Rook does. "
        "Legal instead: play the yellow 5 (play Y5), play the yellow 7 (play Y7).\n"
        "- North leads Y10 [ROOK-LEAD]"
    )


def _article_hand_played() -> RookHand:
    hand = article_play()
    for trick in ARTICLE_TRICKS:
        for player, card in trick:
            hand.play(f"play {card}", player=player)
    return hand


@pytest.mark.parametrize("seat", ["North", "East", "South", "West"])
def test_trick_trainer_following_the_article_replays_the_whole_hand(seat, tmp_path):
    trainer = TrickTrainer(seat)
    for trick in ARTICLE_TRICKS:
        if not trainer.hand.is_over:
            trainer.button(dict(trick)[seat]).click()
    assert trainer.hand.is_over, seat
    assert trainer.hand.tricks == _article_hand_played().tricks
    assert trainer.text.startswith("The hand is over: North-South bid 95 and took 120")
    assert trainer.buttons == []
    assert "<b>120</b>" in trainer.summary.value  # North-South's counters drawn
    path = checked(trainer, tmp_path)
    assert "trump: green" in path.read_text(encoding="utf-8")
    changed_number_fails_at_its_line(path, r"counters: \{NS: ")


def test_trick_trainer_leaving_the_article_play_undo_and_restart():
    trainer = TrickTrainer("North")
    assert trainer.play("Rook")  # North leads the bird at once, not the article's Y10
    assert trainer.hand.tricks[0].winner == "North"
    assert "trick 1 to North with Rook" in trainer.text
    trainer.undo_button.click()
    assert trainer.hand.tricks == [] and len(trainer.buttons) == 9
    while not trainer.hand.is_over:  # every card the others chose was legal (the engine checked)
        legal = [m.card for m in trainer.session.legal()]
        assert trainer.play(legal[0])
    assert sum(trainer.hand.counters_taken().values()) == 120
    trainer.restart_button.click()
    assert trainer.hand.tricks == [] and len(trainer.buttons) == 9
    assert not hasattr(trainer, "new_button") or trainer.new_button not in trainer.children


def test_trick_trainer_show_legal_marks_the_cards_that_follow():
    trainer = TrickTrainer("East")
    trainer.show_legal.value = True
    assert {str(b.value) for b in trainer.buttons if b.legal} == {"Y5", "Y7"}
    trainer.show_legal.value = False
    assert not any(b.legal for b in trainer.buttons)


# -- RookTable ----------------------------------------------------------------------

OPTIONS = {
    "no-house-rule": None,
    "redeal": RookOptions(all_pass="redeal"),
    "dealer-takes-70": RookOptions(all_pass="dealer-takes-70"),
    "north-south-swap": RookOptions(seat_swap="north-south"),
}


def click_for(table: RookTable, move: RookMove) -> None:
    """Click the controls that make ``move``, as a learner would."""
    if move.kind == "bid":
        table.bid_chips[move.amount].click()
    elif move.kind == "pass":
        table.pass_button.click()
    elif move.kind == "lay aside":
        for card in move.cards:
            next(b for b in table.cards.children if b.value == card).click()
        table.lay_aside_button.click()
    elif move.kind == "trump":
        table.trump_buttons[move.colour].click()
    else:
        next(b for b in table.cards.children if b.value == move.card).click()


def play_out(table: RookTable, rng: random.Random, *, bid: bool | None = None) -> None:
    """Play the hand to its end through the table's controls: ``bid`` True bids the lowest,
    False passes when allowed, None chooses at random among the legal moves."""
    for _ in range(200):
        hand = table.hand
        if hand.is_over:
            return
        legal = table.session.legal()
        if hand.phase == "nest":
            move = simple_bot(hand.view(hand.to_move), rng)
        elif hand.phase == "bid" and bid is not None:
            bids = [m for m in legal if m.kind == "bid"]
            passes = [m for m in legal if m.kind == "pass"]
            move = bids[0] if (bid and bids) or not passes else passes[0]
        else:
            move = rng.choice(list(legal))
        before = len(table.session.steps)
        click_for(table, move)
        assert len(table.session.steps) > before and table.session.refusal is None, table.text
    raise AssertionError(table.text)


@pytest.mark.parametrize("name", OPTIONS)
@pytest.mark.parametrize("bid", [True, False])
def test_rook_table_plays_a_whole_hand_through_its_controls(name, bid, tmp_path):
    table = RookTable(seed=5, options=OPTIONS[name])
    assert "cardlib-rook-table" in table._dom_classes
    assert 'title="face-down card"' in table.table.value  # the bots' cards are hidden
    play_out(table, random.Random(5), bid=bid)
    assert table.hand.is_over
    if table.hand.thrown_in:
        assert "All four passed" in table.text
    else:
        assert "The hand is over" in table.text
        # the words say what the buttons do: New deal would deal the same number again
        assert "Click Next deal for another hand, or Restart to play this one again." in table.text
        points = table.hand.result().teams
        assert f"+{points['NS']}" in table.text or f"-{table.hand.bid}" in table.text
        assert "Counters taken (of 120)" in table.summary.value
        assert table.summary.value.count("<tr><td") == 9  # the nine tricks drawn
    checked(table, tmp_path)


def test_rook_table_every_kind_of_illegal_click_is_answered_and_changes_nothing():
    table = RookTable(seed=1)
    hand = table.hand
    tries = [
        (table.bid_chips[70], "ROOK-BID-RAISE"),  # the bid stands at 70
    ]
    for button, rule in tries:
        before = hand.describe()
        button.click()
        assert table.session.refusal.rule == rule and table.hand.describe() == before
    table.bid_chips[120].click()  # nobody outbids 120: South takes the nest
    assert table.hand.bidder == "South" and len(table.cards.children) == 14
    assert table.lay_aside_button in table.controls.children
    table.lay_aside_button.click()  # nothing chosen
    assert (
        "Refused: lay aside -- ROOK-NEST-TAKE" in table.text and "no card is chosen" in table.text
    )
    cards = list(table.cards.children)
    for b in cards[:4]:
        b.click()
    assert [b.selected for b in cards[:5]] == [True, True, True, True, False]
    assert "(4 chosen)" in table.text
    table.lay_aside_button.click()
    assert "Refused: lay aside" in table.text and "not 4" in table.text
    assert "lay aside any 5 of the 14 cards held" in table.text
    # the defect: a refused lay-aside kept the chosen cards; one more makes five
    assert [b.selected for b in table.cards.children[:4]] == [True] * 4
    assert len(table.chosen) == 4
    table.cards.children[4].click()
    table.lay_aside_button.click()
    assert table.hand.phase == "trump" and table.session.refusal is None, table.text
    assert table.play("bid 125") is False and table.session.refusal.rule == "ROOK-BID-WIN"
    assert table.play("play " + str(table.hand.hand_of("South")[0])) is False
    assert table.session.refusal.rule == "ROOK-TRUMP"
    table.trump_buttons[next(iter(table.trump_buttons))].click()
    hand = table.hand  # North, on the dealer's left, led; the bots played up to South
    assert hand.to_move == "South" and len(hand.current_trick) == 2
    assert table.play("trump red") is False and table.session.refusal.rule == "ROOK-TRUMP"
    held = hand.hand_of("South")
    illegal = [c for c in held if f"play {c}" not in hand.legal_moves()]
    assert illegal, "this seed gives South a card that may not follow"
    next(b for b in table.cards.children if b.value == illegal[0]).click()
    assert re.search(r"Refused: play \S+ -- ROOK-(FOLLOW|BIRD-LEAD|BIRD-FORCED) ", table.text)
    assert "Legal instead: play " in table.text
    assert hand.hand_of("South") == held


def test_new_hand_deals_the_number_given():
    # Undo, Restart and New deal are tests/core/test_game_widgets.py's, for every game
    table = RookTable(seed=1)
    table.new_hand(3)
    assert table.seed == 3 and table.seed_box.value == 3
    assert table.hand.describe() == RookTable(seed=3).hand.describe()


def test_rook_table_show_legal_marks_chips_and_cards():
    table = RookTable(seed=1)
    table.show_legal.value = True
    assert not table.bid_chips[70].legal and table.bid_chips[75].legal and table.pass_button.legal
    table.bid_chips[120].click()
    assert all(b.legal for b in table.cards.children)  # any five may be laid aside
    for b in list(table.cards.children)[:5]:
        b.click()
    table.lay_aside_button.click()
    assert all(c.legal for c in table.trump_buttons.values())


def test_rook_table_exports_a_hand_in_progress_and_a_changed_number_fails(tmp_path):
    table = RookTable(seed=4)
    play_out(table, random.Random(4), bid=True)
    path = checked(table, tmp_path)
    text = path.read_text(encoding="utf-8")
    assert "deal: {seed: 4}" in text and "South: " in text
    changed_number_fails_at_its_line(path, r"score: \{NS: ")


def test_the_bid_chips_and_trump_buttons_say_their_move():
    # every button having a name is tests/core/test_game_widgets.py's, for every game
    table = RookTable(seed=1)
    assert table.bid_chips[95].tooltip == "bid 95"
    assert table.trump_buttons[next(iter(table.trump_buttons))].tooltip.startswith("trump ")


def test_learner_words_hide_python():
    said = learner_words("or the table agrees RookOptions(all_pass='redeal' or 'dealer-takes-70')")
    assert "RookOptions" not in said and "(" in said


def test_the_article_deal_helpers_agree_with_the_article():
    deal = article_deal()
    assert deal.to_move == "North" and deal.dealer == "West"
    play = article_play()
    assert play.trump.word == "green" and play.bid == 95 and play.to_move == "North"
    assert sorted(map(str, play.nest)) == sorted(["R6", "R7", "R11", "B11", "R5"])


# -- a property: seeded random hands through the table's own controls -----------------


def test_seeded_random_hands_through_the_controls_export_and_check(tmp_path):
    """60 seeded hands, every move clicked at random among the legal ones (the house rules
    in turn, the learner at another seat for each), exported with the Save button and checked."""
    names = list(OPTIONS)
    for seed in range(60):
        table = RookTable(
            seed=seed, you=DEFAULT_PLAYERS[seed % 4], options=OPTIONS[names[seed % 4]]
        )
        play_out(table, random.Random(seed))
        table.folder.value = str(tmp_path)
        table.save_button.click()
        (report,) = check_file(table.saved)
        assert report.passed, (seed, [str(p) for p in report.problems])


# -- the pictures the widgets show ----------------------------------------------------


def test_cards_are_drawn_in_their_colours_and_the_bird_is_distinct():
    from cardlib.rook.cards import ROOK, Colour, rook_deck
    from cardlib.rook.render import COLOURS, nest_html, rook_card_html

    for card in rook_deck():
        picture = rook_card_html(card)
        assert f'title="{card}"' in picture and card._repr_html_() == picture
        if card is ROOK:
            assert "cardlib-rook-bird" in picture and ">Rook<" in picture
        else:
            ink, paper = COLOURS[card.colour]
            assert (
                f"cardlib-rook-{card.colour.word}" in picture
                and ink in picture
                and paper in picture
            )
        assert (f"{card.points} pts" in picture) == bool(card.points)
    assert len({ink for ink, _paper in COLOURS.values()}) == len(Colour) == 4
    assert "cardlib-back" in nest_html(article_deal().nest)  # the nest lies face down
    assert 'title="Y10"' in nest_html(article_deal().nest, face_up=True)


def test_a_hand_is_drawn_the_same_way_every_time_and_shows_the_trick():
    hand = article_play()
    hand.play("play Y10")
    picture = hand._repr_html_()
    again = article_play()
    again.play("play Y10")
    assert again._repr_html_() == picture  # deterministic: no ids, no timestamps
    assert "cardlib-rook-trick" in picture and "Trick 1" in picture
    assert "trump: <b" in picture and "green</b>" in picture and "East to play." in picture
    assert not re.search(r"\bid=|0x[0-9a-f]{6,}", picture)


# -- nothing chosen, one bid left: said in words ------------------------


def _click(button) -> None:
    """Run a button's click handlers directly, so that an exception would reach the test."""
    for handler in button._click_handlers.callbacks:
        handler(button)


def test_bidding_panel_with_one_bid_left_names_it_once():
    panel = BiddingPanel()
    for amount in range(70, 120, 5):
        panel.bid_chips[amount].click()
    assert panel.text.splitlines()[0] == "South to bid; the bid stands at 115: bid 120, or pass."
    assert "Legal instead" not in panel.text


def test_bidding_panel_with_no_amount_chosen_says_so_and_bids_nothing():
    panel = BiddingPanel()
    panel.amount.value = None
    _click(panel.bid_button)
    assert panel.text.splitlines()[1] == (
        "Choose an amount to bid first: click a bid or use the Bid box."
    )
    assert panel.session.refusal is None and panel.auction == []
    assert "None" not in panel.text and "INPUT-MOVE" not in panel.text
    assert panel.amount.value == 70  # the lowest legal bid is chosen again
    panel.amount.value = None
    assert panel.bid() is False and "Choose an amount" in panel.text


def test_the_learners_cards_are_drawn_once_as_buttons_and_the_history_fits_its_points():
    table = RookTable(seed=1)
    assert "9 cards: the buttons below" in table.table.value
    for card in table.hand.hand_of("South"):
        assert f'title="{card}"' not in table.table.value
    assert [b.value for b in table.cards.children] == table.hand.hand_of("South")
    trainer = TrickTrainer("East")
    trainer.button("Y5").click()
    history = trainer.summary.value
    # 36 px cards: "10 pts" in 8 px type fits (at 24 px it overflowed the card)
    assert "width:36px" in history and "width:24px" not in history and "10 pts" in history


def test_a_computer_players_nest_and_hand_are_not_told_until_the_hand_is_over():
    """Issue 28's repro: after South's pass West won the auction, and the status listed the
    nest West picked up and the hand West kept, while the same cards were drawn face down."""
    table = RookTable(seed=1)
    table.pass_button.click()
    hand = table.hand
    assert hand.bidder == "West" and hand.phase == "play"
    assert "West picks up the nest and lays five cards aside" in table.text
    assert "West lays five cards aside as the new nest" in table.text
    hidden = [c for p in ("North", "East", "West") for c in hand.hand_of(p)] + list(hand.nest)
    shown = " ".join([table.text, table.table.value, table.summary.value])
    assert [str(c) for c in hidden if re.search(rf"\b{c}\b", shown)] == []
    # the worked example is the game's record, not the seat's: West's lay-aside is in it
    (laid,) = [s.move for s in table.session.steps if s.move.startswith("lay aside ")]
    assert laid in table.to_example()
    while not hand.is_over:  # at the end the whole story is told: the nest, the hand kept
        table.play(table.session.legal()[0])
    assert any("West picks up the nest (" in line for line in table.session.log)
    assert table.session.log == [s.event.text for s in table.session.steps]
    assert "cardlib-back" not in table.table.value  # the nest is turned up with the last trick
