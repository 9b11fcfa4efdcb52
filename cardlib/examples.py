"""Reading worked-example files: safe YAML with line numbers, hard limits, JSON Schema.

A worked example is YAML (see ``docs/examples.md``).  Reading never executes anything:
the loader is PyYAML's safe loader, with aliases, duplicate keys, deep nesting and large
files refused, and every value keeps the line and column it came from so that a
diagnostic can point at it.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from cardlib.errors import InputError

MAX_BYTES = 1_000_000
MAX_DEPTH = 24
MAX_DOCUMENTS = 100


@dataclass(frozen=True, slots=True)
class Where:
    """A place in a file, 1-based."""

    path: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}"


class Map(dict[str, Any]):
    """A mapping from YAML that remembers where each key and the mapping itself stand."""

    mark: tuple[int, int] = (1, 1)
    key_marks: dict[str, tuple[int, int]]

    def where(self, key: str) -> tuple[int, int]:
        return self.key_marks.get(key, self.mark)


class Seq(list[Any]):
    """A sequence from YAML that remembers where each item stands."""

    mark: tuple[int, int] = (1, 1)
    item_marks: list[tuple[int, int]]

    def where(self, index: int) -> tuple[int, int]:
        return self.item_marks[index] if 0 <= index < len(self.item_marks) else self.mark


def _mark(node: yaml.Node) -> tuple[int, int]:
    return node.start_mark.line + 1, node.start_mark.column + 1


class _Loader(yaml.SafeLoader):
    """PyYAML's safe loader, with limits and line numbers kept on every container."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._depth = 0

    def compose_node(self, parent: yaml.Node | None, index: object) -> yaml.Node:  # type: ignore[override]
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()
            raise InputError(
                "INPUT-YAML",
                "aliases (*name) are not allowed in worked examples: write the value out",
                event.start_mark.line + 1,
                event.start_mark.column + 1,
            )
        self._depth += 1
        if self._depth > MAX_DEPTH:
            event = self.peek_event()
            raise InputError(
                "INPUT-LIMIT",
                f"nesting deeper than {MAX_DEPTH} levels: a worked example is never this deep",
                event.start_mark.line + 1,
                event.start_mark.column + 1,
            )
        try:
            return super().compose_node(parent, index)  # type: ignore[arg-type]
        finally:
            self._depth -= 1

    def construct_yaml_map(self, node: yaml.MappingNode):  # type: ignore[no-untyped-def,override]
        data = Map()
        data.mark = _mark(node)
        data.key_marks = {}
        yield data
        for key_node, value_node in node.value:
            key = self.construct_object(key_node, deep=True)
            if not isinstance(key, str | int | float | bool) or key is None:
                raise InputError("INPUT-YAML", "mapping keys must be plain text", *_mark(key_node))
            key = str(key)
            if key in data:
                raise InputError(
                    "INPUT-YAML", f"duplicate key {key!r} in one mapping", *_mark(key_node)
                )
            data[key] = self.construct_object(value_node, deep=True)
            data.key_marks[key] = _mark(key_node)

    def construct_yaml_seq(self, node: yaml.SequenceNode):  # type: ignore[no-untyped-def,override]
        data = Seq()
        data.mark = _mark(node)
        data.item_marks = [_mark(n) for n in node.value]
        yield data
        data.extend(self.construct_object(n, deep=True) for n in node.value)


_Loader.add_constructor("tag:yaml.org,2002:map", _Loader.construct_yaml_map)
_Loader.add_constructor("tag:yaml.org,2002:seq", _Loader.construct_yaml_seq)


def read_documents(path: Path) -> list[Map]:
    """Every YAML document of a file (documents are separated by ``---``)."""
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise InputError(
                "INPUT-LIMIT",
                f"file is {size / 1e6:.1f} MB; worked examples are limited to {MAX_BYTES // 1000} kB",
            )
        raw = path.read_bytes()
    except OSError as exc:
        raise InputError("INPUT-FILE", f"cannot read the file: {exc.strerror or exc}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise InputError("INPUT-FILE", "the file is not UTF-8 text", line) from None
    loader = _Loader(text)
    docs: list[Any] = []
    try:
        while loader.check_data():
            if len(docs) >= MAX_DOCUMENTS:
                raise InputError("INPUT-LIMIT", f"more than {MAX_DOCUMENTS} documents in one file")
            docs.append(loader.get_data())
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problem = (exc.problem or exc.context or "malformed YAML").strip()
        tag = re.search(r"for the tag '([^']*)'", problem)
        if tag:
            name = tag.group(1).replace("tag:yaml.org,2002:", "!!")
            problem = f"the tag {name} is not allowed: worked examples hold plain data only"
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        raise InputError(
            "INPUT-YAML", problem if tag else f"malformed YAML: {problem}", line, col
        ) from None
    except yaml.YAMLError as exc:
        raise InputError("INPUT-YAML", f"malformed YAML: {exc}") from None
    except RecursionError:
        raise InputError("INPUT-LIMIT", "the file is nested too deeply to read") from None
    finally:
        loader.dispose()
    if not docs:
        raise InputError("INPUT-SCHEMA", "the file holds no worked example")
    for doc in docs:
        if not isinstance(doc, Map):
            mark = getattr(doc, "mark", (1, 1))
            raise InputError(
                "INPUT-SCHEMA", "a worked example is a mapping (example:, game:, ...)", *mark
            )
    return docs


@cache
def schema() -> dict[str, Any]:
    """The JSON Schema of a worked example (for editors and other tools)."""
    from importlib import resources

    text = resources.files("cardlib").joinpath("data/example.schema.json").read_text("utf-8")
    return json.loads(text)


@cache
def _validator() -> Any:
    import fastjsonschema

    return fastjsonschema.compile(schema())


def locate(doc: Any, path: list[Any]) -> tuple[int, int]:
    """The line and column of the value at ``path`` inside a document (its nearest known place)."""
    where = getattr(doc, "mark", (1, 1))
    node = doc
    for step in path:
        if (isinstance(node, Map) and step in node) or (
            isinstance(node, Seq) and isinstance(step, int) and 0 <= step < len(node)
        ):
            where = node.where(step)
            node = node[step]
        else:
            break
    return where


def validate(doc: Map) -> None:
    """Check a document against the JSON Schema; raise the first problem, at its line."""
    import fastjsonschema

    try:
        _validator()(doc)
    except fastjsonschema.JsonSchemaValueException as error:
        # the first item names the root ("data"); list indices come as strings
        path: list[Any] = [int(s) if s.isdigit() else s for s in error.path[1:]]
        message = error.message.removeprefix(str(error.name)).strip()
        extra = re.search(r"must not contain \{(.*)\} properties", message)
        node = doc
        for step in path:
            if (isinstance(node, Map) and step in node) or (
                isinstance(node, Seq) and isinstance(step, int)
            ):
                node = node[step]
        if extra and isinstance(node, Map):
            names = [n for n in node if repr(n) in extra.group(1)]
            if names:
                path.append(names[0])
                message = f"{names[0]!r} is not a field here"
        line, col = locate(doc, path)
        where = "/".join(str(p) for p in path) or "the example"
        raise InputError("INPUT-SCHEMA", f"{where}: {message}", line, col) from None
