"""Write the shipped example schema from the parts it is composed of, or check it is current.

The JSON Schema of a worked example is composed from the core's part
(``cardlib/data/example.core.json``) and each game's part (``cardlib/<game>/schema.json``)
by :mod:`cardlib.examples.composition`.  The file editors read -- the examples' first line
names it (``# yaml-language-server: $schema=../example.schema.json``) and the wheel ships it
-- is that schema for the games cardlib ships (:data:`cardlib.games.BUILT_IN`; ``cardlib
schema`` prints the one of every registered game), written in two places: the package's
``cardlib/data/example.schema.json`` and its copy beside the examples,
``examples/example.schema.json``.

    python tools/schema.py --write   # after a change of a part
    python tools/schema.py --check   # exit 1 if either file is not what the parts compose
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from cardlib.examples import composition
from cardlib.games import BUILT_IN

ROOT = Path(__file__).resolve().parent.parent

#: the files written, from the repository's root
SHIPPED = (Path("cardlib/data/example.schema.json"), Path("examples/example.schema.json"))


def shipped_text() -> str:
    """The shipped schema: the one of the built-in games, as ``cardlib schema`` prints it."""
    return composition.text(composition.composed(tuple(BUILT_IN)))


def stale(root: Path = ROOT) -> list[Path]:
    """The shipped files (of ``root``) that are not what the parts compose."""
    text = shipped_text()
    return [
        path
        for path in SHIPPED
        if not (root / path).is_file() or (root / path).read_text(encoding="utf-8") != text
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument("--write", action="store_true", help="write the shipped files")
    action.add_argument("--check", action="store_true", help="exit 1 if they are not current")
    args = parser.parse_args(argv)
    if args.write:
        text = shipped_text()
        for path in SHIPPED:
            (ROOT / path).write_text(text, encoding="utf-8")
            print(f"wrote {path}")
        return 0
    old = stale()
    for path in old:
        print(f"{path} is not what the parts compose: run python tools/schema.py --write")
    return 1 if old else 0


if __name__ == "__main__":
    sys.exit(main())
