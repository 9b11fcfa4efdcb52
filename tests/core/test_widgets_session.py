"""The table session every game widget stands on, and the card controls, driven without a browser."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cardlib.errors import RuleViolation
from cardlib.games import GAMES
from cardlib.gofish import GoFishGame
from cardlib.golf import GolfGame, GolfOptions, Position
from cardlib.rook import RookHand
from cardlib.widgets.session import MAX_SEED, Refusal, TableProblem, TableSession

DEALS = {
    "golf": lambda seed: GolfGame(["You", "Bot"], seed=seed, options=GolfOptions("reshuffle")),
    "go-fish": lambda seed: GoFishGame(["You", "Bot 1", "Bot 2"], seed=seed),
    "rook": lambda seed: RookHand(seed=seed),
}
LEARNER = {"golf": "You", "go-fish": "You", "rook": "South"}


def _dealt(game_id: str) -> Callable[[int], Any]:
    spec = GAMES[game_id]
    seats = spec.seats(spec.default_players)
    return lambda seed: spec.deal(seats, seed=seed, options=spec.options(None, {}))


# every other registered game (a game from outside: the tiny game) as its spec deals it
for _game in GAMES:
    DEALS.setdefault(_game, _dealt(_game))
    LEARNER.setdefault(_game, GAMES[_game].seats(GAMES[_game].default_players)[0])


def session(game_id: str, seed: int = 17) -> TableSession:
    return TableSession(game_id, deal=DEALS[game_id], seed=seed, learners=[LEARNER[game_id]])


def play_out(s: TableSession, rng: random.Random) -> None:
    while not s.game.is_over:
        assert s.learner_to_move
        s.attempt(rng.choice(s.legal()))


# the computer players' moves, Undo (with the replies) and Restart, for every game's
# widgets: tests/core/test_game_widgets.py


def test_a_refusal_names_the_rule_its_title_the_reason_and_what_is_legal_instead():
    s = session("golf")
    before = s.game.describe()
    refusal = s.attempt("draw")
    assert isinstance(refusal, Refusal) and s.refusal is refusal
    assert refusal.rule == "GOLF-FLIP-TWO" and refusal.title == "Turn any two face up"
    # the legal moves in a learner's words, the notation beside them (issue 28, item 6)
    assert refusal.instead == tuple(
        f"turn up the {Position[p].words} card (flip {p})"
        for p in ("TL", "TM", "TR", "BL", "BM", "BR")
    )
    assert str(refusal).startswith("Refused: draw -- GOLF-FLIP-TWO (Turn any two face up): ")
    assert (
        "Legal instead: turn up the top-left card (flip TL), turn up the top-middle card "
        "(flip TM)" in str(refusal)
    )
    assert 'class="cardlib-refusal"' in refusal.html() and 'role="alert"' in refusal.html()
    assert s.game.describe() == before and s.steps == []


#: a move each game's rules refuse at the learner's first turn of ``session(game_id)``
REFUSED = {"golf": "draw", "go-fish": "ask You 8", "rook": "trump green", "tiny": "play 7"}


@pytest.mark.parametrize("game_id", DEALS)
def test_only_a_move_the_rules_allow_copies_the_game_for_undo(game_id, monkeypatch):
    """Issue 29: a refused attempt (by the rules, or not a move at all) copies nothing; a
    legal one keeps one copy, the state undo goes back to."""
    s = session(game_id)
    copies: list[str] = []
    real = type(s.game).copy

    def counted(game):
        copies.append(game.describe())
        return real(game)

    monkeypatch.setattr(type(s.game), "copy", counted)
    before = s.game.describe()
    assert isinstance(s.attempt(REFUSED[game_id]), Refusal)
    assert isinstance(s.attempt("not a move"), Refusal)
    assert copies == []
    assert not isinstance(s.attempt(s.legal()[0]), Refusal)
    assert copies == [before]
    assert s.undo() and s.game.describe() == before


def test_text_that_is_not_a_move_is_refused_in_words_too():
    refusal = session("go-fish").attempt("pass")
    assert isinstance(refusal, Refusal) and refusal.rule == "INPUT-MOVE"
    assert "not a Go Fish move" in refusal.reason and "ask Bot 1" in refusal.instead_words


def test_a_long_list_of_legal_moves_is_cut_short():
    r = Refusal("X", "t", "why", "m", tuple(f"m{i}" for i in range(20)))
    assert r.instead_words.endswith("m7 and 12 more")


def test_undo_with_nothing_to_take_back_says_so():
    s = session("golf")
    assert not s.can_undo and s.undo() is False


def test_a_position_table_restarts_from_its_position_and_cannot_deal_anew():
    start = GoFishGame.from_position(["A", "B"], {"A": ["8S", "8H"], "B": ["8D"]}, stock=["2C"])
    s = TableSession("go-fish", start=start)
    assert s.headline_seed == "the given position"
    s.attempt("ask B 8")
    s.restart()
    assert s.game.hand("A") == start.hand("A")
    with pytest.raises(TableProblem, match="one given position, so it has no other deals"):
        s.new_deal()
    with pytest.raises(ValueError):
        TableSession("go-fish")


def test_a_deals_number_runs_from_0_to_max_seed_and_the_next_after_the_last_is_0():
    s = session("golf", MAX_SEED)
    assert s.headline_seed == f"deal {MAX_SEED}"
    s.new_deal()
    assert s.seed == 0 and s.game.describe() == DEALS["golf"](0).describe()
    for bad in (-1, MAX_SEED + 1, 10**40, 2.5, "12", True):
        with pytest.raises(TableProblem) as why:
            TableSession("golf", deal=DEALS["golf"], seed=bad)  # type: ignore[arg-type]
        words = str(why.value)
        assert words.startswith(f"A deal's number is a whole number from 0 to {MAX_SEED}; ")
        assert "Error" not in words and len(words) < 120
        with pytest.raises(TableProblem):
            s.new_deal(bad)  # type: ignore[arg-type]
    assert s.seed == 0


def test_a_table_problem_is_shown_as_it_is_and_anything_else_as_a_fault_of_cardlib():
    s = session("golf")
    s.fail(TableProblem("Choose whom to ask first."))
    assert s.problem == "Choose whom to ask first."
    s.fail(ValueError("a plain ValueError is a fault of cardlib"))
    assert s.problem.startswith("Something went wrong inside cardlib (ValueError: ")


def _not_a_folder(tmp_path):
    (tmp_path / "a-file").write_text("x", encoding="utf-8")
    return str(tmp_path / "a-file")


#: (what the learner writes in the Folder box, what the table says)
UNWRITABLE = {
    "empty": (lambda tmp: "", "Write the name of a folder to save into in the Folder box."),
    "blank": (lambda tmp: " \n\t", "Write the name of a folder to save into in the Folder box."),
    "a-file": (_not_a_folder, "that is a file, not a folder."),
    "in-a-file": (
        lambda tmp: _not_a_folder(tmp) + "/inside",
        "part of that path is a file, not a folder.",
    ),
    "too-long": (lambda tmp: str(tmp / ("x" * 300)), "the name is too long."),
    "nul": (
        lambda tmp: str(tmp / "a\0b"),
        "a folder's name cannot contain that character (shown as ?).",
    ),
    "proc": (lambda tmp: "/proc/cardlib-cannot-be-here", "you may not write there."),
}


@pytest.mark.parametrize(("folder", "words"), UNWRITABLE.values(), ids=UNWRITABLE.keys())
def test_a_folder_that_cannot_be_written_is_said_in_words(tmp_path, folder, words):
    s = session("golf")
    s.attempt("flip TL")
    where = folder(tmp_path)
    if where.startswith("/proc/") and not Path("/proc/self").exists():
        pytest.skip("no /proc here")
    with pytest.raises(TableProblem) as why:
        s.save(where)
    said = str(why.value)
    assert said.endswith(words + " Write another folder in the Folder box.") or said == words
    if where.strip():
        assert said.startswith("Cannot save into '")
    assert "Error" not in said and "Errno" not in said and "\0" not in said and len(said) < 200
    s.fail(why.value)
    assert s.problem == said


def test_the_learner_may_play_every_seat():
    s = TableSession("rook", deal=DEALS["rook"], seed=4)
    assert s.steps == [] and s.mover == s.game.to_move
    s.attempt("bid 70")
    assert s.game.to_move == "East" and s.mover == "East"


def test_a_failing_computer_player_leaves_the_game_as_it_was():
    def broken(game, rng):
        raise RuntimeError("boom")

    s = TableSession("golf", deal=DEALS["golf"], seed=3, learners=["You"], bot=None)
    s.bot = broken
    s.attempt("flip TL")
    before = (s.game.describe(), len(s.steps))
    with pytest.raises(RuntimeError):
        s.attempt("flip TM")  # Bot's turn comes next, and it fails
    assert (s.game.describe(), len(s.steps)) == before
    s.fail(RuntimeError("boom"))
    assert "RuntimeError: boom" in s.problem and "unchanged" in s.problem


def test_a_game_over_refuses_the_next_move_with_the_end_rule():
    s = session("golf", 4)
    play_out(s, random.Random(4))
    refusal = s.attempt("draw")
    assert isinstance(refusal, Refusal) and refusal.rule == "GOLF-END"
    assert refusal.instead_words == "no move is legal now"


def test_the_engine_still_raises_when_used_directly():
    s = session("golf")
    with pytest.raises(RuleViolation):
        s.game.play("draw")


# -- the card controls ---------------------------------------------------------------

widgets = pytest.importorskip("ipywidgets")


def test_a_card_button_shows_the_card_and_is_named_for_screen_readers():
    from cardlib.cards import Card
    from cardlib.widgets.controls import BLANK, RED, card_button

    b = card_button(Card.parse("8H"))
    assert b.description == "8\n♥" and b.style.text_color == RED  # the rank over the suit
    assert b.tooltip.startswith("8H") and "heart" in b.tooltip
    assert b.layout.width == "auto" and b.value == Card.parse("8H")
    down = card_button(Card.parse("QC"), face_up=False, name="top-left: face down")
    # never an empty label: the browser would keep showing the face it had before
    assert down.description == BLANK and down.tooltip == "top-left: face down"
    assert "cardlib-face-down" in down._dom_classes
    b.show("", name="turned", face_up=False)
    assert b.description == BLANK and "cardlib-face-down" in b._dom_classes
    b.description = ""  # even set directly
    assert b.description == BLANK
    b.show("8\n♥", name="8H")
    assert b.description == "8\n♥" and "cardlib-face-down" not in b._dom_classes


def test_legal_marks_and_selection_are_drawn_on_the_border():
    from cardlib.widgets.controls import chip, mark_legal

    a, b = chip("Ann"), chip("Ben")
    mark_legal([a, b], lambda v: v == "Ben", True)
    assert not a.legal and b.legal and "f1c40f" in b.layout.border
    assert "cardlib-legal" in b._dom_classes
    b.select(True)
    assert "27ae60" in b.layout.border
    mark_legal([a, b], lambda v: True, False)
    assert not b.legal and b.selected


def test_a_click_handler_never_lets_an_exception_escape():
    from cardlib.widgets.controls import chip, handler

    seen: list[Exception] = []
    b = chip("Ask")
    b.on_click(handler(seen.append, lambda: 1 / 0))
    b.click()
    assert isinstance(seen[0], ZeroDivisionError)


# -- the shared table controls -------------------------------------------------------


def make_view():
    from cardlib.widgets.controls import chip, mark_legal
    from cardlib.widgets.table import SessionControls, status_html, status_text

    class View(SessionControls, widgets.VBox):
        def __init__(self):
            self.session = session("golf")
            self.status = widgets.HTML()
            self.moves = [chip(m, value=m) for m in ("draw", "take", "flip TL", "flip TM", "boom")]
            for b in self.moves:
                b.on_click(self.click(lambda b=b: self.attempt(b.value)))
            super().__init__([self.build_controls(), widgets.HBox(self.moves), self.status])
            self._refresh()

        def attempt(self, move):
            if move == "boom":
                raise KeyError("boom")
            self.session.attempt(move)

        def _refresh(self):
            s = self.session
            mark_legal(self.moves, s.is_legal, self.showing_legal)
            self.status.value = status_html("head", s.refusal, s.log[-3:], s.problem)
            self.text = status_text("head", s.refusal, s.log[-3:], s.problem)

    return View()


def test_shared_controls_undo_restart_new_deal_and_save(tmp_path):
    v = make_view()
    v.moves[0].click()  # draw: refused
    assert "GOLF-FLIP-TWO" in v.status.value and "cardlib-refusal" in v.status.value
    assert "Refused: draw" in v.text
    v.moves[2].click()
    assert v.session.steps and v.session.refusal is None
    v.undo_button.click()
    assert not v.session.steps
    v.show_legal.value = True
    assert [b.legal for b in v.moves] == [False, False, True, True, False]
    v.moves[4].click()  # an exception inside a handler is shown, not raised
    assert "KeyError" in v.status.value and "unchanged" in v.text
    v.seed_box.value = 40
    v.new_button.click()
    assert v.session.seed == 40
    v.moves[2].click()
    v.new_button.click()  # the box unchanged: deal 40 again, as the button says
    assert v.session.seed == 40 and v.seed_box.value == 40 and not v.session.steps
    v.next_button.click()
    assert v.session.seed == 41 and v.seed_box.value == 41
    v.moves[2].click()
    v.restart_button.click()
    assert not v.session.steps
    v.moves[2].click()
    v.folder.value = str(tmp_path / "saved")
    v.save_button.click()
    assert v.saved is not None and v.saved.parent == tmp_path / "saved"
    assert v.saved.read_text(encoding="utf-8") == v.to_example()
    v.folder.value = str(v.saved)  # a file, not a folder: said in words, nothing written
    v.save_button.click()
    assert "Something went wrong" not in v.text and "Error" not in v.text
    assert f"Cannot save into '{v.saved}': that is a file, not a folder." in v.text
    assert "that is a file, not a folder" in v.status.value
    assert sorted(p.name for p in (tmp_path / "saved").iterdir()) == [v.saved.name]


def test_the_deal_box_always_shows_the_deal_in_play():
    v = make_view()
    assert v.seed_box.max == MAX_SEED
    v.seed_box.value = MAX_SEED
    v.new_button.click()
    assert v.session.seed == v.seed_box.value == MAX_SEED
    v.new_button.click()
    assert v.session.seed == v.seed_box.value == MAX_SEED
    v.next_button.click()  # the deal after the last is deal 0
    assert v.session.seed == v.seed_box.value == 0
    v.seed_box.value = 10**30  # the box keeps to its numbers
    v.new_button.click()
    assert v.session.seed == v.seed_box.value == MAX_SEED
    assert "Something went wrong" not in v.text


# -- what the learner is told (issue 28) ------------------------------------------------


#: the games whose seats are told less than the table knows (every card of Tiny is face up)
@pytest.mark.parametrize("game_id", ("golf", "go-fish", "rook"))
def test_the_learner_is_told_the_story_of_their_seat_and_the_whole_of_it_when_all_is_shown(
    game_id,
):
    """Each step keeps the whole event (the game's record, what a worked example saves);
    the log tells each as the learner's seat is told it, and whole once an event shows
    every card (Golf's and Rook's end; Go Fish's end shows no hand, so nothing more)."""
    s = session(game_id, 5)
    you = LEARNER[game_id]
    rng = random.Random(5)
    while not s.game.is_over:
        told = [e.told_to(you).text for e in (step.event for step in s.steps)]
        assert s.log == told and [e.text for e in s.story] == told
        moves = s.legal()  # Rook: the learner passes, so that a computer player takes the nest
        s.attempt(next((m for m in moves if str(m) == "pass"), None) or rng.choice(moves))
    whole = [step.event.text for step in s.steps]
    shown = any(step.event.shows_all for step in s.steps)
    assert shown == (game_id != "go-fish")
    if shown:
        assert s.log == whole
    else:
        assert s.log == [step.event.told_to(you).text for step in s.steps]
    # on the way the computer players did what the learner's seat was not to see
    assert any(step.event.told_to(you) != step.event for step in s.steps)
    # undo goes back into the hand: its story is the seat's again
    s.undo()
    assert s.log == [step.event.told_to(you).text for step in s.steps]


def test_the_story_hides_what_the_computer_players_fish_until_nothing_is_hidden():
    s = session("golf", 5)
    rng = random.Random(5)
    drawn = None
    while drawn is None and not s.game.is_over:
        s.attempt(rng.choice(s.legal()))
        drawn = next(
            (f for step in s.steps if step.player == "Bot" for f in step.event.of("draw")), None
        )
    assert drawn is not None, "the bot never drew from the stock"
    assert "Bot draws a card from the stock" in s.log
    assert str(drawn) not in s.log and str(drawn) in [step.event.text for step in s.steps]


def test_a_learner_at_every_seat_is_told_everything():
    s = TableSession("rook", deal=DEALS["rook"], seed=4)
    for move in ("bid 70", "pass", "pass", "pass"):
        s.attempt(move)
    assert s.game.phase == "nest"
    assert s.log == [step.event.text for step in s.steps]
    assert "picks up the nest (" in s.log[-1]
