"""The Rook widgets, driven as a learner would: choose, click, read ``.text`` and the HTML."""

from __future__ import annotations

import html
import random
import re

import ipywidgets
import pytest

from cardlib.rook import DEFAULT_PLAYERS, RookHand, RookOptions, simple_bot
from cardlib.rook.cards import RookCard
from cardlib.rook.widgets import (
    ARTICLE_TRICKS,
    BiddingPanel,
    RookTable,
    TrickTrainer,
    article_deal,
    article_play,
)


def shown(widget_html: str) -> str:
    """The text a learner reads: tags dropped, entities decoded, spaces collapsed."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", widget_html)).split())


# -- BiddingPanel -------------------------------------------------------------------


def test_bidding_panel_offers_only_legal_bids_and_replays_the_article_auction():
    panel = BiddingPanel()
    assert "cardlib-rook-bidding" in panel._dom_classes
    assert "cardlib-status" in panel.status._dom_classes
    assert [v for _label, v in panel.amount.options] == list(range(70, 125, 5))
    for amount in (70, 75, None, 80, 85, None, 90, 95, None):  # None: pass
        if amount is None:
            panel.pass_button.click()
        else:
            assert amount in [v for _l, v in panel.amount.options]
            panel.amount.value = amount
            panel.bid_button.click()
        if panel.hand.phase == "bid":  # after each bid, nothing at or below it is offered
            assert min(v for _l, v in panel.amount.options) == panel.hand.high_bid + 5
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
    assert panel.bid_button.disabled and panel.pass_button.disabled
    assert "North: bid 95" in shown(panel.status.value)


def test_bidding_panel_refusal_shows_the_rule_and_the_engines_reason():
    panel = BiddingPanel()
    panel.bid(70)
    assert not panel.bid(70)  # East repeats 70: not a raise
    assert "Refused: ROOK-BID-RAISE (Each bid raises by at least 5): East cannot bid 70" in (
        panel.text
    )
    assert "Refused: ROOK-BID-RAISE" in shown(panel.status.value)
    assert panel.auction == ["North: bid 70"] and panel.hand.to_move == "East"
    assert not panel.bid(72)
    assert "ROOK-BID-MIN" in panel.text and "multiples of 5" in panel.text
    assert panel.bid(75) and "Refused" not in panel.text  # a legal move clears the refusal
    panel.reset_button.click()
    assert panel.auction == [] and panel.hand.to_move == "North" and "no bids yet" in panel.text


def test_bidding_panel_all_pass_without_a_house_rule_refuses_the_fourth_pass():
    panel = BiddingPanel()
    for _ in range(3):
        assert panel.pass_()
    assert "passing is not allowed: ROOK-ALL-PASS" in panel.text
    assert not panel.pass_()
    assert "Refused: ROOK-ALL-PASS" in panel.text and panel.hand.to_move == "West"
    redeal = BiddingPanel(RookHand(seed=3, options=RookOptions(all_pass="redeal")))
    for _ in range(4):
        assert redeal.pass_()
    assert redeal.text.startswith("All four passed: the cards are thrown in")
    assert not redeal.bid(70) and "ROOK-ALL-PASS" in redeal.text


def test_bidding_panel_after_the_auction_refuses_a_bid():
    panel = BiddingPanel(RookHand.from_position(DEFAULT_PLAYERS, {}, bid=("North", 80)))
    assert panel.amount.options == () and panel.bid_button.disabled
    assert not panel.bid()
    assert "Refused: ROOK-BID-WIN" in panel.text


# -- TrickTrainer -------------------------------------------------------------------


def test_trick_trainer_starts_on_the_article_hand_with_one_button_per_card():
    trainer = TrickTrainer()  # East
    assert "cardlib-rook-trainer" in trainer._dom_classes
    assert "cardlib-status" in trainer.status._dom_classes
    assert [b.description for b in trainer.buttons] == [
        str(c) for c in article_play().hand_of("East")
    ]
    assert trainer.hand.current_trick == [("North", RookCard.parse("Y10"))]
    assert trainer.text.startswith("Trick 1 so far: North Y10; North is winning with Y10")
    assert "(The article plays Y5 here.)" in trainer.text


def test_trick_trainer_refuses_a_plain_trump_when_east_must_follow_yellow():
    trainer = TrickTrainer()
    trainer.button("Y5").click()  # trick 1 as in the article; South, West, then trick 2 begins
    assert "trick 1 to South with Y12, counters 15" in trainer.text
    assert trainer.text.startswith("Trick 2 so far: South Y13, West Y8, North G6")
    before = trainer.hand.hand_of("East")
    trainer.button("G12").click()
    assert "Refused: ROOK-FOLLOW (Follow the colour led): East holds Y7 and must follow yellow" in (
        trainer.text
    )
    assert "must follow yellow" in shown(trainer.status.value)
    assert trainer.hand.hand_of("East") == before  # nothing was played
    trainer.button("Y7").click()
    assert "Refused" not in trainer.text
    assert "trick 2 to North with G6 (trump), counters 0" in shown(trainer.status.value)


def test_trick_trainer_following_the_article_replays_the_whole_hand():
    for seat in ("North", "East", "South", "West"):
        trainer = TrickTrainer(seat)
        for trick in ARTICLE_TRICKS:
            if not trainer.hand.is_over:
                trainer.button(dict(trick)[seat]).click()
        assert trainer.hand.is_over, seat
        assert [t.winner for t in trainer.hand.tricks] == [
            t.winner for t in _article_hand_played().tricks
        ]
        assert trainer.text.startswith("The hand is over: North-South bid 95 and took 120")
        assert all(b.disabled for b in trainer.buttons)


def _article_hand_played() -> RookHand:
    hand = article_play()
    for trick in ARTICLE_TRICKS:
        for player, card in trick:
            hand.play(f"play {card}", player=player)
    return hand


def test_trick_trainer_leaving_the_article_play_still_gives_legal_play_and_restart():
    trainer = TrickTrainer("North")
    assert trainer.play("Rook")  # North leads the bird at once, not the article's Y10
    assert trainer.hand.tricks[0].winner == "North"
    assert "trick 1 to North with Rook" in trainer.text
    while not trainer.hand.is_over:  # every card the bots chose was legal (the engine checked)
        legal = [m.card for m in trainer.hand.legal_moves()]
        assert trainer.play(legal[0])
    assert sum(trainer.hand.counters_taken().values()) == 120
    trainer.restart_button.click()
    assert trainer.hand.tricks == [] and len(trainer.buttons) == 9


# -- RookTable ----------------------------------------------------------------------


def _play_out(table: RookTable, rng: random.Random, bid: bool) -> None:
    """Play a hand through the table's own controls, choosing as the engine's bot would."""
    for _ in range(80):
        hand = table.hand
        if hand.is_over:
            return
        if hand.phase == "bid":
            if bid and table.amount.options:
                table.amount.value = table.amount.options[0][1]
                table.bid_button.click()
            else:
                table.pass_button.click()
        elif hand.phase == "nest":
            keep = {str(c) for c in simple_bot(hand, rng).cards}
            for toggle in table.cards.children:
                toggle.value = toggle.description in keep
            table.lay_aside_button.click()
        elif hand.phase == "trump":
            table.trump_buttons[next(iter(table.trump_buttons))].click()
        else:
            legal = {str(m.card) for m in hand.legal_moves()}
            next(b for b in table.cards.children if b.description in legal).click()
    raise AssertionError(table.text)


@pytest.mark.parametrize("seed", [1, 2, 5])
def test_rook_table_plays_a_whole_hand_from_the_auction_to_the_score(seed):
    table = RookTable(seed=seed)
    assert "cardlib-rook-table" in table._dom_classes
    assert "cardlib-status" in table.status._dom_classes
    assert table.hand.to_move == "South" and table.text.startswith("Your turn: South to bid")
    assert 'title="face-down card"' in table.table.value  # the bots' cards are hidden
    _play_out(table, random.Random(seed), bid=True)
    assert table.hand.is_over and "The hand is over" in table.text
    points = table.hand.result().teams
    assert f"+{points['NS']}" in table.text or f"-{table.hand.bid}" in table.text
    table.new_button.click()
    assert table.seed == seed + 1 and not table.hand.is_over and table.hand.log[-1].player


def test_rook_table_refuses_a_wrong_exchange_and_an_illegal_card_with_their_rules():
    table = RookTable(seed=1)
    table.amount.value = 120
    table.bid_button.click()  # nobody outbids 120: South takes the nest
    assert table.hand.bidder == "South" and len(table.cards.children) == 14
    table.cards.children[0].value = True
    table.lay_aside_button.click()
    assert "Refused: ROOK-NEST-TAKE" in table.text and "not 1" in table.text
    for toggle in table.cards.children[:5]:
        toggle.value = True
    table.lay_aside_button.click()
    assert table.hand.phase == "trump" and "Refused" not in table.text
    table.trump_buttons[next(iter(table.trump_buttons))].click()
    hand = table.hand  # North, on the dealer's left, led; the bots played up to South
    assert hand.to_move == "South" and len(hand.current_trick) == 2
    held = hand.hand_of("South")
    illegal = [c for c in held if f"play {c}" not in hand.legal_moves()]
    assert illegal, "this seed gives South a card that may not follow"
    next(b for b in table.cards.children if b.description == str(illegal[0])).click()
    assert re.search(r"Refused: ROOK-(FOLLOW|BIRD-LEAD|BIRD-FORCED) ", table.text), table.text
    assert hand.hand_of("South") == held


def test_the_article_deal_helpers_agree_with_the_article():
    deal = article_deal()
    assert deal.to_move == "North" and deal.dealer == "West"
    play = article_play()
    assert play.trump.word == "green" and play.bid == 95 and play.to_move == "North"
    assert sorted(map(str, play.nest)) == sorted(["R6", "R7", "R11", "B11", "R5"])


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


# -- clicks never raise (issue 11) ----------------------------------------------------------


def test_rook_table_bid_button_bids_the_amount_shown():
    table = RookTable(seed=3, you="East")
    assert table.amount.value == table.amount.options[0][1]
    before = len(table.hand.log)
    table.bid_button.click()
    assert "bid None" not in table.text and len(table.hand.log) > before


def _fatal_callbacks(monkeypatch):
    """Make a handler's exception fail the test (ipywidgets would only log it)."""
    import ipywidgets

    def run(self, *args, **kwargs):
        for callback in self.callbacks:
            callback(*args, **kwargs)

    monkeypatch.setattr(ipywidgets.CallbackDispatcher, "__call__", run)


@pytest.mark.parametrize("seed", range(6))
def test_random_clicks_never_raise(monkeypatch, seed):
    _fatal_callbacks(monkeypatch)
    rng = random.Random(seed)
    widgets = [
        RookTable(seed=seed, you=rng.choice(["North", "East", "South", "West"])),
        BiddingPanel(),
        TrickTrainer(rng.choice(["North", "East", "South", "West"])),
    ]
    for _ in range(150):
        widget = rng.choice(widgets)
        buttons = [b for b in _buttons(widget) if not getattr(b, "disabled", False)]
        if not buttons:
            continue
        button = rng.choice(buttons)
        if isinstance(button, ipywidgets.ToggleButton):
            button.value = not button.value
        else:
            button.click()
        assert isinstance(widget.text, str)


def _buttons(widget):
    found = []
    stack = [widget]
    while stack:
        w = stack.pop()
        if isinstance(w, ipywidgets.Button | ipywidgets.ToggleButton):
            found.append(w)
        stack.extend(getattr(w, "children", ()))
    if isinstance(widget, RookTable):
        found += [widget.bid_button, widget.pass_button, widget.lay_aside_button, widget.new_button]
        found += list(widget.trump_buttons.values())
    return found
