"""What the schema refuses, said in a learner's words rather than the validator's.

fastjsonschema's refusal names a rule of JSON Schema (``type``, ``enum``, ``oneOf``, ...),
the part of the schema and the value; a learner reads what the value must be instead:

>>> in_words("type", {"type": "integer"}, "ten", [], {}, lambda part, node: None)
"must be a whole number, not the text 'ten'"
>>> path = ["steps", 0]
>>> in_words("additionalProperties", {"properties": {"expect": {}, "note": {}}},
...          {"note": "x", "expct": {}}, path, {}, lambda part, node: None)
"'expct' is not a field here (the fields are expect: or note:)"
>>> path
['steps', 0, 'expct']

The words follow the rules this schema uses; a refusal of another rule keeps the
validator's own words (:func:`in_words` returns None for it).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from cardlib.text import clip

#: the refusal of ``node`` by one part of the schema (``{"$defs": ..., **part}``), or None
Refuse = Callable[[dict[str, Any], Any], Any]

#: the JSON types in a learner's words
_TYPE_WORDS = {
    "string": "text",
    "integer": "a whole number",
    "number": "a number",
    "boolean": "true or false",
    "null": "null",
    "array": "a list",
    "object": "a mapping (name: value)",
}
#: the patterns of the schema, said as what they ask for
_PATTERN_WORDS = {
    "^[A-Z]+(-[A-Z0-9]+)+$": "a rule ID: capitals and digits in parts joined by hyphens, GAME-RULE",
    "^[1-9]$": "a trick number, 1 to 9",
    "^[^\\s\\u0000-\\u001f\\u007f-\\u009f]+( [^\\s\\u0000-\\u001f\\u007f-\\u009f]+)*$": (
        "a name of printable words separated by single spaces, with no space at either end"
    ),
}


def in_words(
    rule: str | None,
    d: dict[str, Any],
    node: Any,
    path: list[Any],
    root: dict[str, Any],
    refuse: Refuse,
) -> str | None:
    """What the validator's refusal by ``rule`` of part ``d`` of the schema ``root`` says of
    ``node`` at ``path``, in a learner's words, or None for a rule this schema does not use;
    ``path`` is lengthened where the refusal is about one key or item inside ``node``, so
    that the line is that one's.  ``refuse`` refuses a value by one part of the schema (the
    forms of a ``oneOf``)."""
    count = len(node) if isinstance(node, list | dict) else 0
    if rule == "type":
        return f"must be {_types(d.get('type'))}, not {_kind(node)}"
    if rule == "enum":
        return f"must be {_one_of([_yaml_text(v) for v in d.get('enum', [])])}"
    if rule == "const":
        return f"must be {_yaml_text(d.get('const'))}"
    if rule == "required" and isinstance(node, dict):
        missing = [k for k in d.get("required", []) if k not in node]
        fields = ", ".join(f"{k}:" for k in missing)
        return f"needs the field{'s' * (len(missing) != 1)} {fields}" if missing else None
    if rule == "additionalProperties" and isinstance(node, dict):
        known, patterns = d.get("properties", {}), d.get("patternProperties", {})
        for key in node:
            if key not in known and not any(re.search(p, key) for p in patterns):
                path.append(key)
                fields = _one_of([f"{k}:" for k in known])
                return f"{clip(repr(key))} is not a field here" + (
                    f" (the fields are {fields})" if 0 < len(known) <= 12 else ""
                )
        return None
    if rule == "propertyNames" and isinstance(node, dict):
        names = d.get("propertyNames", {})
        for key in node:
            if not _name_fits(key, names):
                path.append(key)
                return f"{clip(repr(key))} cannot be a key here: {_name_words(names)}"
        return None
    limits = {
        "minimum": ("must be at least {}", None),
        "maximum": ("must be at most {}", None),
        "minLength": ("must be at least {} characters long", None),
        "maxLength": ("must be at most {} characters long", None),
        "minItems": ("must list at least {} item{}", "it lists {}"),
        "maxItems": ("must list at most {} item{}", "it lists {}"),
        "minProperties": ("must name at least {} entr{}", "it names {}"),
        "maxProperties": ("must name at most {} entr{}", "it names {}"),
    }
    if rule in limits:
        limit = d.get(rule)
        text, counted = limits[rule]
        plural = ("ies" if limit != 1 else "y") if "entr" in text else ("s" if limit != 1 else "")
        said = text.format(limit, plural)
        return f"{said} ({counted.format(count)})" if counted else said
    if rule == "uniqueItems" and isinstance(node, list):
        seen: list[Any] = []
        for i, item in enumerate(node):
            if item in seen:
                path.append(i)
                return f"lists {_yaml_text(item)} twice: each may be listed once"
            seen.append(item)
        return "lists the same item twice: each may be listed once"
    if rule == "pattern":
        pattern = d.get("pattern", "")
        return f"must be {_PATTERN_WORDS.get(pattern, f'written to match {pattern}')}"
    if rule == "not" and isinstance(d.get("not"), dict) and "enum" in d["not"]:
        # the one refusal by "not": the words a step of an example keeps for itself
        return (
            f"cannot be {_yaml_text(node)}: a step of a worked example keeps that word for itself"
        )
    if rule == "oneOf":
        return _best_of(d.get("oneOf", []), node, path, root, refuse)
    if rule == "anyOf" and all(set(c) == {"required"} for c in d.get("anyOf", [])):
        # fields that go together, one set or another: ``bid: and took:, or all_pass:``
        sets = [" and ".join(f"{k}:" for k in c["required"]) for c in d["anyOf"]]
        return f"needs the fields {', or '.join(sets)}" if sets else None
    return None


def _types(types: Any) -> str:
    listed = [types] if isinstance(types, str) else list(types or [])
    return _one_of([_TYPE_WORDS.get(t, t) for t in listed])


def _kind(value: Any) -> str:
    """What a value read from YAML is, in the words of :data:`_TYPE_WORDS`."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return f"{_yaml_text(value)}"
    if isinstance(value, int):
        return f"the number {value}" if len(str(value)) <= 20 else "a number"
    if isinstance(value, float):
        return "a number with a decimal point"
    if isinstance(value, str):
        return f"the text {clip(repr(value))}"
    return "a list" if isinstance(value, list) else "a mapping (name: value)"


def _yaml_text(value: Any) -> str:
    """A value as it is written in YAML: ``null``, ``true``, ``red``."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return clip(str(value))


def _one_of(words: list[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``."""
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} or {words[-1]}"


def _name_fits(key: str, names: dict[str, Any]) -> bool:
    if "enum" in names and key not in names["enum"]:
        return False
    return "pattern" not in names or re.search(names["pattern"], key) is not None


def _name_words(names: dict[str, Any]) -> str:
    if "enum" in names:
        return f"the keys are {_one_of([str(v) for v in names['enum']])}"
    pattern = names.get("pattern", "")
    return f"a key is {_PATTERN_WORDS.get(pattern, f'written to match {pattern}')}"


def _best_of(
    choices: list[Any], node: Any, path: list[Any], root: dict[str, Any], refuse: Refuse
) -> str:
    """Why ``node`` is none of the forms ``choices`` allows (a ``oneOf``): the refusal of the
    one form of the same kind as ``node`` (a list refused as a list of cards says what is
    wrong with the list), or, when no form is of its kind, the forms there are."""
    forms = [_resolved(c, root) for c in choices]
    same = [c for c in forms if _kind_fits(node, _declared_types(c))]
    if len(same) == 1:
        inner = refuse(same[0], node)
        if inner is not None:
            steps, inner_node = walk(node, inner.path)
            said = in_words(inner.rule, inner.definition or {}, inner_node, steps, root, refuse)
            if said is not None:
                path.extend(steps)
                return said
    return f"must be {_one_of([_form_words(c, root) for c in forms])}, not {_kind(node)}"


def _resolved(part: Any, root: dict[str, Any]) -> dict[str, Any]:
    """``part`` with a ``$ref`` (to ``#/$defs/...``) and an ``allOf`` merged in."""
    if not isinstance(part, dict):
        return {}
    if "$ref" in part:
        target = root["$defs"].get(str(part["$ref"]).rsplit("/", 1)[-1], {})
        part = {**_resolved(target, root), **{k: v for k, v in part.items() if k != "$ref"}}
    if "allOf" in part:
        merged = {k: v for k, v in part.items() if k != "allOf"}
        for sub in part["allOf"]:
            merged.update(_resolved(sub, root))
        part = merged
    return part


def _declared_types(part: dict[str, Any]) -> list[str]:
    types = part.get("type", [])
    return [types] if isinstance(types, str) else list(types)


def _kind_fits(value: Any, types: list[str]) -> bool:
    if isinstance(value, bool):
        return "boolean" in types
    if isinstance(value, int):
        return "integer" in types or "number" in types
    if isinstance(value, float):
        return "number" in types
    if isinstance(value, str):
        return "string" in types
    if isinstance(value, list):
        return "array" in types
    if isinstance(value, dict):
        return "object" in types
    return "null" in types


def _form_words(part: dict[str, Any], root: dict[str, Any]) -> str:
    """One form of a ``oneOf`` in words: ``a list of cards``, ``a whole number``."""
    types = _declared_types(part)
    if types == ["array"]:
        if part.get("items") == {"$ref": "#/$defs/card"}:
            return "a list of cards"
        item_types = _declared_types(_resolved(part.get("items", {}), root))
        return f"a list of {_types(item_types)}" if item_types else "a list"
    return _types(types)


def walk(node: Any, names: list[str]) -> tuple[list[Any], Any]:
    """The keys and indexes of a validator's name of a value (``["data", "steps", "3"]``: the
    first names the root, list indexes come as text) and the value they lead to inside
    ``node`` (None where they lead nowhere)."""
    path: list[Any] = []
    for s in names[1:]:
        step: Any = int(s) if isinstance(node, list) and s.isascii() and s.isdigit() else s
        path.append(step)
        if (isinstance(node, dict) and step in node) or (
            isinstance(node, list) and isinstance(step, int) and step < len(node)
        ):
            node = node[step]
        else:
            node = None
    return path, node


def where_text(path: list[Any]) -> str:
    return clip("/".join(str(p) for p in path), 120) or "the example"
