"""The Go Fish widgets, driven as a learner would: choose in the dropdowns, click, read the HTML."""

from __future__ import annotations

import html
import re

from cardlib.gofish import GoFishGame, GoFishOptions
from cardlib.gofish.widgets import ARTICLE_SCENARIO, AskSandbox, GoFishTable, Scenario


def text(widget_html: str) -> str:
    """The text a learner reads: tags dropped, entities decoded, spaces collapsed."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", widget_html)).split())


def ask(sandbox: AskSandbox, target: str, what: str) -> str:
    sandbox.target.value = target
    sandbox.what.value = what
    sandbox.ask_button.click()
    return text(sandbox.status.value)


def test_sandbox_starts_on_the_article_position_and_shows_it():
    box = AskSandbox()
    assert "cardlib-gofish-sandbox" in box._dom_classes
    assert "cardlib-status" in box.status._dom_classes
    assert box.game.to_move == "Lin" and box.game.hand("Lin") == ARTICLE_SCENARIO.game(
        GoFishOptions()
    ).hand("Lin")
    assert "Lin to ask" in text(box.status.value)
    assert 'title="8S"' in box.table.value and "Stock (" in box.table.value


def test_sandbox_walks_through_the_article_scenarios():
    box = AskSandbox()
    first = ask(box, "An", "8")
    assert "Handed over: 8D, 8H (GF-GIVE-ALL)" in first
    assert "Next: Lin to ask" in first and "GF-CATCH-AGAIN" in first
    assert "GF-BOOK" in ask(box, "Mei", "8") and box.game.books["Lin"] == [8]
    lucky = ask(box, "An", "Q")
    assert "Drawn from the stock: QH (GF-GO-FISH)" in lucky and "(GF-LUCKY-DRAW)" in lucky
    assert "Next: Lin to ask" in lucky
    miss = ask(box, "Mei", "9")
    assert "Drawn from the stock: 5H" in miss
    assert "Next: An to ask: the turn passed to An (GF-NEXT)" in miss
    assert [str(c) for c in box.game.hand("Lin")] == ["5H", "5S", "9S", "QH", "QS"]


def test_sandbox_refusals_show_the_rule_and_change_nothing():
    box = AskSandbox()
    before = (box.game.hands, box.game.stock_size, box.game.to_move)
    refused = ask(box, "An", "K")
    assert refused.startswith(
        "Refused: GF-ASK-HOLD (Ask only for a rank you hold): Lin holds no Ks"
    )
    assert "Refused: GF-ASK-TARGET" in ask(box, "Lin", "8")
    assert (box.game.hands, box.game.stock_size, box.game.to_move) == before


def test_sandbox_rule_set_changes_who_plays_after_a_miss_and_reset_restores():
    box = AskSandbox()
    ask(box, "Mei", "9")
    assert box.game.to_move == "An"
    box.rule_set.value = "gamerules"  # a new rule set starts the scenario again
    assert box.game.to_move == "Lin" and box.game.options.rule_set == "gamerules"
    assert "Next: Mei to ask" in ask(box, "Mei", "9")
    box.reset_button.click()
    assert box.game.to_move == "Lin" and box.game.stock_size == 52 - 10


def test_sandbox_specific_card_variation_needs_the_very_card():
    box = AskSandbox(specific_card=True)
    assert ("♥Q", "QH") in box.what.options
    assert "Handed over: 8H (GF-VAR-CARD)" in ask(box, "An", "8H")
    assert "Drawn from the stock: QH" in ask(box, "Mei", "QD")
    assert box.game.to_move == "An"  # a queen, but not the queen asked for


def test_sandbox_end_of_game_refuses_further_asks():
    box = AskSandbox(Scenario(hands={"Lin": ["8S"], "An": ["8H", "8D", "8C", "2C"]}, to_move="Lin"))
    status = ask(box, "An", "8")
    assert "the game is over (GF-END-EMPTY)" in status and "Lin wins" in status
    assert box.ask_button.disabled
    assert "Refused: GF-END-EMPTY" in ask(box, "An", "2")


def test_table_deals_shows_your_hand_and_hides_the_bots():
    table = GoFishTable(seed=1)
    game = table.game
    assert "cardlib-gofish-table" in table._dom_classes
    assert "cardlib-status" in table.status._dom_classes
    assert game.players == ("Learner", "Bot 1", "Bot 2") and game.to_move == "Learner"
    for card in game.hand("Learner"):
        assert f'title="{card}"' in table.table.value
    for card in game.hand("Bot 1"):
        assert f'title="{card}"' not in table.table.value
    held = [str(r) for r in sorted({c.rank for c in game.hand("Learner")})]
    assert [v for _label, v in table.rank.options] == held
    assert "Books: Learner 0, Bot 1 0, Bot 2 0" in text(table.status.value)


def test_table_ask_narrates_the_bots_and_returns_the_turn():
    table = GoFishTable(seed=1)
    table.target.value = "Bot 2"
    asks = 0
    while table.game.log == [] or table.game.log[-1].player == "Learner":
        table.rank.value = table.rank.options[0][1]
        assert table.ask()
        asks += 1
        assert asks < 20
    game = table.game
    mine = [e for e in game.log if e.player == "Learner"]
    assert len(mine) == asks and all(str(e.move).startswith("ask Bot 2 ") for e in mine)
    assert game.is_over or game.to_move == "Learner"
    bots = game.log[game.log.index(mine[-1]) :]
    assert len(bots) > 1 and table.messages == [str(e) for e in bots]
    status = text(table.status.value)
    for e in bots[-12:]:
        assert e.text in status


def test_table_plays_a_whole_game_then_a_new_one_under_another_rule_set():
    table = GoFishTable(seed=3)
    for _ in range(200):
        if table.game.is_over:
            break
        table.rank.value = table.rank.options[-1][1]
        table.ask_button.click()
    game = table.game
    assert game.is_over and table.ask_button.disabled
    status = text(table.status.value)
    assert f"({game.ended_by})" in status and "(GF-WIN)" in status
    assert sum(game.book_counts().values()) <= 13
    table.rule_set.value = "bicycle"
    table.new_button.click()
    assert table.seed == 4 and table.game.options.rule_set == "bicycle"
    assert len(table.game.hand("Learner")) == 7  # Bicycle deals 7 each to three players
    assert "A new game (bicycle, seed 4)" in text(table.status.value)


def test_table_is_the_engine_game_replayed():
    """The widget adds nothing to the game: replaying its requests gives the same state."""
    table = GoFishTable(seed=5)
    for _ in range(3):
        if table.game.is_over:
            break
        table.ask_button.click()
    replay = GoFishGame(table.players, seed=5)
    for player, move in table.game.history:
        replay.play(move, player=player)
    assert replay.hands == table.game.hands and replay.books == table.game.books


# -- issue 11: every widget has .text, and a click never lets an exception escape ----------


def _click(button) -> None:
    """Run a button's click handlers directly, so that an exception would reach the test."""
    for handler in button._click_handlers.callbacks:
        handler(button)


def test_widgets_have_text():
    box = AskSandbox()
    assert box.text.startswith("Lin to ask")
    ask(box, "An", "8")
    assert "Handed over: 8D, 8H (GF-GIVE-ALL)" in box.text
    table = GoFishTable(seed=1)
    assert "Books:" in table.text and "Stock:" in table.text


def test_sandbox_clicks_never_raise_and_change_nothing():
    box = AskSandbox()
    before = (box.game.hands, box.game.stock_size, box.game.to_move)
    box.what.value = None  # nothing chosen: not a request
    _click(box.ask_button)
    assert "did not work" in box.text and "is neither a rank" in box.text

    def broken(*_a, **_k):
        raise RuntimeError("the engine broke")

    box.what.value = "8"
    box.game.play = broken  # type: ignore[method-assign]
    _click(box.ask_button)
    assert "the engine broke" in box.text
    assert (box.game.hands, box.game.stock_size, box.game.to_move) == before


def test_table_clicks_never_raise():
    table = GoFishTable(("B1", "B2", "B3", "B4", "B5"), seed=2)  # six players
    game = table.game
    table.rule_set.value = "bicycle"  # Bicycle gives no deal for six players
    _click(table.new_button)
    assert "GF-DEAL" in table.text and table.game is game
    table.rule_set.value = "pagat"
    table.target.options = []
    _click(table.ask_button)
    assert table.game is game


def test_end_headline_keeps_the_case_of_names_and_rule_ids():
    """Issue 9: the end headline went through .capitalize(), lowercasing 'Bot 1' and 'GF-WIN'."""
    table = GoFishTable(seed=3)
    for _ in range(400):
        if table.game.is_over:
            break
        if table.rank.options:
            table.rank.value = table.rank.options[0][1]
        table.ask()
    assert table.game.is_over
    head = table.text.splitlines()[0]
    assert head.startswith("The game is over (GF-END-") and "(GF-WIN)" in head
    assert "bot 1" not in head and "Bot 1" in head
