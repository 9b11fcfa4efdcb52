"""Replaying Rook worked examples: setups, moves and the claims they can make.

A setup is one of

* ``deal: {seed: 7}`` or ``deal: {deck: [41 cards]}``: a fresh deal, the auction next;
* ``hand: {hands: ..., nest: ...}``: the cards as dealt, named (the auction next);
* ``position: {hands: ..., nest: ..., bid: {North: 95}, trump: green, tricks: [...]}``: a
  hand after the auction: without ``trump`` the bidder is about to exchange with ``nest``;
  with it ``hands`` are the nine cards each held after the exchange, ``nest`` is what was
  laid aside, and ``tricks`` (cards in play order) are replayed through the engine;
* ``game: {totals: ..., hands: [{bid: {NS: 95}, took: {NS: 120, EW: 0}}, ...]}``: the
  hands of a game to 300, each scored by the engine.

Moves are :class:`cardlib.rook.RookMove` notation (``bid 95``, ``pass``, ``lay aside R6 R7
R11 B11 R5``, ``trump green``, ``play Y7``).  Every claimed value is computed by the engine.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from cardlib.claims import ClaimFn, ClaimResult, Confirmed, Mismatch, NamedCards, claim_about
from cardlib.claims import compare as _compare
from cardlib.claims import player as _player
from cardlib.errors import InputError, NotationError, RuleViolation
from cardlib.examples import Map
from cardlib.rook.cards import ROOK, RookCard, counters
from cardlib.rook.engine import (
    BID_STEP,
    MAX_BID,
    MIN_BID,
    PASS,
    HandScore,
    RookHand,
    RookMove,
    RookOptions,
    Team,
    game_winner,
    led_colour,
    score_hand,
)

Path = tuple[Any, ...]


@dataclass
class Game:
    """A game to 300 as a list of scored hands (``game:`` setup): there are no moves."""

    start: dict[str, int]
    scores: list[HandScore] = field(default_factory=list)
    totals: dict[str, int] = field(default_factory=dict)
    winner: Team | None = None


State = RookHand | Game


# -- reading the setup --------------------------------------------------------------


def _card(text: Any, path: Path) -> RookCard:
    try:
        return RookCard.parse(text)
    except NotationError as e:
        raise InputError.at(path, "ROOK-DECK", e.message) from None


def start(doc: Map) -> State:
    players = tuple(doc["players"])
    dealer = _player(players, doc["dealer"], ("dealer",)) if "dealer" in doc else None
    options = RookOptions(**doc.get("options", {}))
    seed = doc.get("seed", 0)
    ((kind, spec),) = doc["setup"].items()
    at: Path = ("setup", kind)
    if kind == "game":
        return _game(spec, at)
    try:
        if kind == "deal":
            deck = (
                NamedCards("ROOK-DECK", RookCard.parse).many(spec["deck"], (*at, "deck"))
                if "deck" in spec
                else None
            )
            return RookHand(
                players, dealer=dealer, options=options, seed=spec.get("seed", seed), deck=deck
            )
        seen = NamedCards("ROOK-DECK", RookCard.parse)
        hands: dict[str, list[RookCard]] = {}
        for name, cards in spec["hands"].items():
            here = (*at, "hands", name)
            _player(players, name, here)
            hands[name] = seen.many(cards, here)
        nest = seen.many(spec.get("nest", []), (*at, "nest"))
        if kind == "hand":
            return RookHand.from_position(
                hands, nest, players=players, dealer=dealer, options=options, seed=seed
            )
        ((bidder, amount),) = spec["bid"].items()
        _player(players, bidder, (*at, "bid", bidder))
        try:
            hand = RookHand.from_position(
                hands,
                nest,
                players=players,
                dealer=dealer,
                bid=(bidder, amount),
                trump=spec.get("trump"),
                options=options,
                seed=seed,
            )
        except RuleViolation as v:
            if v.rule == "ROOK-BID-MIN":
                raise InputError.at((*at, "bid", bidder), v.rule, v.message) from None
            raise
        _replay_tricks(hand, spec.get("tricks", []), (*at, "tricks"))
        return hand
    except RuleViolation as v:
        raise InputError.at(at, v.rule, v.message) from None
    except NotationError as e:
        raise InputError.at(at, e.rule or "INPUT-SCHEMA", e.message) from None


def _replay_tricks(hand: RookHand, tricks: list[list[Any]], at: Path) -> None:
    """Play the tricks of a ``position:`` setup through the engine, card by card."""
    for i, cards in enumerate(tricks):
        if len(cards) < 4 and i < len(tricks) - 1:
            raise InputError.at(
                (*at, i),
                "ROOK-LEAD",
                f"trick {i + 1} has {len(cards)} cards: only the last trick listed may be "
                "still in progress",
            )
        for j, text in enumerate(cards):
            card = _card(text, (*at, i, j))
            who = hand.to_move
            try:
                hand.play(RookMove("play", cards=(card,)))
            except RuleViolation as v:
                raise InputError.at(
                    (*at, i, j), v.rule, f"trick {i + 1}: {who} cannot play {card}: {v.message}"
                ) from None


def _game(spec: Map, at: Path) -> Game:
    start = {t.value: spec.get("totals", {}).get(t.value, 0) for t in Team}
    game = Game(start, totals=dict(start), winner=game_winner(start))
    for i, record in enumerate(spec.get("hands", [])):
        here = (*at, "hands", i)
        if game.winner is not None:
            raise InputError.at(
                here,
                "ROOK-GAME",
                f"the game is already over ({game.winner.label} won with "
                f"{game.totals[game.winner]} to {game.totals[game.winner.other]}): "
                "no further hand is played",
            )
        ((team, bid),) = record["bid"].items()
        if not (MIN_BID <= bid <= MAX_BID and bid % BID_STEP == 0):
            raise InputError.at(
                (*here, "bid", team),
                "ROOK-BID-MIN",
                f"a contract of {bid} is impossible: bids are multiples of {BID_STEP} "
                f"from {MIN_BID} to {MAX_BID}",
            )
        try:
            score = score_hand(team, bid, record["took"])
        except RuleViolation as v:
            raise InputError.at((*here, "took"), v.rule, v.message) from None
        game.scores.append(score)
        for t in Team:
            game.totals[t.value] += score.points[t]
        game.winner = game_winner(game.totals)
    return game


# -- moves --------------------------------------------------------------------------


def play(state: State, player: str, move: str, path: Path) -> object:
    if isinstance(state, Game):
        raise InputError.at(
            path, "INPUT-SCHEMA", "a game example records hand scores; it has no moves"
        )
    _player(state.players, player, path)
    try:
        mv = RookMove.parse(move)
    except NotationError as e:
        raise InputError.at(path, e.rule or "INPUT-MOVE", e.message) from None
    return state.play(mv, player=player)


# -- claims -------------------------------------------------------------------------


def _hand(state: State, path: Path) -> RookHand:
    return claim_about(state, RookHand, path, "a hand", "a game")


def _game_of(state: State, path: Path) -> Game:
    return claim_about(state, Game, path, "a game", "a hand")


def _cards(value: list[Any], path: Path) -> list[RookCard]:
    return _sorted(_card(c, (*path, i)) for i, c in enumerate(value))


def _sorted(cards: Any) -> list[RookCard]:
    return sorted(cards, key=lambda c: c.order)


_PHASE_RULE = {
    "bid": "ROOK-BID-ORDER",
    "nest": "ROOK-NEST-TAKE",
    "trump": "ROOK-TRUMP",
    "play": "ROOK-LEAD",
    "over": "ROOK-LEAD",
}


def _turn_rule(hand: RookHand) -> str:
    """The rule that says whose turn it is (or that the hand is over)."""
    if hand.thrown_in:
        return "ROOK-ALL-PASS"
    return _PHASE_RULE[hand.phase]


def _over_rule(hand: RookHand) -> str:
    """ROOK-ALL-PASS when a house rule settled an all-pass auction, else ROOK-LEAD (nine tricks)."""
    if any("ROOK-ALL-PASS" in e.rules for e in hand.log):
        return "ROOK-ALL-PASS"
    return "ROOK-LEAD"


def _play_rule(hand: RookHand) -> str:
    """The rule that decides which cards the player to move may play now."""
    trick = hand.current_trick
    if not trick:
        return "ROOK-LEAD"
    assert hand.trump is not None and hand.to_move is not None
    lead = trick[0][1]
    led = led_colour(lead, hand.trump)
    held = hand.hand_of(hand.to_move)
    if any(c.colour is led for c in held):
        return "ROOK-BIRD-LEAD" if lead is ROOK else "ROOK-FOLLOW"
    if led is hand.trump and ROOK in held:
        return "ROOK-BIRD-FORCED"
    return "ROOK-VOID"


def _legal_rule(hand: RookHand) -> str:
    if hand.phase == "bid":
        if PASS not in list(hand.legal_moves()):
            return "ROOK-ALL-PASS"
        return "ROOK-BID-MIN" if hand.high_bid is None else "ROOK-BID-RAISE"
    if hand.phase == "play":
        return _play_rule(hand)
    return _turn_rule(hand)


def _bids(hand: RookHand) -> list[tuple[str, int]]:
    return [(e.player, e.move.amount) for e in hand.log if e.move.kind == "bid"]  # type: ignore[misc]


def _high_bidder(hand: RookHand) -> str | None:
    if hand.bidder is not None:
        return hand.bidder
    bids = _bids(hand)
    return bids[-1][0] if bids else None


def _high_bid_rule(hand: RookHand) -> str:
    return "ROOK-BID-RAISE" if len(_bids(hand)) > 1 else "ROOK-BID-MIN"


def _contract(state: State, value: Map | None, path: Path) -> Iterator[ClaimResult]:
    hand = _hand(state, path)
    team = hand.bidders
    if value is None:
        actual = None if team is None else f"{team.value} {hand.bid}"
        yield _compare(path, "ROOK-BID-WIN", "the contract", None, actual)
        return
    for key, claimed in value.items():
        actual = hand.bid if team is not None and team.value == key else None
        what = f"the contract of {Team(key).label}"
        yield _compare((*path, key), "ROOK-BID-WIN", what, claimed, actual)


def _simple(rule: Any, what: str, compute: Callable[[RookHand], Any], parse: Any = None) -> ClaimFn:
    """A claim about the hand; ``rule`` is an ID or a function of the hand."""

    def claim(state: State, value: Any, path: Path) -> Iterator[ClaimResult]:
        hand = _hand(state, path)
        claimed = parse(value, path) if parse else value
        r = rule(hand) if callable(rule) else rule
        yield _compare(path, r, what, claimed, compute(hand))

    return claim


def _hand_rule(hand: RookHand, name: str) -> str:
    return "ROOK-NEST-TAKE" if name == hand.bidder else "ROOK-DEAL"


def _hand_claim(state: State, value: Map, path: Path) -> Iterator[ClaimResult]:
    hand = _hand(state, path)
    for name, claimed in value.items():
        here = (*path, name)
        _player(hand.players, name, here)
        held = hand.hand_of(name)
        rule = _hand_rule(hand, name)
        if isinstance(claimed, int):
            yield _compare(here, rule, f"cards in {name}'s hand", claimed, len(held))
        else:
            yield _compare(here, rule, f"{name}'s hand", _cards(claimed, here), held)


def _nest_rule(hand: RookHand) -> str:
    return "ROOK-DEAL" if hand.phase == "bid" else "ROOK-NEST-TAKE"


def _nest(state: State, value: Any, path: Path) -> Iterator[ClaimResult]:
    hand = _hand(state, path)
    if isinstance(value, int):
        yield _compare(path, _nest_rule(hand), "cards in the nest", value, len(hand.nest))
    else:
        yield _compare(path, _nest_rule(hand), "the nest", _cards(value, path), _sorted(hand.nest))


def _players_list(hand: RookHand, value: list[Any], path: Path) -> list[str]:
    names = [_player(hand.players, n, (*path, i)) for i, n in enumerate(value)]
    return sorted(names, key=hand.players.index)


def _passed(state: State, value: list[Any], path: Path) -> Iterator[ClaimResult]:
    hand = _hand(state, path)
    claimed = _players_list(hand, value, path)
    actual = [p for p in hand.players if hand.passed(p)]
    yield _compare(path, "ROOK-BID-PASS", "the players who have passed", claimed, actual)


def _player_or_none(value: Any, path: Path, hand: RookHand) -> str | None:
    return None if value is None else _player(hand.players, value, path)


def _who(rule: Any, what: str, compute: Callable[[RookHand], str | None]) -> ClaimFn:
    """A claim naming a player (or null)."""

    def claim(state: State, value: Any, path: Path) -> Iterator[ClaimResult]:
        hand = _hand(state, path)
        claimed = _player_or_none(value, path, hand)
        r = rule(hand) if callable(rule) else rule
        yield _compare(path, r, what, claimed, compute(hand))

    return claim


def _trick_rule_for_winner(card: RookCard) -> str:
    return "ROOK-BIRD-TOP" if card is ROOK else "ROOK-TRICK-WIN"


def _tricks(state: State, value: Map, path: Path) -> Iterator[ClaimResult]:
    hand = _hand(state, path)
    for key, claims in value.items():
        n = int(key)
        here = (*path, key)
        if n > len(hand.tricks):
            yield Mismatch(
                here,
                "ROOK-LEAD",
                f"trick {n}",
                "played",
                f"not played yet ({len(hand.tricks)} of 9 tricks are played)",
            )
            continue
        trick = hand.tricks[n - 1]
        for what, claimed in claims.items():
            at = (*here, what)
            if what == "winner":
                top = trick.winning_card
                yield _compare(
                    at,
                    _trick_rule_for_winner(top),
                    f"the winner of trick {n} ({_plays(trick)})",
                    _player(hand.players, claimed, at),
                    trick.winner,
                )
            elif what == "counters":
                yield _compare(
                    at,
                    "ROOK-COUNT",
                    f"the counters in trick {n} ({' '.join(map(str, trick.cards))})",
                    claimed,
                    trick.counters,
                )
            elif what == "leader":
                yield _compare(
                    at,
                    "ROOK-LEAD",
                    f"the leader of trick {n}",
                    _player(hand.players, claimed, at),
                    trick.leader,
                )
            else:  # cards, in play order
                yield _compare(
                    at,
                    "ROOK-LEAD",
                    f"the cards of trick {n} in play order",
                    [_card(c, (*at, i)) for i, c in enumerate(claimed)],
                    list(trick.cards),
                )


def _plays(trick: Any) -> str:
    return ", ".join(f"{p} {c}" for p, c in zip(trick.players, trick.cards, strict=True))


def _trick(state: State, value: list[Any], path: Path) -> Iterator[ClaimResult]:
    hand = _hand(state, path)
    claimed = [_card(c, (*path, i)) for i, c in enumerate(value)]
    actual = [c for _p, c in hand.current_trick]
    yield _compare(path, "ROOK-LEAD", "the cards of the trick in progress", claimed, actual)


def _counters_rule(hand: RookHand, team: str) -> str:
    if hand.nest_to is not None and hand.team_of(hand.nest_to) == team and counters(hand.nest):
        return "ROOK-NEST-LAST"
    return "ROOK-COUNT"


def _counters(state: State, value: Map, path: Path) -> Iterator[ClaimResult]:
    hand = _hand(state, path)
    taken = hand.counters_taken()
    for team, claimed in value.items():
        yield _compare(
            (*path, team),
            _counters_rule(hand, team),
            f"counters taken by {Team(team).label}",
            claimed,
            taken[team],
        )


def _last_score(state: State, path: Path) -> tuple[dict[str, int], str, HandScore | None]:
    """The points of the hand (or of the last hand of a game), the rule, and the score."""
    if isinstance(state, Game):
        if not state.scores:
            raise InputError.at(path, "INPUT-SCHEMA", f"{path[-1]!r}: this game lists no hands")
        score = state.scores[-1]
        return {t.value: score.points[t] for t in Team}, score.rule, score
    points = state.result()  # a RuleViolation (not over yet) is reported at the claim
    if state.score is None:
        return points, "ROOK-ALL-PASS", None
    return points, state.score.rule, state.score


def _score(state: State, value: Map, path: Path) -> Iterator[ClaimResult]:
    points, rule, score = _last_score(state, path)
    why = "" if score else " (thrown in)"
    for team, claimed in value.items():
        what = f"the hand's score of {Team(team).label}{why}"
        yield _compare((*path, team), rule, what, claimed, points[team])


def _made(state: State, value: bool, path: Path) -> Iterator[ClaimResult]:
    _points, rule, score = _last_score(state, path)
    if score is None:
        raise InputError.at(
            path, "ROOK-ALL-PASS", "made: the hand was thrown in; there is no contract"
        )
    what = f"whether the contract was made ({score.explain()})"
    yield _compare(path, rule, what, value, score.made)


def _over(state: State, value: bool, path: Path) -> Iterator[ClaimResult]:
    if isinstance(state, Game):
        yield _compare(
            path, "ROOK-GAME", "whether the game is over", value, state.winner is not None
        )
    else:
        yield _compare(path, _over_rule(state), "whether the hand is over", value, state.is_over)


def _totals(state: State, value: Map, path: Path) -> Iterator[ClaimResult]:
    game = _game_of(state, path)
    for team, claimed in value.items():
        yield _compare(
            (*path, team),
            "ROOK-GAME",
            f"the game total of {Team(team).label} after {_hands(len(game.scores))}",
            claimed,
            game.totals[team],
        )


def _hands(n: int) -> str:
    return f"{n} hand" if n == 1 else f"{n} hands"


def _totals_text(game: Game) -> str:
    return f"NS {game.totals['NS']}, EW {game.totals['EW']}"


def _winner(state: State, value: Any, path: Path) -> Iterator[ClaimResult]:
    game = _game_of(state, path)
    actual = None if game.winner is None else game.winner.value
    what = f"the winner of the game ({_totals_text(game)})"
    yield _compare(path, "ROOK-GAME", what, value, actual)


def _another_hand(state: State, value: bool, path: Path) -> Iterator[ClaimResult]:
    game = _game_of(state, path)
    what = f"whether another hand is played ({_totals_text(game)})"
    yield _compare(path, "ROOK-GAME", what, value, game.winner is None)


def _legal(state: State, value: Any, path: Path) -> Iterator[ClaimResult]:
    hand = _hand(state, path)
    legal = hand.legal_moves()
    rule = _legal_rule(hand)
    if isinstance(value, int):
        what = f"the number of legal moves of {hand.to_move}"
        yield _compare(path, rule, what, value, len(legal))
        return
    claimed = []
    for i, text in enumerate(value):
        try:
            claimed.append(str(RookMove.parse(text)))
        except NotationError as e:
            raise InputError.at((*path, i), "INPUT-MOVE", e.message) from None
    actual = [str(m) for m in legal]  # in the engine's order, for the narration
    what = f"the legal moves of {hand.to_move}"
    if sorted(claimed) == sorted(actual):
        yield Confirmed(what, actual, rule)
    else:
        yield Mismatch(path, rule, what, claimed, actual)


CLAIMS: dict[str, ClaimFn] = {
    "phase": _simple(_turn_rule, "the phase of the hand", lambda h: h.phase),
    "to_move": _who(_turn_rule, "the player to move", lambda h: h.to_move),
    "high_bid": _simple(_high_bid_rule, "the highest bid so far", lambda h: h.high_bid),
    "high_bidder": _who(_high_bid_rule, "the highest bidder so far", _high_bidder),
    "passed": _passed,
    "bidder": _who("ROOK-BID-WIN", "the player who won the auction", lambda h: h.bidder),
    "bid": _simple("ROOK-BID-WIN", "the contract (the winning bid)", lambda h: h.bid),
    "contract": _contract,
    "hand": _hand_claim,
    "nest": _nest,
    "nest_counters": _simple("ROOK-COUNT", "the counters in the nest", lambda h: counters(h.nest)),
    "nest_to": _who("ROOK-NEST-LAST", "who took the nest", lambda h: h.nest_to),
    "trump": _simple("ROOK-TRUMP", "trump", lambda h: h.trump.word if h.trump else None),
    "trick": _trick,
    "tricks": _tricks,
    "counters": _counters,
    "score": _score,
    "made": _made,
    "over": _over,
    "legal": _legal,
    "totals": _totals,
    "winner": _winner,
    "another_hand": _another_hand,
}
