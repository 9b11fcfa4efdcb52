"""The Go Fish widgets, driven as a learner would: click a player chip, then a card of the
hand or a rank chip (or use the dropdowns and Ask, as the notebook does), then read what
the widget shows; save the game with the Save button and check it."""

from __future__ import annotations

import random

import pytest

from cardlib.cards import Card, Rank
from cardlib.check import check_file
from cardlib.gofish import GoFishGame, GoFishMove, GoFishOptions
from cardlib.gofish.article import ARTICLE_SCENARIO, Scenario
from cardlib.gofish.widgets import AskSandbox, GoFishTable
from tests.support.widgets import changed_number_fails_at_its_line, checked, shown


def ask(sandbox: AskSandbox, target: str, what: str) -> str:
    """The notebook's way: set the dropdowns, click Ask."""
    sandbox.target.value = target
    sandbox.what.value = what
    sandbox.ask_button.click()
    return shown(sandbox.status.value)


def click(widget, target: str, what: str | Card) -> str:
    """The cards' way: the player chip, then the card of the hand (a Card) or a rank chip."""
    widget.player_chips[target].click()
    if isinstance(what, Card):
        buttons = [b for b in widget.hand_buttons if b.value == what and b.layout.display != "none"]
        if not buttons:  # not in the hand: the card chip (specific-card variation)
            buttons = [c for c in widget.rank_chips if c.value == what]
    else:
        buttons = [c for c in widget.rank_chips if str(c.value) == what]
    (button,) = buttons
    button.click()
    return widget.text


# -- AskSandbox ---------------------------------------------------------------------


def test_sandbox_starts_on_the_article_position_and_shows_it():
    box = AskSandbox()
    assert "cardlib-gofish-sandbox" in box._dom_classes
    assert "cardlib-status" in box.status._dom_classes
    assert box.game.to_move == "Lin"
    assert box.game.hand("Lin") == ARTICLE_SCENARIO.game(GoFishOptions()).hand("Lin")
    assert box.text.startswith("Lin to ask")
    assert 'title="8H"' in box.table.value and "Stock (" in box.table.value
    assert 'title="8S"' not in box.table.value  # Lin's cards are drawn once: the buttons
    assert "4 cards: the buttons below" in box.table.value
    assert [b.value for b in box.hand_buttons] == box.game.hand("Lin")
    assert list(box.player_chips) == ["Lin", "An", "Mei"]  # yourself too: it can be tried
    assert len(box.rank_chips) == 13
    assert "Cards held, books and the stock" in box.summary.value


def test_sandbox_offers_a_legal_request_and_never_the_asker_as_the_one_asked():
    """Issue 28, item 6: the sandbox started on a request it refuses (Lin asks An for As,
    which Lin does not hold), and after the turn passed it kept the new asker as target."""
    box = AskSandbox()
    chosen = f"ask {box.target.value} {box.what.value}"
    assert chosen in box.game.legal_moves() and box.target.value != box.game.to_move
    assert box.ask()  # the request offered is made
    for _ in range(30):
        if box.game.is_over:
            break
        asker = box.game.to_move
        assert box.target.value != asker, f"{asker} is offered as the one {asker} asks"
        assert f"ask {box.target.value} {box.what.value}" in box.game.legal_moves()
        assert box.ask(), box.text
    # a choice of the learner's own stands until a move is made: asking yourself is tried
    box.reset()
    box.player_chips[box.game.to_move].click()
    assert box.target.value == box.game.to_move
    assert not box.ask() and box.session.refusal.rule == "GF-ASK-TARGET"
    assert box.target.value == box.game.to_move


def test_sandbox_walks_through_the_article_by_clicking_cards():
    box = AskSandbox()
    first = click(box, "An", Card.parse("8S"))
    assert "Handed over: 8D, 8H (GF-GIVE-ALL)" in first
    assert "Next: Lin to ask" in first and "GF-CATCH-AGAIN" in first
    assert "GF-BOOK" in click(box, "Mei", "8") and box.game.books["Lin"] == [8]
    assert "book of 8s" in box.summary.value
    lucky = click(box, "An", Card.parse("QS"))
    assert "Drawn from the stock: QH (GF-GO-FISH)" in lucky and "(GF-LUCKY-DRAW)" in lucky
    miss = click(box, "Mei", "9")
    assert "Drawn from the stock: 5H" in miss
    assert "Next: An to ask: the turn passed to An (GF-NEXT)" in miss
    assert [str(c) for c in box.game.hand("Lin")] == ["5H", "5S", "9S", "QH", "QS"]
    # now An asks: the hand shown is An's
    assert [b.value for b in box.hand_buttons if b.layout.display != "none"] == box.game.hand("An")


def test_sandbox_dropdowns_and_ask_as_the_notebook_and_exercise_use_them():
    box = AskSandbox()
    status = ask(box, "An", "8")
    assert "Lin asks An for 8s." in status and "Handed over: 8D, 8H (GF-GIVE-ALL)" in status
    box.target.value, box.what.value = "Mei", "8"  # the gf-4 solution
    box.ask_button.click()
    assert box.game.books["Lin"] == [8] and box.game.to_move == "Lin"


def test_sandbox_every_kind_of_illegal_ask_is_answered_and_changes_nothing():
    out = Scenario(  # Mei has no cards and there is no stock: Mei is out (Bicycle plays on)
        hands={"Lin": ["8S", "8C", "9S"], "An": ["8H", "8D", "9H", "9C", "9D"], "Mei": []},
        books={"Mei": [str(r) for r in Rank if r not in (8, 9)]},
        to_move="Lin",
    )
    tries = [
        (AskSandbox(), "An", "K", "GF-ASK-HOLD", "Lin holds no Ks"),
        (AskSandbox(), "Lin", "8", "GF-ASK-TARGET", "cannot ask themself"),
        (AskSandbox(out, rule_set="bicycle"), "Mei", "8", "GF-ASK-TARGET", "out of the game"),
        (
            AskSandbox(out, rule_set="bicycle"),
            "An",
            "K",
            "GF-BOOK",
            "already a book in front of Mei",
        ),
        (AskSandbox(specific_card=True), "An", Card.parse("8S"), "GF-VAR-CARD", "already holds"),
    ]
    for box, target, what, rule, reason in tries:
        before = box.game.describe()
        said = click(box, target, what)
        refusal = box.session.refusal
        assert refusal is not None and refusal.rule == rule, said
        assert reason in refusal.reason and "Legal instead: ask " in said
        assert f"<b>{rule}</b>" in box.status.value and "cardlib-refusal" in box.status.value
        assert box.game.describe() == before and not box.session.steps
    over = AskSandbox(Scenario(hands={"Lin": ["8S"], "An": ["8H", "8D", "8C", "2C"]}))
    status = click(over, "An", "8")
    assert "Next: the game is over (GF-END-EMPTY); Lin wins (GF-WIN)" in status
    assert "GF-END-EMPTY" in click(over, "An", "2")
    assert "no move is legal now" in over.text


def test_sandbox_rule_set_changes_who_plays_after_a_miss_and_reset_restores():
    box = AskSandbox()
    click(box, "Mei", "9")
    assert box.game.to_move == "An"
    box.rule_set.value = "gamerules"  # a new rule set starts the scenario again
    assert box.game.to_move == "Lin" and box.game.options.rule_set == "gamerules"
    assert "Next: Mei to ask" in click(box, "Mei", "9")
    box.undo_button.click()
    assert box.game.to_move == "Lin" and not box.session.steps
    click(box, "An", "8")
    box.reset_button.click()
    assert box.game.to_move == "Lin" and box.game.stock_size == 52 - 10 and not box.game.history


def test_sandbox_specific_card_variation_needs_the_very_card():
    box = AskSandbox(specific_card=True)
    assert ("♥Q", "QH") in box.what.options and len(box.rank_chips) == 52
    assert "Handed over: 8H (GF-VAR-CARD)" in click(box, "An", Card.parse("8H"))
    assert "Drawn from the stock: QH" in click(box, "Mei", Card.parse("QD"))
    assert box.game.to_move == "An"  # a queen, but not the queen asked for


def test_sandbox_show_legal_marks_players_cards_and_ranks():
    box = AskSandbox()
    box.show_legal.value = True
    assert {p for p, c in box.player_chips.items() if c.legal} == {"An", "Mei"}
    assert all(b.legal for b in box.hand_buttons)
    assert {str(c.value) for c in box.rank_chips if c.legal} == {"5", "8", "9", "Q"}
    box.player_chips["Lin"].click()  # asking yourself: nothing is legal
    assert box.player_chips["Lin"].selected and not any(b.legal for b in box.hand_buttons)
    box.show_legal.value = False
    assert not any(c.legal for c in box.player_chips.values())


def test_sandbox_exports_a_position_game_that_checks(tmp_path):
    box = AskSandbox()
    for target, what in [("An", "8"), ("Mei", "8"), ("An", "Q"), ("Mei", "9")]:
        click(box, target, what)
    text = box.to_example()
    assert "position:" in text and "Lin: ask Mei 8" in text
    path = checked(box, tmp_path)
    changed_number_fails_at_its_line(path, r"stock: ")


# -- GoFishTable -------------------------------------------------------------------


def test_table_deals_shows_your_hand_and_hides_the_bots():
    table = GoFishTable(seed=1)
    game = table.game
    assert "cardlib-gofish-table" in table._dom_classes
    assert game.players == ("Learner", "Bot 1", "Bot 2") and game.to_move == "Learner"
    assert [b.value for b in table.hand_buttons] == game.hand("Learner")
    for card in game.hand("Bot 1"):
        assert f'title="{card}"' not in table.table.value
    assert "Books: Learner 0, Bot 1 0, Bot 2 0. Stock: 37." in table.text
    assert "A new game (pagat, seed 1)." in table.text
    assert table.target.value == "Bot 1" and table.player_chips["Bot 1"].selected


def test_table_ask_narrates_the_bots_and_returns_the_turn():
    table = GoFishTable(seed=1)
    asks = 0
    while not table.game.log or table.game.log[-1].player == "Learner":
        click(table, "Bot 2", table.game.hand("Learner")[0])
        asks += 1
        assert table.session.refusal is None and asks < 20
    game = table.game
    mine = [e for e in game.log if e.player == "Learner"]
    assert len(mine) == asks and all(str(e.move).startswith("ask Bot 2 ") for e in mine)
    assert game.is_over or game.to_move == "Learner"
    bots = game.log[game.log.index(mine[-1]) :]
    assert len(bots) > 1
    # each request is narrated as the learner's seat is told it (issue 28): the cards the
    # bots fish stay theirs
    told = [e.told_to("Learner").text for e in bots]
    for text in told:
        assert text in table.text
    assert table.messages[-len(bots) :] == told
    assert 'Bot 2 says "Go fish" and Bot 1 draws a card (GF-GO-FISH)' in table.text
    assert "9H" not in table.text and "it is not the 4 asked for" in table.text


RULE_SETS = {
    "pagat": {"rule_set": "pagat"},
    "bicycle": {"rule_set": "bicycle"},
    "gamerules": {"rule_set": "gamerules"},
    "specific-card": {"rule_set": "pagat", "specific_card": True},
}


def click_for(table, move: GoFishMove) -> None:
    """Click the controls that make ``move``, as a learner would."""
    click(table, move.target, move.card if move.card is not None else str(move.rank))


def play_out(table, rng: random.Random) -> None:
    while not table.game.is_over:
        before = len(table.session.steps)
        click_for(table, rng.choice(table.session.legal()))
        assert len(table.session.steps) > before and table.session.refusal is None, table.text


@pytest.mark.parametrize("name", RULE_SETS)
def test_a_whole_game_against_the_computer_through_the_card_controls(name, tmp_path):
    table = GoFishTable(seed=5, **RULE_SETS[name])
    play_out(table, random.Random(5))
    head = table.text.splitlines()[0]
    assert head.startswith("The game is over (GF-END-") and "(GF-WIN)" in head
    assert "cardlib-book" in table.summary.value
    path = checked(table, tmp_path)
    assert "deal: {seed: 5}" in path.read_text(encoding="utf-8")


def test_table_every_kind_of_illegal_ask_is_answered_and_changes_nothing():
    table = GoFishTable(seed=7)
    game = table.game
    held = {c.rank for c in game.hand("Learner")}
    missing = next(str(r) for r in Rank if r not in held)
    mine = game.hand("Learner")[0]
    tries = [(("Bot 1", missing), "GF-ASK-HOLD"), (("Learner", mine), "GF-ASK-TARGET")]
    for (target, what), rule in tries:
        before = table.game.describe()
        said = click(table, target, what)
        assert table.session.refusal.rule == rule and "Legal instead: ask Bot 1 or Bot 2" in said
        assert table.game.describe() == before
    specific = GoFishTable(seed=7, specific_card=True)
    mine = specific.game.hand("Learner")[0]
    click(specific, "Bot 1", mine)  # the card itself: the learner holds it
    assert specific.session.refusal.rule == "GF-VAR-CARD"
    assert "already holds" in specific.text
    play_out(table, random.Random(1))
    assert "GF-END-" in click(table, "Bot 1", "A")
    assert table.session.refusal.rule.startswith("GF-END-")


def test_table_rule_set_change_deals_again_and_a_refused_deal_changes_nothing():
    table = GoFishTable(seed=3)
    table.rule_set.value = "bicycle"
    assert table.game.options.rule_set == "bicycle" and table.seed == 3
    assert len(table.game.hand("Learner")) == 7  # Bicycle deals 7 each to three players
    six = GoFishTable(("B1", "B2", "B3", "B4", "B5"), seed=2)
    game = six.game
    six.rule_set.value = "bicycle"  # Bicycle gives no deal for six players
    assert "GF-DEAL" in six.text and six.game is game
    assert six.rule_set.value == "pagat"


def test_table_show_legal_marks_whom_to_ask_and_new_game_deals_its_number():
    # Undo, Restart and New deal are tests/core/test_game_widgets.py's, for every game
    table = GoFishTable(seed=6)
    table.show_legal.value = True
    assert table.player_chips["Bot 1"].legal and not table.player_chips["Learner"].legal
    assert all(b.legal for b in table.hand_buttons if b.layout.display != "none")
    table.new_game(18)
    assert table.seed == 18 and table.seed_box.value == 18
    assert table.game.hand("Learner") == GoFishGame(table.players, seed=18).hand("Learner")


def test_table_exports_a_game_in_progress_and_a_changed_number_fails(tmp_path):
    table = GoFishTable(seed=4, rule_set="gamerules")
    rng = random.Random(4)
    for _ in range(6):
        click_for(table, rng.choice(table.session.legal()))
    path = checked(table, tmp_path)
    assert "rule_set: gamerules" in path.read_text(encoding="utf-8")
    changed_number_fails_at_its_line(path, r"stock: ")


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


def test_end_headline_keeps_the_case_of_names_and_rule_ids():
    """Issue 9: the end headline went through .capitalize(), lowercasing 'Bot 1' and 'GF-WIN'."""
    table = GoFishTable(seed=3)
    play_out(table, random.Random(3))
    head = table.text.splitlines()[0]
    assert head.startswith("The game is over (GF-END-") and "(GF-WIN)" in head
    assert "bot 1" not in head and "Bot 1" in head


def test_no_python_is_shown_and_the_chips_and_cards_say_their_request():
    # every button having a name is tests/core/test_game_widgets.py's, for every game
    table = GoFishTable(seed=2, specific_card=True)
    box = AskSandbox()
    for widget in (table, box):
        for text in (widget.text, widget.status.value, widget.summary.value):
            assert "GoFishMove" not in text and "Options(" not in text and "<object" not in text
    assert box.player_chips["An"].tooltip == "ask An"
    assert "8S (8 of spades): ask for 8s" in [b.tooltip for b in box.hand_buttons]


# -- issue 11: nothing chosen is said in words ---------------------------------------------


def _click(button) -> None:
    """Run a button's click handlers directly, so that an exception would reach the test."""
    for handler in button._click_handlers.callbacks:
        handler(button)


def test_no_rank_chosen_is_said_in_words_and_changes_nothing():
    # a broken engine said in words is tests/core/test_game_widgets.py's, for every game
    box = AskSandbox()
    before = box.game.describe()
    box.what.value = None  # nothing chosen: not a request, and said so in words
    _click(box.ask_button)
    assert box.text.splitlines()[1] == (
        "Choose a rank to ask for first: click a card of the hand or a chip."
    )
    assert box.session.refusal is None and "None" not in box.text
    assert box.game.describe() == before


# -- a property: seeded random games through the table's own controls -----------------


def test_seeded_random_games_through_the_controls_export_and_check(tmp_path):
    """60 seeded games, every request clicked at random among the legal ones (the rule sets
    and the specific-card variation in turn, with one to three opponents: each of the 12
    pairings five times), exported with Save and checked."""
    names = list(RULE_SETS)
    for seed in range(60):
        opponents = ("Bot 1", "Bot 2", "Bot 3")[: 1 + seed % 3]
        table = GoFishTable(opponents, seed=seed, **RULE_SETS[names[seed % 4]])
        play_out(table, random.Random(seed))
        table.folder.value = str(tmp_path)
        table.save_button.click()
        (report,) = check_file(table.saved)
        assert report.passed, (seed, [str(p) for p in report.problems])


# -- nothing chosen: said in words, never tried ----------------------------------------


def test_asking_nobody_is_said_in_words_and_changes_nothing():
    table = GoFishTable(seed=2)
    before = table.game.describe()
    table.target.value = None
    _click(table.ask_button)
    assert table.text.splitlines()[1] == (
        "Choose whom to ask first: click a player or use the Ask box."
    )
    _click(table.hand_buttons[0])
    assert table.text.splitlines()[1] == "Choose whom to ask first: click a player."
    assert table.session.refusal is None and table.game.describe() == before
    for text in (table.text, table.status.value):
        assert "None" not in text and "GF-ASK-TARGET" not in text and "went wrong" not in text
    _click(table.player_chips["Bot 1"])
    _click(table.hand_buttons[0])
    assert "Choose whom" not in table.text  # a request was made (or refused by a rule)


@pytest.mark.parametrize("make", [GoFishTable, AskSandbox])
def test_no_rule_set_chosen_puts_the_dropdown_back_and_keeps_the_game(make):
    widget = make()
    widget.player_chips[widget.session.legal()[0].target].click()
    widget.rank_chips[int(widget.session.legal()[0].rank) % 13].click()
    steps = len(widget.session.steps)
    widget.rule_set.value = None  # the observer runs here: it must not raise
    assert widget.rule_set.value == widget.game.options.rule_set == "pagat"
    assert len(widget.session.steps) == steps and not widget.session.problem
    widget.rule_set.value = "gamerules"
    assert widget.game.options.rule_set == "gamerules"


def test_the_learners_hand_is_drawn_once_as_its_buttons():
    table = GoFishTable(seed=3)
    held = table.game.hand("Learner")
    assert f"{len(held)} cards: the buttons below" in table.table.value
    for card in held:
        assert f'title="{card}"' not in table.table.value
    shown = [b for b in table.hand_buttons if b.layout.display != "none"]
    assert [b.value for b in shown] == held
    assert all(
        b.description == f"{c.rank.symbol}\n{c.suit.symbol}"
        for b, c in zip(shown, held, strict=True)
    )
