"""The JSON Schema of a worked example, and checking a document against it.

The schema is composed from the core's part and the registered games' parts
(:mod:`cardlib.examples.composition`; ``cardlib schema`` prints it).  A document is
checked by fastjsonschema's validator of the schema with its game's part alone, compiled
once a process; what the validator refuses is said in a learner's words
(:mod:`cardlib.examples.words`), at the line of the value refused.  What the schema lets
through but no worked example means (``3.0`` for a whole number, text too long for a move)
is refused after it.

>>> from cardlib.examples.reading import read_text
>>> (doc,) = read_text(b"example: x\\nsource: y\\ngame: golf\\n")
>>> validate(doc)
Traceback (most recent call last):
...
cardlib.errors.InputError: INPUT-SCHEMA: the example: needs the fields players:, setup:, steps:

Of several wrong values in one mapping, the one reported is the first written:

>>> (doc,) = read_text(b"{Mei: 1, Ben: two, Ana: three}")
>>> refusal({"additionalProperties": {"type": "integer"}}, doc).name
'data.Ben'
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import cache
from typing import Any

import fastjsonschema

from cardlib.errors import InputError
from cardlib.examples import composition
from cardlib.examples.reading import FREE_TEXT, MAX_TEXT, Map, Seq, locate
from cardlib.examples.words import in_words, walk, where_text
from cardlib.text import clip, one_line


def schema() -> dict[str, Any]:
    """The JSON Schema of a worked example of every registered game (``cardlib schema``),
    composed from the core's part and the games' parts (:mod:`cardlib.examples.composition`),
    once for each set of games registered."""
    return composition.composed(_games(None))


def _games(game: str | None) -> tuple[str, ...]:
    """The games whose parts the schema of a document of ``game`` holds: that game's alone,
    or, for None, every registered game."""
    if game is not None:
        return (game,)
    from cardlib.games import GAMES

    return tuple(GAMES)


def _document_validator(game: str | None = None) -> Callable[[Any], Any]:
    """fastjsonschema's validator of the schema, compiled once a process; for the documents
    of one ``game``, of the schema with that game's part alone (:func:`_schema_for`)."""
    return _compiled(_games(game))


@cache
def _compiled(games: tuple[str, ...]) -> Callable[[Any], Any]:
    result: Callable[[Any], Any] = fastjsonschema.compile(composition.composed(games))
    return result


def _schema_for(game: str | None) -> dict[str, Any]:
    """The schema as it applies to a document of ``game`` (None: of any game).

    A game's part applies only where ``game`` is that game (``if: game is G, then: ...``),
    so for a document of another game it says nothing and is left out: the verdicts are the
    same, and a single file's check reads one game's part and compiles a third of the code
    (the other games' setups and claims)."""
    return composition.composed(_games(game))


def _game_of(doc: Any) -> str | None:
    """The game a document names, if it has a part of the schema (else None: the whole)."""
    from cardlib.games import GAMES

    game = doc.get("game") if isinstance(doc, dict) else None
    if not (isinstance(game, str) and game in GAMES):
        return None
    return game if composition.part(game) is not None else None


@cache
def _validator(text: str) -> Callable[[Any], Any]:
    """fastjsonschema's validator of a part of the schema, written ``text`` (JSON) with the
    schema's ``$defs``, compiled once a process (when a refusal needs it)."""
    result: Callable[[Any], Any] = fastjsonschema.compile(json.loads(text))
    return result


def _with_defs(part: dict[str, Any], root: dict[str, Any]) -> dict[str, Any]:
    return {"$defs": root.get("$defs", {}), **part}


def refusal(
    part: dict[str, Any], node: Any, root: dict[str, Any] | None = None
) -> fastjsonschema.JsonSchemaValueException | None:
    """What ``part`` of the worked example's schema (the ``$defs`` of ``root``, by default
    the whole schema, in reach) refuses first in ``node``, or None (see
    :func:`_first_refusal`)."""
    whole = _with_defs(part, schema() if root is None else root)
    return _first_refusal(_validator(json.dumps(whole)), whole, node)


def _first_refusal(
    check: Callable[[Any], Any], root: dict[str, Any], node: Any
) -> fastjsonschema.JsonSchemaValueException | None:
    """What ``check``, fastjsonschema's validator of the schema ``root``, refuses first in
    ``node``, or None; but of several wrong values in one mapping, the first written.

    The validator goes through the keys that the schema does not name (those that
    ``additionalProperties`` checks: a step's moves, a per-player mapping's players) in
    the order of a set, which follows the string hashing (``PYTHONHASHSEED``): which of
    several wrong ones it refused would change from one run to the next.  Where it refuses
    one of these keys, the keys written before it are tried, each with the ones before it
    and without those after: the first refused is the one reported (:func:`_first_written`).
    """
    refused = _refused(check, node)
    if refused is None:
        return None
    # down the path of the refusal, from the document to the value refused; ``parts`` are
    # the parts of the schema that check the value ``at`` leads to
    at: list[Any] = []
    parts = _applying([root], node, root)
    while True:
        steps, _ = walk(node, refused.path)
        if len(at) >= len(steps) or steps[: len(at)] != at:
            return refused
        value = _at(node, at)
        step = steps[len(at)]
        if isinstance(value, dict) and _unnamed(parts, step):
            node, refused = _first_written(check, node, at, value, parts, refused)
            step = walk(node, refused.path)[0][len(at)]
        at.append(step)
        parts = _applying(_inner(parts, step), _at(node, at), root)


def _refused(check: Callable[[Any], Any], node: Any) -> Any:
    try:
        check(node)
    except fastjsonschema.JsonSchemaValueException as refused:
        return refused
    return None


def _first_written(
    check: Callable[[Any], Any],
    node: Any,
    at: list[Any],
    mapping: dict[str, Any],
    parts: list[dict[str, Any]],
    refused: Any,
) -> tuple[Any, Any]:
    """``node`` and its refusal, or ``node`` with fewer keys in ``mapping`` (at ``at``) and
    its refusal, which is then of the first written of ``mapping``'s keys that the schema
    does not name and refuses.  The mapping keeps every key the schema names, so that
    what is checked before those keys (``required``, ``minProperties``) is as it was."""
    unnamed = [key for key in mapping if _unnamed(parts, key)]
    for count, key in enumerate(unnamed, 1):
        if walk(node, refused.path)[0][len(at)] == key:
            break  # no key written before it is refused
        kept = set(unnamed[:count])
        fewer = {k: v for k, v in mapping.items() if k in kept or not _unnamed(parts, k)}
        trial = _with(node, at, fewer)
        shown = _refused(check, trial)
        if shown is not None and walk(trial, shown.path)[0][: len(at) + 1] == [*at, key]:
            return trial, shown
    return node, refused


def _unnamed(parts: list[dict[str, Any]], key: Any) -> bool:
    """Whether ``key`` of a mapping checked by ``parts`` is one the schema does not name
    (checked by an ``additionalProperties`` schema, in the order of a set)."""
    if not isinstance(key, str):
        return False
    for part in parts:
        named = part.get("properties", {})
        patterns = part.get("patternProperties", {})
        if key in named or key in part.get("required", []):
            return False
        if any(re.search(pattern, key) for pattern in patterns):
            return False
    return any(isinstance(part.get("additionalProperties"), dict) for part in parts)


def _applying(parts: list[Any], node: Any, root: dict[str, Any]) -> list[dict[str, Any]]:
    """``parts`` and the parts they bring in for ``node``: what ``$ref`` names, each of an
    ``allOf``, and ``then`` or ``else`` as ``if`` holds of ``node``.  (A value refused
    inside one form of a ``oneOf`` is refused as the ``oneOf``, so no path goes into one.)"""
    found: list[dict[str, Any]] = []
    todo = [part for part in parts if isinstance(part, dict)]
    while todo:
        part = todo.pop()
        found.append(part)
        more: list[Any] = list(part.get("allOf", []))
        if "$ref" in part:
            more.append(_pointed(root, str(part["$ref"])))
        if "if" in part:
            condition = json.dumps(_with_defs(part["if"], root))
            holds = _refused(_validator(condition), node) is None
            more.append(part.get("then" if holds else "else"))
        todo += [p for p in more if isinstance(p, dict)]
    return found


def _pointed(root: dict[str, Any], ref: str) -> Any:
    """The part of ``root`` that ``ref`` points to (``#/$defs/golf-setup/properties/deal``,
    a JSON Pointer within the schema), or None."""
    if not ref.startswith("#/"):
        return None
    found: Any = root
    for name in ref[2:].split("/"):
        name = name.replace("~1", "/").replace("~0", "~")
        if not (isinstance(found, dict) and name in found):
            return None
        found = found[name]
    return found


def _inner(parts: list[dict[str, Any]], step: Any) -> list[Any]:
    """The parts of the schema that check the value at ``step`` (a key or an index) of a
    value checked by ``parts``."""
    inner: list[Any] = []
    for part in parts:
        if isinstance(step, int):
            inner.append(part.get("items"))
            continue
        named = part.get("properties", {})
        patterns = [p for k, p in part.get("patternProperties", {}).items() if re.search(k, step)]
        inner += patterns
        if step in named:
            inner.append(named[step])
        elif not patterns:
            inner.append(part.get("additionalProperties"))
    return inner


def _at(node: Any, steps: list[Any]) -> Any:
    """The value at ``steps`` inside ``node``, or None where they lead nowhere."""
    for step in steps:
        if (isinstance(node, dict) and step in node) or (
            isinstance(node, list) and isinstance(step, int) and 0 <= step < len(node)
        ):
            node = node[step]
        else:
            return None
    return node


def _with(node: Any, steps: list[Any], value: Any) -> Any:
    """``node`` with the value at ``steps`` replaced by ``value`` (``node`` is not changed:
    the mappings and lists on the way are copied)."""
    if not steps:
        return value
    copy: Any = dict(node) if isinstance(node, dict) else list(node)
    copy[steps[0]] = _with(node[steps[0]], steps[1:], value)
    return copy


def validate(doc: Map) -> None:
    """Check a document against the JSON Schema, then against what the schema cannot say
    (a whole number is never written ``3.0``; moves, claims and names are short); raise
    the first problem, at its line."""
    game = _game_of(doc)
    root = _schema_for(game)
    refused = _first_refusal(_document_validator(game), root, doc)
    if refused is not None:
        path, node = walk(doc, refused.path)
        d = refused.definition if isinstance(refused.definition, dict) else {}
        said = in_words(refused.rule, d, node, path, root, lambda part, n: refusal(part, n, root))
        if said is None:  # a refusal this schema does not make today: the validator's own words
            said = refused.message.removeprefix(str(refused.name)).strip()
        line, col = locate(doc, path)
        message = clip(one_line(said), 300)
        raise InputError(
            "INPUT-SCHEMA", f"{where_text(path)}: {clip(message, 300)}", line, col
        ) from None
    if getattr(doc, "suspect", True):
        _plain(doc, [])


def _plain(node: Any, path: list[Any]) -> None:
    """What the JSON Schema lets through but no worked example means: ``3.0`` where a whole
    number is meant (the schema has no fractional numbers at all), and text too long for a
    move, a claim, a card or a name.  (A document in which the reader saw neither, one not
    ``suspect``, is not searched.)"""
    if isinstance(node, Map):
        for key, value in node.items():
            if len(key) > MAX_TEXT:
                raise InputError.at(
                    [*path, key],
                    "INPUT-SCHEMA",
                    f"{where_text(path)}: a key of {len(key):,} characters; at most {MAX_TEXT}",
                )
            if not (key in FREE_TEXT and isinstance(value, str)):
                _plain(value, [*path, key])
    elif isinstance(node, Seq):
        for i, value in enumerate(node):
            _plain(value, [*path, i])
    elif isinstance(node, float):
        raise InputError.at(
            path,
            "INPUT-SCHEMA",
            f"{where_text(path)}: must be a whole number, written without a decimal point (not {node})",
        )
    elif isinstance(node, str) and len(node) > MAX_TEXT:
        raise InputError.at(
            path,
            "INPUT-SCHEMA",
            f"{where_text(path)}: {len(node):,} characters of text; a move, a claim, a card "
            f"or a name has at most {MAX_TEXT}",
        )
