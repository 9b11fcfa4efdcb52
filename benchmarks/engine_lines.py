"""Lines per engine: how much Python each game's rules take, for one or more checkouts.

    python benchmarks/engine_lines.py [ROOT ...]      # default: this checkout

For each of ``cardlib/golf``, ``cardlib/gofish`` and ``cardlib/rook`` under each ROOT, every
``*.py`` module of the package is counted except those that are not the engine: the table
widgets (``widgets.py``), the drawing (``render.py``), the worked examples' claims
(``claims.py``), the bots (``bot.py``), the exercises (``exercises.py`` and every module
named for exercises, as ``rule_exercises.py`` and Rook's ``exercises_deal.py``) and the article's
positions (``article.py``: its cards, tricks and scenarios, as data for the widgets and the
exercises; before they were in ``widgets.py``).  Two counts a
module: its non-blank lines, and of those its code lines (neither a comment-only line nor a
line of a docstring).  Prints one line a package with its modules, then the totals, ROOT by
ROOT, so that two checkouts (before and after a rewrite) can be put side by side.
"""

from __future__ import annotations

import argparse
import ast
import io
import tokenize
from pathlib import Path

GAMES = ("golf", "gofish", "rook")
NOT_ENGINE = {"widgets.py", "render.py", "claims.py", "bot.py", "exercises.py", "article.py"}


def is_engine(module: Path) -> bool:
    """Is this module part of the engine: not one of :data:`NOT_ENGINE`, nor exercises."""
    return module.name not in NOT_ENGINE and "exercises" not in module.stem


def counts(path: Path) -> tuple[int, int]:
    """(non-blank lines, code lines) of one module."""
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    non_blank = {i for i, line in enumerate(lines, 1) if line.strip()}
    prose: set[int] = set()
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type == tokenize.COMMENT and not lines[tok.start[0] - 1][: tok.start[1]].strip():
            prose.add(tok.start[0])
    for node in ast.walk(ast.parse(text)):
        if not isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        first = node.body[0] if node.body else None
        docstring = isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
        if docstring and isinstance(first.value.value, str):
            prose.update(range(first.lineno, (first.end_lineno or first.lineno) + 1))
    return len(non_blank), len(non_blank - prose)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("roots", nargs="*", default=[str(Path(__file__).resolve().parents[1])])
    args = parser.parse_args()
    for root in map(Path, args.roots):
        print(f"== {root}")
        total = [0, 0]
        for game in GAMES:
            modules = sorted(p for p in (root / "cardlib" / game).glob("*.py") if is_engine(p))
            each = [counts(p) for p in modules]
            lines, code = sum(n for n, _ in each), sum(c for _, c in each)
            total[0] += lines
            total[1] += code
            names = " ".join(p.name for p in modules)
            print(f"  cardlib/{game:7} {lines:6} non-blank {code:6} code  ({names})")
        print(f"  {'all three':15} {total[0]:6} non-blank {total[1]:6} code")


if __name__ == "__main__":
    main()
