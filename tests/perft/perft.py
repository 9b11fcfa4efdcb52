"""A card-game perft: the number of distinct legal move sequences from a position, to depth d.

python-chess's ``examples/perft`` is the model: a position (there an EPD, here a seeded deal
of a variant and the moves played since), and for each depth the number of move sequences
that long the rules allow (``perft 1 20``, ``perft 2 400`` ...).  Chance is fixed by the
deal: the stock is in the order the seed shuffled it, and a copy of a game draws the same
cards, so every sequence of moves leads to one position.  The counts are made only through
the public protocol (``legal_moves()``, ``copy()``, ``play()``) and are recorded in
``perft.json`` by the engines as they are; an engine rewritten to list its moves another way
(a generator legal by construction, issue 29) must give the same counts.

At every position of the walk the listing is held against the checked path: every listed
move is accepted by ``play`` on a copy of the position, the listing holds no move twice (as
an object or as its notation, so the count is the number of distinct moves), and a finished
game lists nothing.  Anything else is a :class:`PerftError` that names the root, the moves
from it and what went wrong.

The roots of a variant (every variant of the golden corpus, ``tests/golden/canon.py``):
the deal of each number of players the variant accepts (seeds 0, 1, ... of the corpus's
``setup``); and in a seeded game from the first and the last of those deals (the moves
chosen as the corpus chooses them: uniformly at random, or by the game's bot where random
play would not end), the position where each rule deciding the legal moves is first met
(the protocol's ``legal_rule``: Rook's nest, trump, lead, follow ..., Golf's draw and
replace) and positions a third, two thirds and three moves short of the end.  The
moves to a root are stored with it, as text, so a root stays the same position whatever
changes in how it was chosen.

The depth of a root is chosen when it is recorded: the deepest whose positions add up to at
most :data:`QUICK_NODES` for the test, and to at most :data:`DEEP_NODES` for the deep counts
(``PERFT_DEEP=1``), and at least one.

``tests/perft/test_perft.py`` recomputes every root; ``tests/perft/record.py`` recomputes
them with timings or records them again (see ``tests/perft/README.md``).
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardlib.errors import CardlibError
from cardlib.games import GAMES
from tests.golden import canon

DATA = Path(__file__).resolve().parent / "perft.json"
#: bump when the meaning of a count or of a root changes (perft.json must then be recorded again)
FORMAT = 1
#: the positions a root may add up to: the test's depth, and the deep depth
QUICK_NODES = 1_000
DEEP_NODES = 20_000
#: no root is walked deeper than this
MAX_DEPTH = 16
#: where the walked roots are, as fractions of their game's length, and moves short of its end
FRACTIONS = (1 / 3, 2 / 3)
SHORT_OF_END = 3
#: a walk longer than this is cut (a game to 300 under random play may go on for ever)
MAX_WALK = 3_000


class PerftError(AssertionError):
    """The listing and the checked path disagree somewhere below a root."""


@dataclass(frozen=True)
class Root:
    """A position: the deal of ``seed`` of a variant (the corpus's ``setup``) and the moves
    played since, as text."""

    variant: str
    seed: int
    moves: tuple[str, ...] = ()

    @property
    def id(self) -> str:
        return f"{self.variant} seed {self.seed} after {len(self.moves)}"

    def position(self) -> tuple[Any, str]:
        """The game at this root, and how its deal was made (a line of code)."""
        game, made = canon.setup(canon.variants()[self.variant], self.seed)
        for i, text in enumerate(self.moves):
            try:
                game.play(text)
            except CardlibError as e:
                raise PerftError(f"{self.id}: move {i + 1} to the root, {text!r}: {e}") from e
        return game, made


class TooMany(Exception):
    """The positions went past the ``limit`` given to :func:`perft`."""


def perft(
    game: Any, depth: int, where: str = "", limit: int | None = None
) -> tuple[list[int], list[int]]:
    """The distinct legal move sequences of 1 .. ``depth`` moves from ``game``, by length,
    and how many of them end the game; ``game`` is left as it was (each move is played on a
    copy).  A sequence that ends the game is not extended: a finished game has no moves.
    With a ``limit``, :class:`TooMany` is raised as soon as the positions exceed it."""
    nodes = [0] * depth
    reached = 0
    over = [0] * depth
    played: list[str] = []

    def fail(what: str) -> PerftError:
        return PerftError(f"{where}: after {' / '.join(played) or 'no move'}: {what}")

    def walk(position: Any, level: int) -> None:
        nonlocal reached
        moves = position.legal_moves().now()
        texts = {str(m) for m in moves}
        if len(set(moves)) != len(moves) or len(texts) != len(moves):
            raise fail(f"a move listed twice: {[str(m) for m in moves]}")
        for move in moves:
            child = position.copy()
            played.append(str(move))
            try:
                child.play(move)
            except CardlibError as e:
                raise fail(f"a listed move refused by play: {type(e).__name__}: {e}") from e
            nodes[level] += 1
            reached += 1
            if limit is not None and reached > limit:
                raise TooMany
            if child.is_over:
                over[level] += 1
                if len(child.legal_moves().now()):
                    raise fail("a finished game lists moves")
            elif level + 1 < depth:
                walk(child, level + 1)
            played.pop()

    if game.is_over:
        if len(game.legal_moves().now()):
            raise fail("a finished game lists moves")
    else:
        walk(game, 0)
    return nodes, over


# -- the roots, chosen when recording --------------------------------------------------------


def walk_moves(variant: canon.Variant, seed: int) -> tuple[list[str], list[int]]:
    """A seeded game of a variant from its deal, as the corpus plays one (its moves uniformly
    at random, or mostly by the game's bot where the corpus says so), as text; and the
    plies at which a rule deciding the legal moves (``legal_rule``) is met the first time."""
    game, _ = canon.setup(variant, seed)
    rng = random.Random(f"perft/walk/{variant.id}/{seed}")
    share = canon.BOT_SHARE.get(variant.engine.__name__, 0.0)
    bot = GAMES[variant.game].bot
    moves: list[str] = []
    first: dict[str, int] = {}
    while not game.is_over and len(moves) < MAX_WALK:
        first.setdefault(game.legal_rule, len(moves))
        if share and rng.random() < share:
            move = bot(game.view(game.to_move), rng)
        else:
            legal = game.legal_moves().now()
            move = legal[rng.randrange(len(legal))]
        game.play(move)
        moves.append(str(move))
    return moves, sorted(first.values())


def roots_of(variant: canon.Variant) -> list[Root]:
    """The deal of every number of players; and in the games from the first and the last of
    them, the position where each rule deciding the legal moves is first met (a phase: Rook's
    nest, trump, lead ...) and positions a third, two thirds and three moves short of the end
    (see the module's docstring)."""
    deals = range(len(variant.counts))
    roots = [Root(variant.id, seed) for seed in deals]
    for seed in sorted({deals[0], deals[-1]}):
        moves, phases = walk_moves(variant, seed)
        at = [int(len(moves) * f) for f in FRACTIONS] + [len(moves) - SHORT_OF_END]
        plies = sorted({n for n in [*phases, *at] if n > 0})
        roots += [Root(variant.id, seed, tuple(moves[:n])) for n in plies]
    return roots


def depths(game: Any, budgets: Sequence[int], where: str) -> tuple[list[int], list[int], list[int]]:
    """The deepest depth within each budget of positions (at least 1), and the counts to the
    deepest: deepening one move at a time until the positions exceed the largest budget, the
    lines all end, or :data:`MAX_DEPTH`."""
    best = [1] * len(budgets)
    nodes, over = perft(game, 1, where)
    depth = 1
    while depth < MAX_DEPTH and nodes[-1] > over[-1]:
        try:
            deeper, deeper_over = perft(game, depth + 1, where, limit=max(budgets))
        except TooMany:
            break
        depth, nodes, over = depth + 1, deeper, deeper_over
        best = [depth if sum(nodes) <= b else d for b, d in zip(budgets, best, strict=True)]
    return best, nodes, over


def record_root(root: Root) -> dict[str, Any]:
    game, made = root.position()
    (quick, deep), nodes, over = depths(game, (QUICK_NODES, DEEP_NODES), root.id)
    return {
        "variant": root.variant,
        "seed": root.seed,
        "setup": made,
        "moves": list(root.moves),
        "quick": quick,
        "nodes": nodes[:deep],
        "over": over[:deep],
    }


# -- the file --------------------------------------------------------------------------------


def read() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(DATA.read_text(encoding="utf-8"))
    return data


def entries(variant: str | None = None) -> list[dict[str, Any]]:
    return [e for e in read()["roots"] if variant is None or e["variant"] == variant]


def write(roots: Sequence[dict[str, Any]], recorded_with: str) -> None:
    """``perft.json``: a root a line, so that a change shows as the lines of its roots."""
    head = {
        "format": FORMAT,
        "about": "tests/perft/perft.py: the legal move sequences from each root, by length",
        "recorded_with": recorded_with,
        "quick_nodes": QUICK_NODES,
        "deep_nodes": DEEP_NODES,
    }
    lines = [json.dumps(head, ensure_ascii=False)[:-1] + ', "roots": [']
    lines += [
        "  " + json.dumps(r, ensure_ascii=False) + ("," if i < len(roots) - 1 else "")
        for i, r in enumerate(roots)
    ]
    DATA.write_text("\n".join([*lines, "]}"]) + "\n", encoding="utf-8")


def check(entry: dict[str, Any], deep: bool = False) -> tuple[list[int], list[int], int]:
    """Recompute one recorded root to its quick (or deep) depth: the counts now and the
    depth; a setup that is no longer the recorded one is a :class:`PerftError`."""
    root = Root(entry["variant"], entry["seed"], tuple(entry["moves"]))
    game, made = root.position()
    if made != entry["setup"]:
        raise PerftError(f"{root.id}: the deal is now {made}, recorded as {entry['setup']}")
    depth = len(entry["nodes"]) if deep else entry["quick"]
    nodes, over = perft(game, depth, root.id)
    return nodes, over, depth


def mismatch(entry: dict[str, Any], nodes: list[int], over: list[int]) -> str | None:
    """What differs between a root's recorded counts and today's, in perft's words."""
    depth = len(nodes)
    if nodes == entry["nodes"][:depth] and over == entry["over"][:depth]:
        return None
    out = [f"{entry['variant']} seed {entry['seed']} after {len(entry['moves'])} moves:"]
    for d in range(depth):
        was, now = entry["nodes"][d], nodes[d]
        ended, ends = entry["over"][d], over[d]
        if (was, ended) != (now, ends):
            out.append(f"perft {d + 1}: {now} (recorded {was}), ending the game {ends} ({ended})")
    return " ".join(out)
