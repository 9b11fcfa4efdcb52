"""The Golf widgets, driven as a learner would: set values and click, then read what they show."""

from __future__ import annotations

import re

from cardlib.golf import Position
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


def test_table_shows_the_rule_of_a_refused_move_and_changes_nothing():
    table = GolfTable(seed=2)
    table.position_buttons[Position.TL].click()
    table.position_buttons[Position.TR].click()
    table.take_button.click()
    before = (table.game.discard[:], table.game.holding)
    table.discard_button.click()
    assert "Refused: GOLF-TAKE-MUST-REPLACE" in table.status.value
    assert (table.game.discard, table.game.holding) == before
    table.draw_button.click()
    assert "Refused: GOLF-DRAW" in table.status.value


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
    table.new_button.click()
    assert not table.game.is_over and table.seed == 4 and table.game.phase == "flip"


def test_table_with_the_extra_flip_variant_lets_the_learner_turn_a_card_after_a_discard():
    from cardlib.golf import GolfOptions

    table = GolfTable(seed=1, options=GolfOptions(stock_out="reshuffle", extra_flip=True))
    game = table.game
    table.position_buttons[Position.TL].click()
    table.position_buttons[Position.BL].click()
    table.draw_button.click()
    table.discard_button.click()
    assert game.phase == "extra-flip" and game.to_move == "Learner"
    assert "compulsory" in table.text
    table.position_buttons[Position.TM].click()  # turns the card up, not "replace TM"
    assert game.layouts["Learner"].up[Position.TM]
    assert "(extra-flip variant)" in table.status.value and "Refused" not in table.status.value


def test_table_click_never_raises_and_shows_what_went_wrong():
    table = GolfTable(seed=2)
    before = repr(table.game)
    assert table.play("jump over the stock") is False
    assert table.text.splitlines()[1].startswith("- Not a move:")
    assert table.play(None) is False  # type: ignore[arg-type]
    assert repr(table.game) == before
