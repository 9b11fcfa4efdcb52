"""No core module names a game: what is a game's own lives in its folder, and the core reads it
through the game's spec (:mod:`cardlib.games`) or its folder's files (:mod:`cardlib.catalogue`).

The core is every module of ``cardlib/`` outside the games' folders, and the course's tools
(``tools/*.py``).  Its code is read as Python (:mod:`ast`): its names and its texts, but not
its docstrings or comments, which may give a game as an example.  A game is named by its ID,
its folder, its short name or its rule IDs' prefix, as the registry and the catalogue give
them for the games cardlib ships.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

from cardlib.catalogue import rules
from cardlib.games import BUILT_IN, GAMES
from tests.conftest import ROOT

#: what may name a game, and why: the registry's one line a game; the course's own chapters
#: of exercises whose questions are about the games (the start-here notebook's and the
#: review's, which mixes them); the widgets' one style sheet, whose class for a two-line card
#: button is Rook's (renaming it changes every notebook's saved outputs)
ALLOWED = {
    "cardlib/games.py": "BUILT_IN",
    "cardlib/exercises/review.py": "*",
    "cardlib/exercises/start_here.py": "*",
    "cardlib/widgets/controls.py": "STYLE",
}


def game_names() -> re.Pattern[str]:
    """A pattern of every way to name a shipped game: its ID, its folder, its short name
    (any case, the words joined by nothing, a space, ``-`` or ``_``) and its rule IDs'
    prefix (``PREFIX-`` in capitals, as rule IDs are written)."""
    words: set[str] = set()
    prefixes: set[str] = set()
    for game_id, where in BUILT_IN.items():
        spec = GAMES[game_id]
        words |= {game_id, where.split(":")[0].split(".")[-2], spec.name}
        prefixes |= {rule.id.split("-")[0] for rule in rules.for_game(game_id)}
    said = [r"[-_ ]?".join(map(re.escape, re.split(r"[-_ ]", w))) for w in sorted(words)]
    return re.compile(
        "|".join([f"(?i:{'|'.join(said)})", *(rf"\b{re.escape(p)}-" for p in sorted(prefixes))])
    )


def _docstrings(tree: ast.AST) -> set[int]:
    """The texts that stand alone as a statement: docstrings (of a module, class, function
    or attribute), which are not code."""
    return {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    }


def _allowed(tree: ast.Module, name: str) -> set[int]:
    """The nodes inside the module-level assignments to ``name``."""
    return {
        id(inner)
        for node in tree.body
        if isinstance(node, ast.Assign | ast.AnnAssign)
        and name in {t.id for t in ast.walk(node) if isinstance(t, ast.Name)}
        for inner in ast.walk(node)
    }


def named_games(source: str, pattern: re.Pattern[str], allowed: str = "") -> Iterator[str]:
    """``line: word`` for each name or text of ``source``'s code that names a game (but in
    the module-level assignment to ``allowed``)."""
    tree = ast.parse(source)
    skip = _docstrings(tree) | (_allowed(tree, allowed) if allowed else set())
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        said: list[str] = []
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            said = [node.value]
        elif isinstance(node, ast.Name):
            said = [node.id]
        elif isinstance(node, ast.Attribute | ast.FunctionDef | ast.ClassDef):
            said = [node.attr if isinstance(node, ast.Attribute) else node.name]
        elif isinstance(node, ast.arg | ast.keyword):
            said = [node.arg or ""]
        elif isinstance(node, ast.alias):
            said = [node.name, node.asname or ""]
        elif isinstance(node, ast.ImportFrom):
            said = [node.module or ""]
        for text in said:
            found = pattern.search(text)
            if found:
                yield f"{getattr(node, 'lineno', '?')}: {found.group()} in {text[:60]!r}"


def core_files() -> list[Path]:
    game_folders = {ROOT / "cardlib" / where.split(".")[1] for where in BUILT_IN.values()}
    return sorted(
        [
            *(p for p in (ROOT / "cardlib").rglob("*.py") if not game_folders & set(p.parents)),
            *(ROOT / "tools").glob("*.py"),
        ]
    )


def test_the_pattern_finds_a_game_named_in_code_but_not_in_a_docstring_or_a_comment():
    pattern = game_names()
    code = (
        '"""A module about Golf and GOLF-COLUMN."""\n'
        "# the go-fish rules\n"
        "def rules(game='rook'):\n"
        "    '''Rook's rules (ROOK-BID-MIN).'''\n"
        "    gofish = 1\n"
        "    return game.startswith('GF-')\n"
        "from cardlib.golf import engine\n"
        "BUILT_IN = {'golf': 1}\n"
        "SPEC = Go_Fish\n"
    )
    found = sorted({int(line.split(":")[0]) for line in named_games(code, pattern, "BUILT_IN")})
    assert found == [3, 5, 6, 7, 9], list(named_games(code, pattern, "BUILT_IN"))
    assert not list(named_games("x = 'a golfer'.upper()\n", re.compile("nothing")))
    assert list(named_games("x = 'Go Fish'\n", pattern))


def test_no_core_module_names_a_game():
    pattern = game_names()
    files = core_files()
    assert ROOT / "cardlib" / "check.py" in files and ROOT / "tools" / "book.py" in files
    assert not any("golf" in p.parts for p in files)
    named = {}
    for path in files:
        where = path.relative_to(ROOT).as_posix()
        allowed = ALLOWED.get(where, "")
        if allowed == "*":
            continue
        found = list(named_games(path.read_text(encoding="utf-8"), pattern, allowed))
        if found:
            named[where] = found
    assert named == {}, "a core module names a game: move it into the game's folder"
