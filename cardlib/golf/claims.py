"""Six Card Golf's worked examples: the setups they describe and the claims they can make.

:mod:`cardlib.check` replays the moves through the engine; a match (hole scores, no moves)
is a :class:`cardlib.claims.Record`.  Every rule a claim reports comes from the engine.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from cardlib.cards import Card
from cardlib.claims import (
    ClaimFn,
    ClaimResult,
    NamedCards,
    Record,
    about,
    about_each_player,
    claim_about,
    claimed_moves,
    parsed,
)
from cardlib.claims import compare as _compare
from cardlib.claims import player as _player
from cardlib.errors import InputError, NotationError, RuleViolation
from cardlib.examples import Map
from cardlib.golf.engine import COLUMNS, GolfGame, GolfMatch, GolfOptions, Position
from cardlib.golf.holes import PlayedMatch
from cardlib.golf.match import impossible

Path = tuple[Any, ...]
State = GolfGame | PlayedMatch | Record

NO_MOVES = ("INPUT-SCHEMA", "a match example records hole scores; it has no moves")


def _card(text: Any, path: Path) -> Card:
    return parsed(Card.parse, "GOLF-DECK", text, path)


def _slot(text: str, path: Path) -> tuple[Card | None, bool]:
    words = text.split()
    if words and words[0].lower() == "down":
        if len(words) == 1:
            return None, False
        if len(words) == 2:
            return _card(words[1], path), False
    elif len(words) == 1:
        return _card(words[0], path), True
    raise InputError.at(
        path, "INPUT-SCHEMA", f"{text!r}: write a face-up card (7H), 'down QD' or 'down'"
    )


def start(doc: Map) -> State:
    """The game (or match record) an example sets up; a setup the rules refuse raises the
    engine's :class:`~cardlib.errors.RuleViolation` (the checker makes it a ``refused`` claim
    or reports it)."""
    players = tuple(doc["players"])
    dealer = _player(players, doc["dealer"], ("dealer",)) if "dealer" in doc else None
    options = GolfOptions(**doc.get("options", {}))
    seed = doc.get("seed", 0)
    ((kind, spec),) = doc["setup"].items()
    at: Path = ("setup", kind)
    try:
        if kind == "match":
            return Record(_match(players, spec, at), NO_MOVES)
        if kind == "holes":
            holes = []
            for i, hole in enumerate(spec):
                here = (*at, i)
                hole_dealer = (
                    _player(players, hole["dealer"], (*here, "dealer"))
                    if "dealer" in hole
                    else dealer
                )
                ((hole_kind, hole_spec),) = ((k, v) for k, v in hole.items() if k != "dealer")
                holes.append(
                    _hand(
                        players,
                        hole_kind,
                        hole_spec,
                        (*here, hole_kind),
                        hole_dealer,
                        options,
                        seed,
                    )
                )
            return PlayedMatch(holes)
        return _hand(players, kind, spec, at, dealer, options, seed)
    except NotationError as e:
        raise InputError.at(at, e.rule or "INPUT-SCHEMA", e.message) from None


def _hand(
    players: tuple[str, ...],
    kind: str,
    spec: Map,
    at: Path,
    dealer: str | None,
    options: GolfOptions,
    seed: Any,
) -> GolfGame:
    """One hand (hole) an example sets up: a ``deal`` or a ``position``."""
    reshuffle = None
    if "reshuffle" in spec:
        reshuffle = NamedCards("GOLF-DECK", Card.parse).many(spec["reshuffle"], (*at, "reshuffle"))
    try:
        if kind == "deal":
            deck = None
            if "deck" in spec:
                deck = NamedCards("GOLF-DECK", Card.parse).many(spec["deck"], (*at, "deck"))
            return GolfGame(
                players,
                dealer=dealer,
                options=options,
                seed=spec.get("seed", seed),
                deck=deck,
                reshuffle=reshuffle,
            )
        seen = NamedCards("GOLF-DECK", Card.parse)
        layouts: dict[str, dict[Position, tuple[Card | None, bool]]] = {}
        for name, slots in spec["layouts"].items():
            here = (*at, "layouts", name)
            _player(players, name, here)
            layouts[name] = {}
            for pos, text in slots.items():
                card, up = _slot(text, (*here, pos))
                seen.add(card, (*here, pos))
                layouts[name][Position.parse(pos)] = (card, up)
        discard = seen.many(spec.get("discard", []), (*at, "discard"))
        stock = seen.many(spec.get("stock", []), (*at, "stock"))
        to_move = _player(players, spec["to_move"], (*at, "to_move")) if "to_move" in spec else None
        went_out = (
            _player(players, spec["went_out"], (*at, "went_out")) if "went_out" in spec else None
        )
        return GolfGame.from_position(
            players,
            layouts,
            discard=discard,
            stock=stock,
            stock_size=spec.get("stock_size"),
            to_move=to_move,
            went_out=went_out,
            dealer=dealer,
            options=options,
            seed=seed,
            reshuffle=reshuffle,
        )
    except NotationError as e:
        raise InputError.at(at, e.rule or "INPUT-SCHEMA", e.message) from None


def _match(players: tuple[str, ...], spec: Map, at: Path) -> GolfMatch:
    for name in spec:
        _player(players, name, (*at, name))
    missing = [p for p in players if p not in spec]
    if missing:
        raise InputError.at(at, "INPUT-PLAYER", f"no hole scores for {', '.join(missing)}")
    counts = {len(spec[p]) for p in players}
    if len(counts) != 1:
        raise InputError.at(at, "GOLF-MATCH", "every player needs a score for the same holes")
    match = GolfMatch(players)
    for i in range(counts.pop()):
        scores = {p: spec[p][i] for p in players}
        try:
            match.record(scores)
        except RuleViolation as v:
            # a score no hand can give (GOLF-MATCH) is said where it is written, and an
            # example may claim it as refused: the rule belongs to the engine
            bad = impossible(scores)
            v.path = [*at, bad[0], i] if bad is not None else list(at)
            raise
    return match


# -- claims -------------------------------------------------------------------------


def _game(state: State, path: Path) -> GolfGame:
    """The hand a claim is about: the example's, or in a match played hole by hole the hole
    in play (or the one just ended)."""
    if isinstance(state, PlayedMatch):
        return state.hole
    return claim_about(state, GolfGame, path, "a hand", "a match")


def _match_of(state: State, path: Path) -> GolfMatch:
    if isinstance(state, PlayedMatch):
        return state.match
    record = claim_about(state, Record, path, "a match", "a hand")
    return claim_about(record.value, GolfMatch, path, "a match", "a hand")


def _card_or_none(value: Any, path: Path) -> Card | None:
    return None if value is None else _card(value, path)


def _layout(state: State, value: Map, path: Path) -> Iterator[ClaimResult]:
    game = _game(state, path)
    for name, slots in value.items():
        _player(game.players, name, (*path, name))
        lay = game.layouts[name]
        for pos_text, text in slots.items():
            here = (*path, name, pos_text)
            pos = Position.parse(pos_text)
            card, up = _slot(text, here)
            actual_card, actual_up = lay.cards[pos], lay.up[pos]
            shown = str(actual_card) if actual_up else f"down {actual_card}"
            claimed_shown = (str(card) if up else f"down {card}") if card else "down"
            if card is None:
                shown = "down" if not actual_up else shown
            rule = lay.shown_by(pos)
            yield _compare(here, rule, f"{name}'s {pos.words} card", claimed_shown, shown)


def _columns(state: State, value: Map, path: Path) -> Iterator[ClaimResult]:
    game = _game(state, path)
    for name, cols in value.items():
        _player(game.players, name, (*path, name))
        score = game.layouts[name].score()
        for col_name, claimed in cols.items():
            col = score.columns[COLUMNS.index(col_name)]
            yield _compare(
                (*path, name, col_name),
                col.rule,
                f"{name}'s {col_name} column ({col.top} over {col.bottom}: {col.reason})",
                claimed,
                col.points,
            )


def _winner(state: State, value: Any, path: Path) -> Iterator[ClaimResult]:
    match = _match_of(state, path)
    if value is None:  # no winner yet: the match is not over
        actual = match.winners() if match.is_over else None
        yield _compare(path, "GOLF-MATCH", "the winner (none before the last hole)", None, actual)
        return
    claimed = [value] if isinstance(value, str) else list(value)
    for i, name in enumerate(claimed):
        _player(match.players, name, path if isinstance(value, str) else (*path, i))
    totals = match.totals()
    yield _compare(
        path,
        "GOLF-MATCH",
        f"the winner (lowest total of {', '.join(f'{p} {t}' for p, t in totals.items())})",
        claimed,
        match.winners(),
    )


def _mover(state: State, path: Path) -> GolfGame | PlayedMatch:
    """What knows whose move it is: the hand; in a match played hole by hole, the match
    (once a hole ends, the first player of the next)."""
    return state if isinstance(state, PlayedMatch) else _game(state, path)


def _hole_winner(state: State, value: Any, path: Path) -> Iterator[ClaimResult]:
    """Who won the hand (hole): the lowest score, several on a tie; none before it ends."""
    game = _game(state, path)
    actual = game.result().winners if game.is_over else None
    claimed = value if value is None else [value] if isinstance(value, str) else list(value)
    for i, name in enumerate(claimed or []):
        _player(game.players, name, path if isinstance(value, str) else (*path, i))
    what = "the hole's winner (lowest score" + (
        f": {', '.join(f'{p} {n}' for p, n in game.scores().items())})"
        if game.is_over
        else ", once it ends)"
    )
    yield _compare(path, "GOLF-MATCH", what, claimed, None if actual is None else list(actual))


def _legal(state: State, value: list[str], path: Path) -> Iterator[ClaimResult]:
    game = state if isinstance(state, PlayedMatch) else _game(state, path)
    claimed = claimed_moves(game, value, path)
    actual = [str(m) for m in game.legal_moves()]
    yield _compare(
        path,
        game.legal_rule,
        f"the legal moves of {game.to_move}",
        sorted(claimed),
        sorted(actual),
    )


CLAIMS: dict[str, ClaimFn] = {
    "stock": about(_game, "GOLF-DEAL", "cards in the stock", lambda g: g.stock_size),
    "discard_size": about(
        _game, "GOLF-DEAL", "cards in the discard pile", lambda g: len(g.discard)
    ),
    "discard_top": about(
        _game, "GOLF-REPLACE", "the top of the discard pile", lambda g: g.discard_top, _card_or_none
    ),
    "to_move": about(_mover, "GOLF-ORDER", "the player to move", lambda g: g.to_move),
    "phase": about(_game, "GOLF-ORDER", "the phase of the turn", lambda g: g.phase),
    "holding": about(_game, "GOLF-DRAW", "the card in hand", lambda g: g.holding, _card_or_none),
    "revealed": about(
        _game,
        "GOLF-REPLACE",
        "the card revealed by the last replacement",
        lambda g: g.revealed,
        _card_or_none,
    ),
    "over": about(_game, "GOLF-END", "whether the hand is over", lambda g: g.is_over),
    "layout": _layout,
    "columns": _columns,
    "face_up": about_each_player(
        _game, "GOLF-FLIP-TWO", "face-up cards", lambda g, p: sum(g.layouts[p].up)
    ),
    "score": about_each_player(
        _game, "GOLF-COLUMN", "the hand's score", lambda g, p: g.scores()[p]
    ),
    "visible_score": about_each_player(
        _game, "GOLF-VALUES", "the face-up cards' worth", lambda g, p: g.visible_score(p)
    ),
    "legal": _legal,
    "totals": about_each_player(
        _match_of, "GOLF-MATCH", "the match total", lambda m, p: m.totals()[p]
    ),
    "hole_wins": about_each_player(
        _match_of, "GOLF-MATCH", "holes won", lambda m, p: m.hole_wins()[p]
    ),
    "hole_winner": _hole_winner,
    "holes_played": about(_match_of, "GOLF-MATCH", "holes played", lambda m: m.holes_played),
    "winner": _winner,
}
