"""Replaying Rook worked examples: setups, moves and the claims they can make.

A setup is one of

* ``deal: {seed: 7}`` or ``deal: {deck: [41 cards]}``: a fresh deal, the auction next;
* ``hand: {hands: ..., nest: ...}``: the cards as dealt, named (the auction next);
* ``position: {hands: ..., nest: ..., bid: {North: 95}, trump: green, tricks: [...]}``: a
  hand after the auction: without ``trump`` the bidder is about to exchange with ``nest``;
  with it ``hands`` are the nine cards each held after the exchange, ``nest`` is what was
  laid aside, and ``tricks`` (cards in play order) are replayed through the engine;
* ``game: {totals: ..., hands_played: 3, cut: [...], hands: [{bid: {NS: 95}, took: {NS:
  120, EW: 0}}, ...]}``: the hands of a game to 300, each scored by the engine's
  :meth:`RookGame.record_hand`, which also passes the deal and exchanges the seats; the
  first dealer is ``dealer``, or cut for (``cut``: the cards each player cut, a round a
  mapping; without it, cut from the pack shuffled with ``seed``).  It has no moves.

Moves are :class:`cardlib.rook.RookMove` notation (``bid 95``, ``pass``, ``lay aside R6 R7
R11 B11 R5``, ``trump green``, ``play Y7``).  Every claimed value is computed by the engine.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from cardlib.claims import (
    ClaimFn,
    ClaimResult,
    Confirmed,
    Mismatch,
    NamedCards,
    Record,
    about,
    claimed_moves,
)
from cardlib.claims import compare as _compare
from cardlib.claims import player as _player
from cardlib.errors import InputError, NotationError, RuleViolation
from cardlib.examples import Map
from cardlib.rook.cards import RookCard, counters
from cardlib.rook.game import RookGame
from cardlib.rook.hand import RookHand
from cardlib.rook.moves import RookMove
from cardlib.rook.scoring import HandScore
from cardlib.rook.seats import RookOptions, Team

Path = tuple[Any, ...]
#: a hand, or (``game:`` setup) the record of a game: a RookGame that takes no moves
State = RookHand | RookGame | Record


# -- reading the setup --------------------------------------------------------------


def _card(text: Any, path: Path) -> RookCard:
    try:
        return RookCard.parse(text)
    except NotationError as e:
        raise InputError.at(path, "ROOK-DECK", e.message) from None
    except RuleViolation as v:  # a card taken out of the pack: refused where it is written
        v.path = list(path)
        raise


def start(doc: Map) -> State:
    """The hand or game an example sets up.  A setup the rules refuse raises the engine's
    RuleViolation (the checker reports it, or confirms a ``refused:`` claim)."""
    players = tuple(doc["players"])
    dealer = _player(players, doc["dealer"], ("dealer",)) if "dealer" in doc else None
    options = RookOptions(**doc.get("options", {}))
    seed = doc.get("seed", 0)
    ((kind, spec),) = doc["setup"].items()
    at: Path = ("setup", kind)
    try:
        if kind == "game":
            return _game(players, dealer, options, seed, spec, at)
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
                players, hands, nest, dealer=dealer, options=options, seed=seed
            )
        ((bidder, amount),) = spec["bid"].items()
        _player(players, bidder, (*at, "bid", bidder))
        try:
            hand = RookHand.from_position(
                players,
                hands,
                nest,
                dealer=dealer,
                bid=(bidder, amount),
                trump=spec.get("trump"),
                options=options,
                seed=seed,
            )
        except RuleViolation as v:
            if v.rule == "ROOK-BID-MIN":  # said at the contract
                v.path = [*at, "bid", bidder]
            raise
        _replay_tricks(hand, spec.get("tricks", []), (*at, "tricks"))
        return hand
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
                said = RuleViolation(
                    v.rule, f"trick {i + 1}: {who} cannot play {card}: {v.message}"
                )
                said.path = [*at, i, j]
                raise said from None


def _game(
    players: tuple[str, ...],
    dealer: str | None,
    options: RookOptions,
    seed: Any,
    spec: Map,
    at: Path,
) -> RookGame:
    cut = spec.get("cut")
    if cut is not None:
        cut = [
            {
                _player(players, p, (*at, "cut", i, p)): _card(c, (*at, "cut", i, p))
                for p, c in r.items()
            }
            for i, r in enumerate(cut)
        ]
    deals: list[Any] = []
    for i, deal in enumerate(spec.get("deals", [])):  # each checked against the pack alone
        here = (*at, "deals", i)
        seen = NamedCards("ROOK-DECK", RookCard.parse)
        if "deck" in deal and len(deal) > 1:
            raise InputError.at(
                here, "INPUT-SCHEMA", "a deal is a deck, or the hands and nest, not both"
            )
        if "deck" in deal:
            deals.append(seen.many(deal["deck"], (*here, "deck")))
            continue
        hands = {}
        for name, cards in deal.get("hands", {}).items():
            _player(players, name, (*here, "hands", name))
            hands[name] = seen.many(cards, (*here, "hands", name))
        deals.append({"hands": hands, "nest": seen.many(deal.get("nest", []), (*here, "nest"))})
    try:
        game = RookGame(
            players,
            dealer=dealer,
            options=options,
            seed=seed,
            totals=spec.get("totals", {}),
            hands_played=spec.get("hands_played", 0),
            cut=cut,
        )
    except RuleViolation as v:  # totals no game stands at (ROOK-COUNT, ROOK-GAME)
        if v.path is None and v.rule in ("ROOK-COUNT", "ROOK-GAME"):
            v.path = [*at, "totals"]
        raise
    for i, record in enumerate(spec.get("hands", [])):
        here = (*at, "hands", i)
        try:
            if record.get("all_pass"):
                game.record_all_pass()
                continue
            if "bid" not in record or "took" not in record:
                raise InputError.at(
                    here,
                    "INPUT-SCHEMA",
                    "a hand's record needs bid: and took:, or all_pass: true for a hand "
                    "everybody passed",
                )
            ((team, bid),) = record["bid"].items()
            game.record_hand(team, bid, record["took"])
        except RuleViolation as v:
            # a record the rules refuse (a contract no bid can make, counters that do not
            # add up to 120, a hand after the game is won) is said where it is written, and
            # an example may claim it as refused: the rules belong to the engine
            where = {
                "ROOK-BID-MIN": [*here, "bid", *record.get("bid", {})],
                "ROOK-COUNT": [*here, "took"],
            }
            v.path = where.get(v.rule, list(here))
            raise
    if deals:  # the hands played from here on are dealt from the deals named
        try:
            game.stack(deals)
        except RuleViolation as v:  # a deck short of 41 cards, a hand of ten (ROOK-DEAL)
            v.path = [*at, "deals"]
            raise
    # the steps play on from the hand after the records, move by move, hand after hand
    return game


# -- claims -------------------------------------------------------------------------


def _hand(state: State, path: Path) -> RookHand:
    """The hand a claim is about: the example's hand, or the hand in play of its game."""
    if isinstance(state, RookHand):
        return state
    if isinstance(state, RookGame):
        return state.hand
    this = "a game" if _is_game(state) else "a setup the rules refuse"
    raise InputError.at(
        path, "INPUT-SCHEMA", f"{path[-1]!r} is a claim about a hand; this example is {this}"
    )


def _is_game(state: State) -> bool:
    return isinstance(state, RookGame)


def _game_of(state: State, path: Path) -> RookGame:
    if isinstance(state, RookGame):
        return state
    this = "a hand" if isinstance(state, RookHand) else "a setup the rules refuse"
    raise InputError.at(
        path, "INPUT-SCHEMA", f"{path[-1]!r} is a claim about a game; this example is {this}"
    )


def _cards(value: list[Any], path: Path) -> list[RookCard]:
    return _sorted(_card(c, (*path, i)) for i, c in enumerate(value))


def _sorted(cards: Any) -> list[RookCard]:
    return sorted(cards, key=lambda c: c.order)


def _contract(state: State, value: Map | None, path: Path) -> Iterator[ClaimResult]:
    hand = _hand(state, path)
    team = hand.bidders
    if value is None:
        actual = None if team is None else f"{team.value} {hand.bid}"
        yield _compare(path, "ROOK-BID-WIN", "the contract", None, actual)
        return
    for key, claimed in value.items():
        amount = hand.bid if team is not None and team.value == key else None
        what = f"the contract of {Team(key).label}"
        yield _compare((*path, key), "ROOK-BID-WIN", what, claimed, amount)


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


def _hand_rule(hand: RookHand, player: str) -> str:
    """The rule that says what a player holds: the bidder's exchange, or the deal."""
    return "ROOK-NEST-TAKE" if player == hand.bidder else "ROOK-DEAL"


def _nest(state: State, value: Any, path: Path) -> Iterator[ClaimResult]:
    hand = _hand(state, path)
    # what the nest holds: the deal's until the auction is won, then the bidder's exchange
    rule = "ROOK-DEAL" if hand.phase == "bid" else "ROOK-NEST-TAKE"
    if isinstance(value, int):
        yield _compare(path, rule, "cards in the nest", value, len(hand.nest))
    else:
        yield _compare(path, rule, "the nest", _cards(value, path), _sorted(hand.nest))


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
                yield _compare(
                    at,
                    trick.winner_rule,
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


def _counters(state: State, value: Map, path: Path) -> Iterator[ClaimResult]:
    hand = _hand(state, path)
    taken = hand.counters_taken()
    for team, claimed in value.items():
        yield _compare(
            (*path, team),
            hand.counters_rule(team),
            f"counters taken by {Team(team).label}",
            claimed,
            taken[team],
        )


def _last_score(state: State, path: Path) -> tuple[dict[str, int], str, HandScore | None]:
    """The points of the hand (or of the last hand of a game), the rule, and the score."""
    if not isinstance(state, RookHand):
        game = _game_of(state, path)
        if not game.scores:
            raise InputError.at(path, "INPUT-SCHEMA", f"{path[-1]!r}: this game lists no hands")
        score = game.scores[-1]
        return {t.value: score.points[t] for t in Team}, score.rule, score
    points = dict(state.result().teams)  # a RuleViolation (not over yet) is reported at the claim
    return points, state.score_rule, state.score


def _score(state: State, value: Map, path: Path) -> Iterator[ClaimResult]:
    points, rule, score = _last_score(state, path)
    why = "" if score else " (thrown in)"
    for team, claimed in value.items():
        what = f"the hand's score of {Team(team).label}{why}"
        yield _compare((*path, team), rule, what, claimed, points[team])


def _made(state: State, value: bool, path: Path) -> Iterator[ClaimResult]:
    _points, rule, score = _last_score(state, path)
    if score is None:
        raise InputError.at(path, rule, "made: the hand was thrown in; there is no contract")
    what = f"whether the contract was made ({score.explain()})"
    yield _compare(path, rule, what, value, score.made)


def _over(state: State, value: bool, path: Path) -> Iterator[ClaimResult]:
    if isinstance(state, RookHand):
        yield _compare(path, state.end_rule, "whether the hand is over", value, state.is_over)
    else:
        game = _game_of(state, path)
        yield _compare(path, "ROOK-GAME", "whether the game is over", value, game.is_over)


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


def _totals_text(game: RookGame) -> str:
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
    rule = hand.legal_rule
    if isinstance(value, int):
        what = f"the number of legal moves of {hand.to_move}"
        yield _compare(path, rule, what, value, len(legal))
        return
    claimed = claimed_moves(hand, value, path)
    actual = [str(m) for m in legal]  # in the engine's order, for the narration
    what = f"the legal moves of {hand.to_move}"
    if sorted(claimed) == sorted(actual):
        yield Confirmed(what, actual, rule)
    else:
        yield Mismatch(path, rule, what, claimed, actual)


def _turn_rule(hand: RookHand) -> str:
    return hand.turn_rule


def _high_bid_rule(hand: RookHand) -> str:
    """The rule behind the high bid, read from the facts: the rule the last bid's fact
    names (ROOK-BID-MIN for the opening, ROOK-BID-RAISE once raised); ROOK-BID-MIN when
    no bid was made here (a position set up with its contract, the dealer taking 70)."""
    bids = (fact for event in reversed(hand.log) for fact in event.facts if fact.kind == "bid")
    return next((fact.rules[0] for fact in bids), "ROOK-BID-MIN")


def _dealer(state: State, value: Any, path: Path) -> Iterator[ClaimResult]:
    """Who deals the hand (a game: the hand to be dealt next)."""
    if isinstance(state, RookHand):
        claimed = _player(state.players, value, path)
        yield _compare(path, "ROOK-DEALER", "the dealer", claimed, state.dealer)
        return
    game = _game_of(state, path)
    claimed = _player(game.players, value, path)
    what = f"the dealer of hand {len(game.dealers)}"
    yield _compare(path, "ROOK-DEALER", what, claimed, game.dealer)


def _dealers(state: State, value: list[Any], path: Path) -> Iterator[ClaimResult]:
    game = _game_of(state, path)
    claimed = [_player(game.players, p, (*path, i)) for i, p in enumerate(value)]
    what = "the dealer of each hand so far, the next hand's last"
    yield _compare(path, "ROOK-DEALER", what, claimed, list(game.dealers))


def _seating(state: State, value: list[Any], path: Path) -> Iterator[ClaimResult]:
    """The players in seat order North, East, South, West."""
    if isinstance(state, RookHand):
        players, rule = state.players, "ROOK-TEAMS"
    else:
        game = _game_of(state, path)
        players, rule = game.seating, "ROOK-SEAT-SWAP"
    claimed = [_player(players, p, (*path, i)) for i, p in enumerate(value)]
    yield _compare(path, rule, "the seating (North, East, South, West)", claimed, list(players))


def _cut(state: State, value: list[Any], path: Path) -> Iterator[ClaimResult]:
    game = _game_of(state, path)
    seat = game.players.index
    claimed = [
        _cut_round(
            {
                _player(game.players, p, (*path, i, p)): _card(c, (*path, i, p))
                for p, c in r.items()
            },
            seat,
        )
        for i, r in enumerate(value)
    ]
    actual = [_cut_round(r, seat) for r in game.cut]
    what = "the cut for the first dealer, round by round"
    yield _compare(path, "ROOK-DEALER", what, claimed, actual)


def _cut_round(cut: dict[str, RookCard], seat: Callable[[str], int]) -> str:
    """One round of the cut as a message lists it: ``(Ann Y14, Ben R14)``."""
    return "(" + ", ".join(f"{p} {cut[p]}" for p in sorted(cut, key=seat)) + ")"


def _hands_played(state: State, value: int, path: Path) -> Iterator[ClaimResult]:
    game = _game_of(state, path)
    yield _compare(path, "ROOK-GAME", "the hands played", value, game.hands_played)


CLAIMS: dict[str, ClaimFn] = {
    "phase": about(_hand, _turn_rule, "the phase of the hand", lambda h: h.phase),
    "to_move": _who(_turn_rule, "the player to move", lambda h: h.to_move),
    "high_bid": about(_hand, _high_bid_rule, "the highest bid so far", lambda h: h.high_bid),
    "high_bidder": _who(_high_bid_rule, "the highest bidder so far", lambda h: h.high_bidder),
    "passed": _passed,
    "bidder": _who("ROOK-BID-WIN", "the player who won the auction", lambda h: h.bidder),
    "bid": about(_hand, "ROOK-BID-WIN", "the contract (the winning bid)", lambda h: h.bid),
    "contract": _contract,
    "hand": _hand_claim,
    "nest": _nest,
    "nest_counters": about(
        _hand, "ROOK-COUNT", "the counters in the nest", lambda h: counters(h.nest)
    ),
    "nest_to": _who("ROOK-NEST-LAST", "who took the nest", lambda h: h.nest_to),
    "trump": about(_hand, "ROOK-TRUMP", "trump", lambda h: h.trump.word if h.trump else None),
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
    "dealer": _dealer,
    "dealers": _dealers,
    "seating": _seating,
    "cut": _cut,
    "hands_played": _hands_played,
}
