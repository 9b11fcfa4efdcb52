"""The JSON Schema of a worked example, composed from the core's part and the games' parts.

What every example is (its fields, a step, a card, a player's name) is the core's part,
``cardlib/data/example.core.json``.  What one game's examples are (its options, rule sets,
setups and claims) is that game's part, ``schema.json`` in the game's folder (the folder of
the module its spec is declared in; for a spec given to :func:`cardlib.games.register`, the
folder of its claims module): ``then``, what applies to an example of the game, and
``$defs``, its definitions.  A part's definitions are its own: composed, each name is
prefixed with its folder's name (``setup`` of ``cardlib/golf/`` is ``#/$defs/golf-setup``),
so two games' parts cannot collide, and a ``$ref`` names a definition of the part or of the
core.  A game without a part checks its examples with its spec's own ``validate``.

:func:`composed` puts them together for the games it is given: the core's ``game`` field
lists them, and its ``allOf`` holds ``if: game is G, then: G's part`` for each.  A part is
read only when a game is composed, so checking a file of one game reads that game's part
alone.  ``cardlib schema`` prints the schema of every registered game; the shipped
``cardlib/data/example.schema.json``, which editors read, is the built-in games' one,
written by ``python tools/schema.py --write``.

>>> from cardlib.games import BUILT_IN
>>> whole = composed(tuple(BUILT_IN))
>>> whole["properties"]["game"]["enum"] == list(BUILT_IN)
True
>>> [branch["if"] for branch in whole["allOf"]] == [
...     {"properties": {"game": {"const": game}}} for game in BUILT_IN
... ]
True
"""

from __future__ import annotations

import copy
import json
import pkgutil
import re
from functools import cache
from importlib.util import find_spec
from pathlib import Path
from typing import Any

from cardlib.errors import InputError

#: the file of a game's folder that holds its part of the schema
PART = "schema.json"

#: the core's part, beside the package's data
CORE = "data/example.core.json"

#: what a part may hold besides its ``then`` and ``$defs``
_COMMENT = "$comment"

_REF = re.compile(r"#/\$defs/([^/]+)(.*)", re.S)


@cache
def core() -> dict[str, Any]:
    """The core's part: what every worked example is, whatever its game."""
    data = pkgutil.get_data("cardlib", CORE)  # from a source tree or an installed wheel alike
    if data is None:
        raise FileNotFoundError(f"cardlib/{CORE}")
    result: dict[str, Any] = json.loads(data)
    return result


def folder(game_id: str) -> Path | None:
    """The folder of a registered game, where its part of the schema is: that of the module
    its spec is declared in (found without importing the game), or, for a spec given to
    ``register()``, which names no module of its own, that of its claims module."""
    from cardlib.games import GAMES

    where = GAMES.declared(game_id)
    module = where.partition(":")[0] if where is not None else GAMES[game_id].claims_module
    return module_folder(module)


def module_folder(module: str) -> Path | None:
    """The folder that holds the module named ``module`` (a dotted name), found without
    importing it (its parent packages are imported); None for a top-level module that is
    not a package, which has no folder of its own, or for no such module."""
    package = module.rpartition(".")[0] or module
    try:
        found = find_spec(package)
    except (ImportError, ValueError):
        return None
    places = list(found.submodule_search_locations or []) if found is not None else []
    return Path(places[0]) if places else None


@cache
def part(game_id: str) -> tuple[str, dict[str, Any]] | None:
    """A registered game's part of the schema, namespaced (each of its definitions named
    ``FOLDER-NAME``, its ``$ref`` rewritten to match), and its namespace; None for a game
    whose folder holds no part."""
    place = folder(game_id)
    if place is None or not (place / PART).is_file():
        return None
    path = place / PART

    def refused(problem: str) -> InputError:
        return InputError.at(
            ["game"],
            "INPUT-SCHEMA",
            f"the game {game_id!r}'s part of the schema ({path}) {problem}",
        )

    try:
        written = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise refused(f"cannot be read ({type(exc).__name__}: {exc})") from None
    if not (
        isinstance(written, dict)
        and isinstance(written.get("then"), dict)
        and isinstance(written.get("$defs", {}), dict)
        and set(written) <= {"then", "$defs", _COMMENT}
    ):
        raise refused("is not a mapping of then: and $defs: (and $comment:)")
    prefix = place.name
    own: dict[str, Any] = written.get("$defs", {})
    shared = core()["$defs"]

    def named(node: Any) -> Any:
        if isinstance(node, list):
            return [named(item) for item in node]
        if not isinstance(node, dict):
            return node
        result = {key: named(value) for key, value in node.items()}
        ref = node.get("$ref")
        if isinstance(ref, str):
            match = _REF.fullmatch(ref)
            if match is None or match[1] not in {**shared, **own}:
                raise refused(f"names {ref!r}, a definition of neither the part nor the core")
            if match[1] in own:
                result["$ref"] = f"#/$defs/{prefix}-{match[1]}{match[2]}"
        return result

    return prefix, {
        "then": named(written["then"]),
        "$defs": {f"{prefix}-{name}": named(value) for name, value in own.items()},
    }


@cache
def composed(games: tuple[str, ...]) -> dict[str, Any]:
    """The schema of the worked examples of ``games`` (registered games' IDs): the core's
    part, with each game that has a part listed in its ``game`` field and its part in its
    ``allOf``; the games' definitions after the core's.  Two games of one folder name are
    refused (their definitions would collide)."""
    base = copy.deepcopy(core())
    base.pop(_COMMENT, None)
    defs: dict[str, Any] = base.pop("$defs", {})
    listed: list[str] = []
    branches: list[dict[str, Any]] = []
    namespaces: dict[str, str] = {}
    for game_id in games:
        found = part(game_id)
        if found is None:
            continue
        prefix, written = found
        if prefix in namespaces:
            raise InputError.at(
                ["game"],
                "INPUT-SCHEMA",
                f"the games {namespaces[prefix]!r} and {game_id!r} both have a part of the "
                f"schema in a folder named {prefix!r}: their definitions would collide",
            )
        namespaces[prefix] = game_id
        listed.append(game_id)
        branches.append(
            {"if": {"properties": {"game": {"const": game_id}}}, "then": written["then"]}
        )
        defs.update(copy.deepcopy(written["$defs"]))
    base["properties"]["game"] = {"enum": listed}
    return {**base, "allOf": branches, "$defs": defs}


def text(schema: dict[str, Any]) -> str:
    """A schema as it is printed and shipped: JSON indented by two, the characters as they
    are, and a newline at the end."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"
