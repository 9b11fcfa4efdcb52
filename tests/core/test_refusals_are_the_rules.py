"""Every refusal of a move, in every game, is raised by the function ``cardlib rules ID
--code`` prints, with that function's words.

In random positions of each configuration, every move the notation can write (the
candidates of the random-play tests) is tried by the player to move, by another player and
by nobody named; for each one ``play`` refuses (every one not listed), the game's
``refusing_rule(game, player, move)`` asks its rules in play's order and returns the first
that refuses and its refusal.  The refusal ``play`` raised must be that one (the same ID and
the same words), its ID the function's mark (``fn.rule_id``), and the function the one the
catalogue names for the ID (``rules[ID].enforced_by``, whose source ``--code`` prints); once
a game is over, that is the function of the rule that ended it.  Each game says which
refusals every walk meets (``refusals_seen``).

Written once over the games: a game takes part by giving ``refusing_rule`` and
``refusals_seen`` in ``tests/<its package>/invariants.py`` (and may name ``EXCUSED``
pairs of a function and a rule ID not yet its own, ``REFUSAL_CONFIGS``, ``REFUSAL_SEEDS``
and ``REFUSAL_CANDIDATES``, the candidates tried a position).
"""

from __future__ import annotations

import ast
import random
from pathlib import Path
from types import ModuleType

import pytest

import cardlib
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
                if game.is_over:
                    assert refused.rule == game.end_rule, (move, refused)
                if (fn, refused.rule) in excused:
                    continue
                assert rule_of(fn) == refused.rule, (move, player, fn, refused)
                assert rules[refused.rule].enforced_by is fn, refused.rule
                seen.add(refused.rule)
        if game.is_over:
            break
        game.make(rng.choice(game.legal_moves().now()))
    module.refusals_seen(game, seen)


# ------------------------------------------------- every refusal in the code, read statically

CARDLIB = Path(cardlib.__file__).resolve().parent


def _refusals_made(path: Path) -> list[tuple[int, str | None, str | None]]:
    """Each ``RuleViolation(...)`` or ``Refusal(...)`` written in ``path``: (line, its rule
    ID when written as a literal, else None, the innermost function around it, or None)."""
    found: list[tuple[int, str | None, str | None]] = []
    tree = ast.parse(path.read_text(encoding="utf-8"))
    # a widget's Refusal (cardlib.widgets.session) is the table's record of a refusal to
    # show, not a rule's
    shown = any(
        isinstance(node, ast.ImportFrom)
        and node.module == "cardlib.widgets.session"
        and any(alias.name == "Refusal" for alias in node.names)
        for node in ast.walk(tree)
    )
    made = ("RuleViolation",) if shown else ("RuleViolation", "Refusal")

    def visit(node: ast.AST, function: str | None) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            function = node.name
        if isinstance(node, ast.Call):
            called = node.func
            name = called.id if isinstance(called, ast.Name) else getattr(called, "attr", None)
            first = node.args[0] if node.args else None
            if name in made:
                literal = isinstance(first, ast.Constant)
                found.append((node.lineno, str(first.value) if literal else None, function))
        for child in ast.iter_child_nodes(node):
            visit(child, function)

    visit(tree, None)
    return found


def test_every_refusal_written_in_cardlib_is_in_its_rules_marked_function() -> None:
    """Read from the source, not from play: wherever cardlib writes a refusal with a rule's
    ID (setups, records and results as well as moves), it is inside the one function marked
    with that ID, the function ``cardlib rules ID --code`` prints."""
    elsewhere = []
    for path in sorted(CARDLIB.rglob("*.py")):
        for line, rule_id, function in _refusals_made(path):
            if rule_id is None:
                continue  # passed on, not written here (the test below)
            marked = rules[rule_id].enforced_by if rule_id in rules else None
            if marked is None or function != marked.__name__:
                where = f"{path.relative_to(CARDLIB.parent)}:{line}"
                named = marked.__qualname__ if marked is not None else "no marked function"
                elsewhere.append(f"{where}: {rule_id} in {function}, not in {named}")
    assert elsewhere == [], "\n".join(elsewhere)


#: the places cardlib makes a refusal with a rule ID it does not write as a literal: each
#: passes on a refusal a rule's marked function made, its ID and words (a refusal composed
#: anywhere else, ``RuleViolation(view.legal_rule, "no move to make")`` in a bot, fails)
PASSED_ON = {
    ("cardlib/refusal.py", "error"): "a rule's Refusal raised as its RuleViolation",
    ("cardlib/refusal.py", "written"): "a rule's Refusal with its words written, for a view",
    ("cardlib/rook/claims.py", "_replay_tricks"): "a trick's refusal, said at its card",
    ("cardlib/check.py", "verify"): "a refusal the checker reported, raised again",
    # still open (benchmarks/README.md, issue 29 audited): a worked example's card named
    # twice is found by the claims, and refused under the game's deck rule
    ("cardlib/claims.py", "_twice"): "the claims' own NamedCards",
}


def test_a_refusal_not_written_in_its_rules_function_only_passes_one_on() -> None:
    """A refusal whose rule ID is not written out (a variable, an attribute) is made only
    where a marked function's refusal is passed on: nothing outside the rules composes a
    refusal of its own under a rule's ID."""
    made = set()
    for path in sorted(CARDLIB.rglob("*.py")):
        for line, rule_id, function in _refusals_made(path):
            if rule_id is None:
                made.add((path.relative_to(CARDLIB.parent).as_posix(), function or f"line {line}"))
    assert made == set(PASSED_ON), sorted(made ^ set(PASSED_ON))


def test_the_reading_finds_a_refusal_a_bot_composes(tmp_path: Path) -> None:
    """The reading above finds the refusal the bots once composed themselves."""
    bot = tmp_path / "bot.py"
    bot.write_text(
        "def random_bot(seen, rng):\n"
        "    if not seen.legal:\n"
        "        raise RuleViolation(seen.legal_rule, f'{seen.player} has no move to make now')\n",
        encoding="utf-8",
    )
    assert _refusals_made(bot) == [(3, None, "random_bot")]
