"""The Golf widgets, driven as a learner would: set values and click, then read what they show."""

from __future__ import annotations

import random
import re

import pytest

from cardlib.check import check_file
from cardlib.golf import GolfMove, GolfOptions, Position, turn
from cardlib.golf.moves import DISCARD
from cardlib.widgets import GolfTable, LayoutScorer


def score_shown(table: GolfTable) -> int:
    m = re.search(r"Your score so far: (-?\d+)", table.status.value)
    assert m, table.status.value
    return int(m.group(1))


def test_scorer_starts_on_the_article_layout_and_updates_when_a_card_changes():
    scorer = LayoutScorer()
    assert "Total: 9" in scorer.result.value and "pair of 8s" in scorer.result.value
    scorer.pickers[Position.BL].value = "QC"
    assert "Total: 27" in scorer.result.value and "<b>18</b>" in scorer.result.value


def test_scorer_explains_j_over_q_and_two_twos():
    scorer = LayoutScorer(["JH", "2S", "5C", "QS", "2H", "KD"])
    html = scorer.result.value
    assert "<b>20</b>" in html and "not the same rank" in html
    assert "two 2s pair: 0, not -4" in html and "GOLF-PAIR-TWOS" in html
    assert "Total: 25" in html


def test_scorer_refuses_a_card_chosen_twice():
    scorer = LayoutScorer()
    scorer.pickers[Position.TR].value = "8H"
    assert "GOLF-DECK" in scorer.result.value and "Total" not in scorer.result.value
    scorer.pickers[Position.TR].value = "AC"
    assert "Total: 9" in scorer.result.value


def test_table_flip_take_replace_updates_the_score_and_bots_answer():
    table = GolfTable(opponents=["Bot"], seed=1)
    game = table.game
    assert game.to_move == "Learner" and score_shown(table) == 0
    table.position_buttons[Position.TL].click()
    table.position_buttons[Position.BL].click()
    lay = game.layouts["Learner"]
    assert lay.up[Position.TL] and lay.up[Position.BL]
    assert score_shown(table) == game.visible_score("Learner") != 0
    # the bot turned its two as well, and it is the learner's turn to draw
    assert sum(game.layouts["Bot"].up) == 2 and game.phase == "draw"
    top = game.discard_top
    table.take_button.click()
    assert game.holding == top
    table.position_buttons[Position.TM].click()
    assert lay.cards[Position.TM] == top and lay.up[Position.TM]
    assert score_shown(table) == game.visible_score("Learner")
    assert "Learner puts" in table.status.value
    # the bot has played its turn, so it is the learner's again (or the hole is over)
    assert game.to_move in ("Learner", None)
    assert "Bot " in table.status.value


def test_table_plays_a_whole_hole_and_can_start_another():
    table = GolfTable(opponents=["Bot 1", "Bot 2"], seed=3)
    order = list(Position)
    for p in order[:2]:
        table.position_buttons[p].click()
    clicks = 0
    while not table.game.is_over and clicks < 400:
        table.draw_button.click()
        face_down = [p for p in order if not table.game.layouts["Learner"].up[p]]
        table.position_buttons[face_down[0] if face_down else Position.TL].click()
        clicks += 1
    assert table.game.is_over and "The hole is over (GOLF-END)" in table.status.value
    table.new_button.click()  # the Deal box unchanged: the same deal again, as it says
    assert not table.game.is_over and table.seed == 3 and table.game.phase == "flip"
    table.next_button.click()
    assert table.seed == table.seed_box.value == 4 and table.game.phase == "flip"


# -- the cards are the controls ------------------------------------------------------


RULE_SETS = {
    "reshuffle": GolfOptions(stock_out="reshuffle"),
    "end": GolfOptions(stock_out="end"),
    "extra-flip-last-turns": GolfOptions(stock_out="reshuffle", extra_flip=True, last_turns=True),
}


def click_for(table: GolfTable, move: GolfMove) -> None:
    """Click the control that makes ``move``, as a learner would."""
    if move.kind in ("flip", "replace"):
        table.position_buttons[move.position].click()
    elif move.kind == "draw":
        table.draw_button.click()
    else:
        assert move.kind in ("take", "discard"), f"no control makes {move}"
        table.take_button.click()


@pytest.mark.parametrize("name", RULE_SETS)
def test_a_whole_hole_against_the_computer_through_the_card_controls(name, tmp_path):
    table = GolfTable(opponents=["Bot 1", "Bot 2"], seed=5, options=RULE_SETS[name])
    assert "Column scores so far" in table.summary.value
    rng = random.Random(5)
    while not table.game.is_over:
        before = len(table.session.steps)
        click_for(table, rng.choice(table.session.legal()))
        assert len(table.session.steps) > before and table.session.refusal is None
    assert "The hole is over (GOLF-END)" in table.text
    # after the hole the pictures give the hole's scores, not the scores "so far" (issue 28)
    assert "The hole's scores" in table.summary.value and "so far" not in table.summary.value
    totals = re.findall(r"<td><b>(-?\d+)</b></td></tr>", table.summary.value)
    assert [int(t) for t in totals] == list(table.game.scores().values())
    (report,) = check_file(table.save(tmp_path))
    assert report.passed, [str(p) for p in report.problems]


def test_extra_flip_after_a_discard_is_made_by_clicking_a_face_down_card():
    table = GolfTable(seed=1, options=RULE_SETS["extra-flip-last-turns"])
    table.position_buttons[Position.TL].click()
    table.position_buttons[Position.TM].click()
    table.draw_button.click()
    table.take_button.click()  # holding a drawn card, the pile takes it: discard
    assert table.game.phase == "extra-flip" and "compulsory" in table.text
    table.position_buttons[Position.BR].click()
    assert table.session.refusal is None and table.game.layouts["Learner"].up[Position.BR]


def test_after_taking_the_discard_the_headline_does_not_offer_to_discard_it():
    table = GolfTable(seed=2)
    table.position_buttons[Position.TL].click()
    table.position_buttons[Position.TR].click()
    table.take_button.click()
    head = table.text.splitlines()[0]
    assert "or discard" not in head and "GOLF-TAKE-MUST-REPLACE" in head


def test_the_headline_says_what_the_engine_says_of_discarding_the_card_held():
    table = GolfTable(seed=2)
    table.position_buttons[Position.TL].click()
    table.position_buttons[Position.TR].click()
    top = table.game.discard_top
    table.take_button.click()
    refused = turn.refusal(table.game, "Learner", DISCARD)
    assert refused is not None and refused.rule == "GOLF-TAKE-MUST-REPLACE"
    head = table.text.splitlines()[0]
    assert f"Learner to place {top} (click a position): {refused.reason} " in head
    assert head.endswith("(GOLF-TAKE-MUST-REPLACE).")
    table.position_buttons[Position.BM].click()  # placed; the bot plays its turn
    table.draw_button.click()
    assert table.game.to_move == "Learner" and table.game.held_from == "stock"
    assert turn.refusal(table.game, "Learner", DISCARD) is None
    head = table.text.splitlines()[0]
    held = table.game.holding
    assert f"Learner to place {held} (click a position) or discard it (click the pile)." in head


def test_every_kind_of_illegal_click_is_answered_and_changes_nothing():
    table = GolfTable(seed=4, options=RULE_SETS["extra-flip-last-turns"])
    tries = [
        (table.draw_button, "GOLF-FLIP-TWO"),
        (table.take_button, "GOLF-FLIP-TWO"),
    ]
    for button, rule in tries:
        before = table.game.describe()
        button.click()
        assert table.session.refusal.rule == rule and table.game.describe() == before
    table.position_buttons[Position.TL].click()
    table.position_buttons[Position.TL].click()  # already face up
    assert table.session.refusal is not None and "Refused: flip TL" in table.text
    table.position_buttons[Position.TM].click()
    table.position_buttons[Position.BL].click()  # flipping a third: not in the draw phase
    assert table.session.refusal is not None
    assert "<b>Refused: replace BL</b>" in table.status.value


def test_show_legal_moves_marks_the_legal_cards():
    table = GolfTable(seed=3)
    table.show_legal.value = True
    assert all(b.legal for b in table.position_buttons.values())
    assert not table.draw_button.legal and not table.take_button.legal
    table.position_buttons[Position.TL].click()
    table.position_buttons[Position.TM].click()
    assert table.draw_button.legal and table.take_button.legal
    assert not table.position_buttons[Position.BL].legal


def test_to_example_is_a_checked_worked_example(tmp_path):
    table = GolfTable(seed=8)
    table.position_buttons[Position.TL].click()
    table.position_buttons[Position.BL].click()
    table.draw_button.click()
    table.position_buttons[Position.TR].click()
    text = table.to_example()
    assert "deal: {seed: 8}" in text and "Learner: replace TR" in text
    path = tmp_path / "g.yaml"
    path.write_text(text, encoding="utf-8")
    (report,) = check_file(path)
    assert report.passed


def test_every_card_control_says_its_place_and_face():
    # every button having a name is tests/core/test_game_widgets.py's, for every game
    table = GolfTable(seed=1)
    assert table.position_buttons[Position.TL].tooltip == "your top-left card: face down"


def test_the_scorer_cards_are_controls_and_its_dropdowns_are_wide_enough():
    scorer = LayoutScorer()
    assert all(p.layout.width == "150px" for p in scorer.pickers)
    scorer.card_buttons[Position.BL].click()
    assert scorer.card_buttons[Position.BL].selected
    queen = next(c for c in scorer.rank_chips if c.description == "Q")
    queen.click()
    clubs = next(c for c in scorer.suit_chips if c.description == "♣")
    clubs.click()
    assert str(scorer.cards[Position.BL]) == "QC" and "Total: 27" in scorer.result.value
    assert scorer.card_buttons[Position.BL].description == "Q\n♣"  # the rank over the suit


def test_seeded_random_holes_through_the_controls_export_and_check(tmp_path):
    """60 seeded holes, every move clicked at random among the legal ones (the option sets
    in turn, two or three players: each pairing ten times), saved with the Save button and
    checked."""
    names = list(RULE_SETS)
    for seed in range(60):
        opponents = ["Bot 1", "Bot 2"][: 1 + seed % 2]
        table = GolfTable(opponents=opponents, seed=seed, options=RULE_SETS[names[seed % 3]])
        rng = random.Random(seed)
        while not table.game.is_over:
            click_for(table, rng.choice(table.session.legal()))
            assert table.session.refusal is None
        table.folder.value = str(tmp_path)
        table.save_button.click()
        (report,) = check_file(table.saved)
        assert report.passed, (seed, [str(p) for p in report.problems])


# -- nothing chosen, a hole over: said in words ------------------------------------------


def _click(button) -> None:
    """Run a button's click handlers directly, so that an exception would reach the test."""
    for handler in button._click_handlers.callbacks:
        handler(button)


def test_scorer_with_a_place_left_without_a_card_says_so_and_never_raises():
    from cardlib.exercises import check, widget

    scorer = widget("golf-4")
    scorer.pickers[Position.TL].value = None  # the observer runs here: it must not raise
    missing = "No card is chosen: the top-left place has no card; choose one in its box."
    assert scorer.text == missing and missing in scorer.result.value
    assert scorer.card_buttons[Position.TL].description == "?"
    assert scorer.card_buttons[Position.TL].tooltip == "top-left: no card chosen"
    scorer.choose(Position.TL)
    _click(scorer.rank_chips[0])  # a rank for a place without a card
    assert scorer.text.splitlines() == [
        "The top-left place has no card yet: choose one in its box, then change its rank or suit.",
        missing,
    ]
    _click(scorer.suit_chips[0])
    _click(scorer.card_buttons[Position.BR])  # another place: the note is gone
    assert scorer.text == missing
    feedback = check("golf-4", scorer)
    assert feedback.kind == "form" and "top-left place has no card" in feedback.message
    for text in (scorer.text, scorer.result.value, feedback.message):
        assert "None" not in text and "Error" not in text and "went wrong" not in text
    scorer.pickers[Position.TL].value = "2C"
    assert "Total: " in scorer.result.value and "No card is chosen" not in scorer.text
    assert scorer.card_buttons[Position.TL].description == "2\n♣"
    _click(scorer.card_buttons[Position.TL])
    _click(scorer.rank_chips[-1])  # the top-left card is chosen: its rank changes
    assert scorer.pickers[Position.TL].value == "KC"


def test_the_end_of_a_hole_gives_the_learners_score_as_a_sentence():
    table = GolfTable(seed=6)
    rng = random.Random(6)
    while not table.game.is_over:
        click_for(table, rng.choice(table.session.legal()))
    scores = table.game.scores()
    head = table.text.splitlines()[0]
    assert head.startswith("The hole is over (GOLF-END). Scores: ")
    assert head.endswith(f". Your score: {scores['Learner']}.") and "so far" not in head


@pytest.mark.parametrize("seed", range(6, 10))
def test_the_end_of_a_hole_names_the_winners_of_the_engines_result(seed):
    table = GolfTable(opponents=["Bot 1", "Bot 2"], seed=seed)
    rng = random.Random(seed)
    while not table.game.is_over:
        click_for(table, rng.choice(table.session.legal()))
    result = table.game.result()
    head = table.text.splitlines()[0]
    listed = ", ".join(f"{p} {points}" for p, points in result.items())
    assert f"Scores: {listed}. Lowest: {' and '.join(result.winners)}. " in head


# -- what a learner sees must be true (issue 17) ----------------------------------------


def faces(table: GolfTable) -> list[tuple[str, bool]]:
    """Each of the learner's six buttons: (its label, face down?)."""
    return [
        (b.description, "cardlib-face-down" in b._dom_classes)
        for b in table.position_buttons.values()
    ]


def test_a_card_turned_back_down_never_keeps_its_face():
    """The browser keeps a button's old text when its label becomes "" (ipywidgets): a
    face-down card's label is never empty, so Restart, Undo and New deal hide the faces."""
    from cardlib.widgets.controls import BLANK

    table = GolfTable(seed=1)
    table.position_buttons[Position.TL].click()
    table.position_buttons[Position.TR].click()
    shown = [label for label, down in faces(table) if not down]
    assert len(shown) == 2 and all(label.strip() for label in shown)
    table.restart_button.click()
    assert faces(table) == [(BLANK, True)] * 6
    table.position_buttons[Position.TL].click()
    table.undo_button.click()
    assert faces(table) == [(BLANK, True)] * 6
    rng = random.Random(1)
    while not table.game.is_over:
        click_for(table, rng.choice(table.session.legal()))
    assert all(label.strip() and not down for label, down in faces(table))  # all shown
    table.new_button.click()
    assert faces(table) == [(BLANK, True)] * 6
    assert table.draw_button.description == BLANK and not table.draw_button.face_up


def test_taking_the_only_discard_leaves_an_empty_pile_that_says_so():
    table = GolfTable(seed=1)
    table.position_buttons[Position.TL].click()
    table.position_buttons[Position.TR].click()
    assert len(table.game.discard) == 1
    top = table.game.discard_top
    table.take_button.click()
    assert table.game.holding == top and not table.game.discard
    pile = table.take_button
    assert pile.description == "empty" and pile.tooltip == "the discard pile: empty"
    assert "cardlib-empty" in pile._dom_classes
    table.undo_button.click()
    assert "cardlib-empty" not in pile._dom_classes
    assert pile.description == f"{top.rank.symbol}\n{top.suit.symbol}"


def test_saved_as_is_shown_only_while_the_game_it_names_is_shown(tmp_path):
    table = GolfTable(seed=2)
    table.position_buttons[Position.TL].click()
    table.folder.value = str(tmp_path)
    table.save_button.click()
    assert "Saved as" in table.status.value and table.saved is not None
    table.draw_button.click()  # refused (one more card to turn): the same game
    assert "Saved as" in table.status.value
    table.undo_button.click()
    assert "Saved as" not in table.status.value
    table.position_buttons[Position.TL].click()
    table.save_button.click()
    table.restart_button.click()
    assert "Saved as" not in table.status.value
    table.position_buttons[Position.TL].click()
    table.save_button.click()
    table.position_buttons[Position.TR].click()  # another move: no longer the game saved
    assert "Saved as" not in table.status.value


def test_the_scorer_draws_its_cards_once_with_red_suits_in_red():
    from cardlib.widgets.controls import BLACK, RED

    scorer = LayoutScorer()
    assert 'class="cardlib-card' not in scorer.result.value  # the buttons are the cards
    colours = {c.description: c.style.text_color for c in scorer.suit_chips}
    assert colours == {"♣": BLACK, "♦": RED, "♥": RED, "♠": BLACK}


def test_new_deal_deals_the_number_in_the_box_and_next_deal_the_next():
    table = GolfTable(seed=17)
    table.position_buttons[Position.TL].click()
    table.new_button.click()
    assert table.seed == 17 and not table.session.steps and "seed 17" in table.text
    table.next_button.click()
    assert table.seed == table.seed_box.value == 18
    table.seed_box.value = 40
    table.next_button.click()  # the number shown plus one
    assert table.seed == table.seed_box.value == 41
    assert "the number shown" in table.new_button.tooltip


def test_save_answers_a_refusal_shown_before_it(tmp_path):
    """Issue 28, item 6: a "Refused" box stayed up after Save, as if saving were refused."""
    table = GolfTable(seed=2)
    table.draw_button.click()  # refused: two cards to turn first
    assert 'class="cardlib-refusal"' in table.status.value and "Refused: draw" in table.text
    table.folder.value = str(tmp_path)
    table.save_button.click()
    assert table.saved is not None and "Saved as" in table.status.value
    assert 'class="cardlib-refusal"' not in table.status.value and "Refused" not in table.text


def test_the_table_shows_what_the_learners_seat_sees_and_the_whole_hole_at_its_end():
    """Issue 28: the bot's face-down cards are backs in the pictures and the card it draws
    is not named until it is placed or discarded face up; at the end every card is shown,
    and the story of the whole hole is told."""
    table = GolfTable(seed=5)
    rng = random.Random(5)
    while not table.game.is_over:
        bot = table.game.layouts["Bot"]
        for card, up in zip(bot.cards, bot.up, strict=True):
            assert (f'title="{card}"' in table.table.value) == up
        click_for(table, rng.choice(table.session.legal()))
    assert "Bot draws a card from the stock" in " ".join(
        e.told_to("Learner").text for e in (s.event for s in table.session.steps)
    )
    bot = table.game.layouts["Bot"]
    assert all(f'title="{card}"' in table.table.value for card in bot.cards)
    whole = [s.event.text for s in table.session.steps]
    assert table.messages[1:] == whole  # the hole's whole story, the bot's draws named
