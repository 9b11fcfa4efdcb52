"""Every refusal of a move, in every game, is raised by the function ``cardlib rules ID
--code`` prints, with that function's words.

In random positions of each configuration, every move the notation can write (the
candidates of the random-play tests) is tried by the player to move, by another player and
by nobody named; for each one ``play`` refuses (every one not listed), the game's
``refusing_rule(game, player, move)`` asks its rules in play's order and returns the first
that refuses and its refusal.  The refusal ``play`` raised must be that one (the same ID and
the same words), its ID the function's mark (``fn.rule_id``), and the function the one the
catalogue names for the ID (``rules[ID].enforced_by``, whose source ``--code`` prints).  A
game whose first rule refuses every move once it is over (``OVER``) refuses with the rule
that ended it.  Each game says which refusals every walk meets (``refusals_seen``).

Written once over the games: a game takes part by giving ``refusing_rule`` and
``refusals_seen`` in ``tests/<its package>/invariants.py`` (and may name ``OVER``,
``EXCUSED`` pairs of a function and a rule ID not yet its own, ``REFUSAL_CONFIGS``,
``REFUSAL_SEEDS`` and ``REFUSAL_CANDIDATES``, the candidates tried a position).
"""

from __future__ import annotations

import random
from types import ModuleType

import pytest

from cardlib.catalogue import rule_of, rules
from cardlib.errors import RuleViolation
from tests.core.test_random_play import MODULES

#: the games whose refusals are walked, and their invariants
WALKED: dict[str, ModuleType] = {g: m for g, m in MODULES.items() if hasattr(m, "refusing_rule")}

CASES = [
    pytest.param(game, config, seed, id=f"{game}-{config}-seed{seed}")
    for game, module in WALKED.items()
    for config in getattr(module, "REFUSAL_CONFIGS", sorted(module.CONFIGS))
    for seed in getattr(module, "REFUSAL_SEEDS", (1,))
]


def test_every_game_with_rule_functions_takes_part() -> None:
    """Go Fish, Golf and Rook each walk their refusals (a game that drops its hook fails)."""
    assert {"go-fish", "golf", "rook"} <= set(WALKED)


@pytest.mark.parametrize(("game_id", "config", "seed"), CASES)
def test_every_refusal_comes_from_its_marked_function(game_id: str, config: str, seed: int) -> None:
    module = WALKED[game_id]
    game = module.CONFIGS[config](seed)
    rng = random.Random(f"{config}-{seed}")
    over = getattr(module, "OVER", None)
    excused = getattr(module, "EXCUSED", set())
    tried = getattr(module, "REFUSAL_CANDIDATES", None)
    seen: set[str] = set()
    while True:
        mover = game.to_move or game.players[0]
        other = rng.choice([p for p in game.players if p != mover])
        legal = game.legal_moves().now()
        for player in (mover, other, None):
            asker = game.to_move if player is None else player
            for candidate in module.candidates(game, rng)[:tried]:
                move = game.parse_move(candidate) if isinstance(candidate, str) else candidate
                if asker == game.to_move and move in legal:
                    continue  # accepted: the random-play tests hold the listing against play
                with pytest.raises(RuleViolation) as raised:
                    game.play(move, player=player)  # refused, so the game is unchanged
                refused = raised.value
                fn, refusal = module.refusing_rule(game, player, move)
                assert (refusal.rule, refusal.reason) == (refused.rule, refused.message), fn
                if fn is over:
                    assert refused.rule == game.end_rule, (move, refused)
                    continue
                if (fn, refused.rule) in excused:
                    continue
                assert rule_of(fn) == refused.rule, (move, player, fn, refused)
                assert rules[refused.rule].enforced_by is fn, refused.rule
                seen.add(refused.rule)
        if game.is_over:
            break
        game.make(rng.choice(game.legal_moves().now()))
    module.refusals_seen(game, seen)
