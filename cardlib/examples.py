"""Reading worked-example files: safe YAML with line numbers, hard limits, JSON Schema.

A worked example is YAML (see ``docs/examples.md``).  Reading never executes anything:
the YAML parser (libyaml's, or PyYAML's own when libyaml is absent) only produces events,
and this module builds plain data from them -- mappings, lists, text, whole numbers,
true/false/null -- refusing aliases, tags, duplicate keys, deep nesting and large files.
Every value keeps the line and column it came from so that a diagnostic can point at it.
Whatever goes wrong while reading is an :class:`InputError` with a place, never another
exception.
"""

from __future__ import annotations

import os
import re
import stat
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from cardlib.errors import InputError

MAX_BYTES = 1_000_000
MAX_DEPTH = 24
MAX_DOCUMENTS = 100
MAX_TEXT = 200
"""The longest text a move, a claim, a card, a name or a key may be (free text -- the
``example`` title, the ``source`` and a ``note`` -- may be as long as the file)."""
FREE_TEXT = frozenset({"example", "source", "note"})

#: what the YAML specification refuses in a file (PyYAML and libyaml refuse it too), in
#: UTF-8: C0 controls but tab and line ends, DEL, C1 controls but NEL, U+FFFE and U+FFFF
#: (a bytes pattern compiles in a fraction of the time of the character-class one)
_NOT_PRINTABLE = re.compile(
    rb"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]|\xc2[\x80-\x84\x86-\x9f]|\xef\xbf[\xbe\xbf]"
)
#: every byte that can start what :data:`_NOT_PRINTABLE` finds: a file without any of them
#: (most files) is passed with one ``bytes.translate``, a twentieth of the pattern's search
_MAYBE_NOT_PRINTABLE = bytes([*range(0x09), 0x0B, 0x0C, *range(0x0E, 0x20), 0x7F, 0xC2, 0xEF])
#: what one diagnostic line shows escaped: control characters, line and paragraph
#: separators, lone surrogates (a file name that is not UTF-8) and non-characters
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff\ufffe\uffff]")


def one_line(text: str) -> str:
    r"""``text`` with everything that could break a line or a terminal escaped, so that one
    diagnostic is always one line of valid UTF-8.

    >>> one_line("Mei\nX")
    'Mei\\nX'
    >>> one_line("bad-\udcfe.yaml")
    'bad-\\xfe.yaml'
    """
    if not _UNSAFE.search(text):
        return text
    return _UNSAFE.sub(_escape, text)


def _escape(m: re.Match[str]) -> str:
    c = m.group()
    n = ord(c)
    if 0xDC80 <= n <= 0xDCFF:  # a byte of a file name that is not UTF-8 (surrogateescape)
        return f"\\x{n - 0xDC00:02x}"
    return {"\n": "\\n", "\r": "\\r", "\t": "\\t"}.get(c) or (
        f"\\x{n:02x}" if n < 0x100 else f"\\u{n:04x}"
    )


def clip(text: str, limit: int = 40) -> str:
    """``text`` shortened for a message: the start and how many characters are left out.

    >>> clip("x" * 50)
    'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx... (10 more characters)'
    """
    text = one_line(text)
    return (
        text if len(text) <= limit else f"{text[:limit]}... ({len(text) - limit:,} more characters)"
    )


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

    # attributes in slots: the reader makes one for each mapping it reads
    __slots__ = ("key_starts", "start", "suspect")
    #: the parser's marks (0-based ``line`` and ``column``) of the mapping and of each key,
    #: kept as the parser made them: a place is asked for only when there is something to
    #: say about it, and turning every mark into a line and a column costs a twentieth of
    #: the reading
    start: Any
    key_starts: dict[str, Any]
    #: of a document, False when the reader saw no fraction and no over-long text in it
    suspect: bool

    @property
    def mark(self) -> tuple[int, int]:
        """The line and column where the mapping starts, 1-based."""
        return _place(getattr(self, "start", None))

    def where(self, key: str) -> tuple[int, int]:
        return _place(self.key_starts.get(key, self.start))


class Seq(list[Any]):
    """A sequence from YAML that remembers where each item stands."""

    __slots__ = ("item_starts", "start")
    #: the parser's marks of the sequence and of each item (see :attr:`Map.start`)
    start: Any
    item_starts: list[Any]

    @property
    def mark(self) -> tuple[int, int]:
        """The line and column where the sequence starts, 1-based."""
        return _place(getattr(self, "start", None))

    def where(self, index: int) -> tuple[int, int]:
        starts = self.item_starts
        return _place(starts[index] if 0 <= index < len(starts) else self.start)


def _place(mark: Any) -> tuple[int, int]:
    """A parser's mark (0-based) as a 1-based line and column; (1, 1) for none."""
    return (1, 1) if mark is None else (mark.line + 1, mark.column + 1)


# -- reading the bytes -------------------------------------------------------------------

STDIN = "-"
"""The path that means standard input (``cardlib check -``)."""


def read_bytes(path: Path | str) -> bytes:
    """The bytes of a worked-example file, or standard input for ``-``: at most
    :data:`MAX_BYTES`; what is not a regular file (a folder, a FIFO, a device) is refused
    without reading (or waiting for) a single byte."""
    if str(path) == STDIN:
        data = _read_stdin()
    else:
        try:
            fd = os.open(
                path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
            )
        except OSError as exc:
            raise InputError("INPUT-FILE", f"cannot read the file: {exc.strerror or exc}") from None
        try:
            info = os.fstat(fd)
            if stat.S_ISDIR(info.st_mode):
                raise InputError(
                    "INPUT-FILE", "this is a folder, and no worked examples were read from it"
                )
            if not stat.S_ISREG(info.st_mode):
                raise InputError(
                    "INPUT-FILE",
                    "not a regular file (a pipe, a device or a socket): give the path of a .yaml file, or - for standard input",
                )
            if info.st_size > MAX_BYTES:
                raise InputError("INPUT-LIMIT", _too_big(info.st_size))
            chunks: list[bytes] = []
            left = MAX_BYTES + 1
            while left > 0:
                chunk = os.read(fd, left)
                if not chunk:
                    break
                chunks.append(chunk)
                left -= len(chunk)
            data = b"".join(chunks)
        except OSError as exc:
            raise InputError("INPUT-FILE", f"cannot read the file: {exc.strerror or exc}") from None
        finally:
            os.close(fd)
    if len(data) > MAX_BYTES:
        raise InputError("INPUT-LIMIT", _too_big(len(data), more=True))
    return data


def _read_stdin() -> bytes:
    """Standard input's bytes, at most one more than :data:`MAX_BYTES`; standard input that
    is closed, not open for reading or set not to wait (and empty) is an INPUT-FILE."""
    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:
        raise InputError("INPUT-FILE", "cannot read standard input: it is closed")
    try:
        data = stream.read(MAX_BYTES + 1)
    except (OSError, ValueError) as exc:  # ValueError: a stream already closed
        why = getattr(exc, "strerror", None) or str(exc)
        raise InputError("INPUT-FILE", f"cannot read standard input: {why}") from None
    if data is None:  # non-blocking, and nothing written yet
        raise InputError(
            "INPUT-FILE", "cannot read standard input: nothing has been written to it yet"
        )
    return bytes(data)


def _too_big(size: int, more: bool = False) -> str:
    big = f"more than {MAX_BYTES // 1000} kB" if more else f"{size / 1e6:.1f} MB"
    return f"file is {big}; worked examples are limited to {MAX_BYTES // 1000} kB"


# -- from YAML events to plain data -------------------------------------------------------


def _parser(text: str) -> Any:
    """An event parser for ``text``: libyaml's when PyYAML was built with it (nine times
    faster), otherwise PyYAML's own; both give the same events with the same marks."""
    global _make_parser
    if _make_parser is None:
        try:
            from yaml._yaml import CParser

            _make_parser = CParser
        except ImportError:  # PyYAML without libyaml
            _make_parser = _pure_parser()
    return _make_parser(text)


_make_parser: Any = None


def _pure_parser() -> Any:
    from yaml.parser import Parser
    from yaml.reader import Reader
    from yaml.scanner import Scanner

    class PureParser(Reader, Scanner, Parser):
        def __init__(self, stream: str) -> None:
            Reader.__init__(self, stream)
            Scanner.__init__(self)
            Parser.__init__(self)

    return PureParser


_Y = "tag:yaml.org,2002:"
_TEXT = _Y + "str"


@cache
def _yaml_kit() -> tuple[Any, Any, dict[str, Any]]:
    """The event classes, the implicit resolver table and the scalar constructors."""
    from yaml import events
    from yaml.constructor import SafeConstructor
    from yaml.nodes import ScalarNode
    from yaml.resolver import Resolver

    safe = SafeConstructor()

    def make(method: Any, tag: str) -> Any:
        return lambda value: method(safe, ScalarNode(tag, value))

    yaml_int = make(SafeConstructor.construct_yaml_int, _Y + "int")

    def whole(value: str) -> Any:
        # plain decimal digits (most whole numbers), read as PyYAML reads them, without a node
        if value.isascii() and value.isdigit() and value[0] != "0":
            return int(value)
        return yaml_int(value)

    scalars = {
        _TEXT: str,
        _Y + "null": lambda value: None,
        _Y + "bool": make(SafeConstructor.construct_yaml_bool, _Y + "bool"),
        _Y + "int": whole,
        _Y + "float": make(SafeConstructor.construct_yaml_float, _Y + "float"),
    }
    return events, Resolver.yaml_implicit_resolvers, scalars


def _short(tag: str) -> str:
    return "!!" + tag.removeprefix(_Y) if tag.startswith(_Y) else tag


_LARGEST = 10**MAX_TEXT - 1
"""The largest whole number a worked example may write (:data:`MAX_TEXT` digits)."""


def _too_large(text: str) -> str:
    return (
        f"{clip(repr(text))} is too large a whole number: a worked example's numbers have "
        f"at most {MAX_TEXT} digits"
    )


_UNKNOWN = object()
#: a whole number written in plain decimal digits, the commonest number of a worked example
#: (read by ``int`` as PyYAML's constructor reads it; "0" leads nothing else: 017 is octal)
_DECIMAL = re.compile(r"-?[1-9][0-9]*|0")

_MADE: dict[str, Any] = {}
"""Plain scalar (untagged, unquoted, at most :data:`MAX_TEXT` characters) -> the text, whole
number, true/false or null it makes.  The same text always makes the same value, and most
words of a worked example (keys, names, cards, moves) come again in file after file: each is
resolved once a process, not once a file (checking the shipped examples once in a fresh
process, a twelfth of the reading).  Emptied when it holds :data:`_MADE_MOST`."""
_MADE_MOST = 10_000


class _Builder:
    """Plain data from a stream of parser events, with the limits of a worked example.

    Most values of a worked example are plain text, written again and again (keys, names,
    cards, moves): each plain scalar is resolved and made once (:data:`_MADE`), and looked up
    inline afterwards; a key, a list item, a mapping and a list keep the parser's mark of
    their place, a value of a mapping none of its own."""

    def __init__(self, parser: Any) -> None:
        self.next = parser.get_event
        events, self.implicit, self.scalars = _yaml_kit()
        self.Scalar = events.ScalarEvent
        self.MapStart, self.MapEnd = events.MappingStartEvent, events.MappingEndEvent
        self.SeqStart, self.SeqEnd = events.SequenceStartEvent, events.SequenceEndEvent
        self.Alias = events.AliasEvent
        self.DocStart, self.StreamEnd = events.DocumentStartEvent, events.StreamEndEvent
        self.made = _MADE
        self.suspect = False
        #: what the loops of mapping() and sequence() read, in one tuple: unpacking it on
        #: each call costs less than reading as many attributes
        self.loop = (self.next, self.node, self.scalar, self.made.get, self.Scalar)

    def documents(self) -> list[Any]:
        docs: list[Any] = []
        self.next()  # the start of the stream
        while True:
            event = self.next()
            if type(event) is self.StreamEnd:
                return docs
            if len(docs) >= MAX_DOCUMENTS:
                raise InputError(
                    "INPUT-LIMIT", f"more than {MAX_DOCUMENTS} documents in one file", *_at(event)
                )
            self.suspect = False
            doc = self.node(self.next(), 1)
            if isinstance(doc, Map):
                doc.suspect = self.suspect
            docs.append(doc)
            self.next()  # the end of the document

    def node(self, event: Any, depth: int) -> Any:
        kind = type(event)
        if kind is self.Scalar and depth <= MAX_DEPTH:
            return self.scalar(event)
        if kind is self.Alias:
            raise InputError(
                "INPUT-YAML",
                "aliases (*name) are not allowed in worked examples: write the value out",
                *_at(event),
            )
        if depth > MAX_DEPTH:
            raise InputError(
                "INPUT-LIMIT",
                f"nesting deeper than {MAX_DEPTH} levels: a worked example is never this deep",
                *_at(event),
            )
        if kind is self.MapStart:
            return self.mapping(event, depth)
        if kind is self.SeqStart:
            return self.sequence(event, depth)
        raise InputError("INPUT-YAML", "malformed YAML", *_at(event))  # the parser never gets here

    # mapping() and sequence() read the scalars of their keys, values and items inline:
    # ``made(...) if ev.tag is None and ev.implicit[0] else _UNKNOWN`` is a plain scalar
    # made before, and anything else (_UNKNOWN) goes through scalar()

    def mapping(self, event: Any, depth: int) -> Map:
        if event.tag is not None:
            self.fits(event.tag, "map", event)
        data = Map()
        data.start = event.start_mark
        starts: dict[str, Any] = {}
        data.key_starts = starts
        next_event, node, scalar, made, Scalar = self.loop
        End = self.MapEnd
        depth += 1
        flat = depth <= MAX_DEPTH  # a scalar here is within the limit
        while True:
            ev = next_event()
            kind = type(ev)
            if kind is Scalar and flat:
                key = made(ev.value, _UNKNOWN) if ev.tag is None and ev.implicit[0] else _UNKNOWN
                if key is _UNKNOWN:
                    key = scalar(ev)
            elif kind is End:
                return data
            else:
                key = node(ev, depth)
            if type(key) is not str:
                if isinstance(key, Map | Seq) or key is None:
                    raise InputError("INPUT-YAML", "mapping keys must be plain text", *_at(ev))
                key = str(key)
            if key in data:
                raise InputError(
                    "INPUT-YAML", f"duplicate key {clip(repr(key))} in one mapping", *_at(ev)
                )
            starts[key] = ev.start_mark
            ev = next_event()
            if type(ev) is Scalar and flat:
                value = made(ev.value, _UNKNOWN) if ev.tag is None and ev.implicit[0] else _UNKNOWN
                data[key] = scalar(ev) if value is _UNKNOWN else value
            else:
                data[key] = node(ev, depth)

    def sequence(self, event: Any, depth: int) -> Seq:
        if event.tag is not None:
            self.fits(event.tag, "seq", event)
        items = Seq()
        items.start = event.start_mark
        starts: list[Any] = []
        items.item_starts = starts
        next_event, node, scalar, made, Scalar = self.loop
        End = self.SeqEnd
        add, add_start = items.append, starts.append
        depth += 1
        flat = depth <= MAX_DEPTH
        while True:
            ev = next_event()
            kind = type(ev)
            if kind is Scalar and flat:
                item = made(ev.value, _UNKNOWN) if ev.tag is None and ev.implicit[0] else _UNKNOWN
                if item is _UNKNOWN:
                    item = scalar(ev)
            elif kind is End:
                return items
            else:
                item = node(ev, depth)
            add_start(ev.start_mark)
            add(item)

    def fits(self, tag: str, kind: str, event: Any) -> None:
        if tag != "!" and tag != _Y + kind:
            raise InputError("INPUT-YAML", _tag_refused(tag, kind), *_at(event))

    def scalar(self, event: Any) -> Any:
        """The value of a scalar that is not a plain one made before."""
        value = event.value
        if event.tag is None and len(value) <= MAX_TEXT:
            if not event.implicit[0]:  # quoted: text
                return value
            # plain: the commonest two kinds read without the resolver's expressions, as
            # it reads them -- text that no implicit type can start with (names, cards,
            # moves), and whole numbers in plain decimal digits; anything else is typed()
            if value[:1] not in self.implicit:
                made: Any = value
            elif _DECIMAL.fullmatch(value):
                made = int(value)
            else:
                return self.typed(event)
            self.keep(value, made)
            return made
        return self.typed(event)

    def typed(self, event: Any) -> Any:
        tag, value = event.tag, event.value
        if len(value) > MAX_TEXT:
            self.suspect = True
        if tag is None:
            if not event.implicit[0]:  # quoted: text
                return value
            tag = self.resolve(value)
        elif tag == "!":
            return value
        make = self.scalars.get(tag)
        if make is None:
            if event.tag is None and tag[len(_Y) :] in ("timestamp", "merge", "value"):
                return value  # a date or "<<" written plainly: the text as written
            raise InputError("INPUT-YAML", _tag_refused(tag, "scalar"), *_at(event))
        try:
            made = value if tag == _TEXT else make(value)
        except Exception:  # the constructors raise ValueError, KeyError, ... on bad text
            if tag == _Y + "int" and len(value) > MAX_TEXT:  # past Python's 4,300 digits
                raise InputError("INPUT-LIMIT", _too_large(value), *_at(event)) from None
            what = {"int": "a whole number", "float": "a number", "bool": "true or false"}.get(
                tag[len(_Y) :], _short(tag)
            )
            digits = f" ({len(value):,} characters is too long for one)" if len(value) > 100 else ""
            raise InputError(
                "INPUT-YAML", f"{clip(repr(value))} is not {what}{digits}", *_at(event)
            ) from None
        if type(made) is int and not -_LARGEST <= made <= _LARGEST:
            # 0x... is not bounded by its length in characters; nothing that large is ever
            # counted, and Python cannot even write one of more than 4,300 digits
            raise InputError("INPUT-LIMIT", _too_large(value), *_at(event))
        if type(made) is float:
            self.suspect = True
        elif event.tag is None and len(value) <= MAX_TEXT:
            self.keep(value, made)  # text, a whole number, true/false or null
        return made

    def keep(self, value: str, made: Any) -> None:
        """Keep what a plain scalar made (see :data:`_MADE`)."""
        if len(self.made) >= _MADE_MOST:
            self.made.clear()
        self.made[value] = made

    def resolve(self, value: str) -> str:
        for tag, regexp in self.implicit.get(value[:1] or "", ()):
            if regexp.match(value):
                return str(tag)
        return _TEXT


def _tag_refused(tag: str, kind: str) -> str:
    known = {"map": "a mapping", "seq": "a list", "str": "text", "int": "a whole number"}
    name = _short(tag)
    if tag.startswith(_Y) and tag[len(_Y) :] in ("map", "seq") and kind != tag[len(_Y) :]:
        return f"the tag {clip(name)} does not fit this value: {known[tag[len(_Y) :]]} is written without a tag"
    return f"the tag {clip(name)} is not allowed: worked examples hold plain data only"


def _at(event: Any) -> tuple[int, int]:
    mark = event.start_mark
    return mark.line + 1, mark.column + 1


def read_text(raw: bytes) -> list[Map]:
    """Every YAML document of ``raw`` (documents are separated by ``---``), as plain data."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise InputError("INPUT-FILE", "the file is not UTF-8 text", line) from None
    bad = (
        _NOT_PRINTABLE.search(raw)
        if len(raw.translate(None, _MAYBE_NOT_PRINTABLE)) < len(raw)
        else None
    )
    if bad:
        at = bad.start()
        start = raw.rfind(b"\n", 0, at) + 1
        raise InputError(
            "INPUT-YAML",
            f"the character U+{ord(bad.group().decode()):04X} is not allowed in a YAML file",
            raw.count(b"\n", 0, at) + 1,
            len(raw[start:at].decode()) + 1,
        )
    parser = _parser(text)
    try:
        docs = _Builder(parser).documents()
    except InputError:
        raise
    except Exception as exc:  # the parser's own errors (and anything it did not foresee)
        raise _yaml_problem(exc, text) from None
    finally:
        dispose = getattr(parser, "dispose", None)
        if dispose is not None:
            dispose()
    if not docs:
        raise InputError("INPUT-SCHEMA", "the file holds no worked example")
    for doc in docs:
        if not isinstance(doc, Map):
            mark = getattr(doc, "mark", (1, 1))
            raise InputError(
                "INPUT-SCHEMA", "a worked example is a mapping (example:, game:, ...)", *mark
            )
    return docs


def _yaml_problem(exc: Exception, text: str) -> InputError:
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    problem = getattr(exc, "problem", None) or getattr(exc, "context", None)
    if problem is None:
        problem = f"{type(exc).__name__}: {exc}" if not hasattr(exc, "position") else str(exc)
    line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
    if mark is None and isinstance(getattr(exc, "position", None), int):
        pos = min(exc.position, len(text))  # type: ignore[attr-defined]
        line = text.count("\n", 0, pos) + 1
    return InputError("INPUT-YAML", f"malformed YAML: {clip(str(problem).strip(), 200)}", line, col)


def read_documents(path: Path | str) -> list[Map]:
    """Every YAML document of a file (documents are separated by ``---``), or of standard
    input when ``path`` is ``-``."""
    return read_text(read_bytes(path))


def _schema_text() -> bytes:
    import pkgutil  # what importlib.resources reads, at a tenth of its import time

    data = pkgutil.get_data("cardlib", "data/example.schema.json")
    if data is None:
        raise FileNotFoundError("cardlib/data/example.schema.json")
    return data


@cache
def schema() -> dict[str, Any]:
    """The JSON Schema of a worked example (for editors and other tools)."""
    import json

    result: dict[str, Any] = json.loads(_schema_text())
    return result


def cache_folder() -> Path:
    """Where cardlib keeps the compiled validator: ``$CARDLIB_CACHE``, else the user's
    cache folder (``$XDG_CACHE_HOME/cardlib``, ``~/.cache/cardlib``)."""
    if os.environ.get("CARDLIB_CACHE"):
        return Path(os.environ["CARDLIB_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "cardlib"


class SchemaError(ValueError):
    """What the compiled validator raises for a document the schema refuses: the fields of
    fastjsonschema's ``JsonSchemaValueException`` (``message``, ``name``, ``path``, ...),
    defined here so that checking a file does not import fastjsonschema (only compiling
    the validator does)."""

    def __init__(
        self,
        message: str,
        value: Any = None,
        name: str | None = None,
        definition: Any = None,
        rule: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.value = value
        self.name = name
        self.definition = definition
        self.rule = rule

    @property
    def path(self) -> list[str]:
        """``data.steps[3].expect`` as ``["data", "steps", "3", "expect"]``."""
        return [item for item in re.split(r"[.\[\]]+", self.name or "") if item]


#: the names fastjsonschema's generated code imports from it, and what cardlib gives it
#: instead (``JsonSchemaValuesException`` is raised only with ``fast_fail`` off, never here)
_EXCEPTIONS = {
    "JsonSchemaValueException": SchemaError,
    "JsonSchemaValuesException": SchemaError,
    "JsonSchemaException": SchemaError,
}
#: changes when the way the validator is compiled changes, so that an older one is not used
_COMPILER = "standalone-5"


def _set_text(mapping: dict[str, Any], keys: set[str]) -> str:
    """What ``str(keys)`` writes for a set of ``mapping``'s keys (``{'a', 'b'}``), the keys in
    the order they are written rather than in the set's (see :func:`_standalone`)."""
    return "{" + ", ".join(repr(key) for key in mapping if key in keys) + "}"


_SET_TEXT = "_cardlib_set_text"
"""The name :func:`_set_text` has in the compiled validator."""


class _Unmet(Exception):
    """What the compiled validator raises where a refusal is caught and dropped (see
    :func:`_standalone`)."""


_UNMET = "_cardlib_unmet"
"""The name :class:`_Unmet` has in the compiled validator."""


def _fastjsonschema_version() -> str:
    """fastjsonschema's version, read beside it without importing it (its import is most of
    the time of a run that finds the validator compiled already)."""
    from importlib.util import find_spec

    spec = find_spec("fastjsonschema")
    if spec is not None and spec.origin:
        try:
            text = Path(spec.origin).with_name("version.py").read_text("utf-8")
        except (OSError, ValueError):
            text = ""
        found = re.search(r"^VERSION\s*=\s*['\"]([^'\"]+)['\"]", text, re.MULTILINE)
        if found:
            return found.group(1)
    import fastjsonschema

    return str(fastjsonschema.VERSION)


@cache
def _validator() -> tuple[Callable[[Any], Any], Any]:
    """The schema's validator, compiled once, and the exception it raises (:class:`SchemaError`;
    fastjsonschema's own if its generated code ever imports more from it than that).

    fastjsonschema turns the schema into Python (about 70 ms), which :func:`_standalone`
    makes independent of fastjsonschema and quicker; the code object is kept in
    :func:`cache_folder` under the hash of the schema and the versions of Python,
    fastjsonschema and this compiling, so that the next run only loads it.  Without a usable
    cache folder it is compiled in memory every run.  Nothing is written anywhere else."""
    import marshal
    import zlib

    raw = _schema_text()
    tag = f"{sys.implementation.cache_tag}-{_fastjsonschema_version()}-{_COMPILER}"
    key = f"{tag}-{len(raw)}-{zlib.crc32(raw):08x}"  # zlib: hashlib costs more to import
    cached = cache_folder() / f"validator-{key}.marshal"
    entry: Any = None
    try:
        entry = marshal.loads(cached.read_bytes())
        name, code = entry
    except (OSError, ValueError, EOFError, TypeError):
        entry = None
    if entry is None:
        import fastjsonschema

        source = fastjsonschema.compile_to_code(schema())
        found = re.search(r"^def (validate\w*)\(", source, re.MULTILINE)
        name = found.group(1) if found else "validate"  # the first function is the schema's
        code = compile(_standalone(source), "<cardlib example schema>", "exec")
        try:
            cached.parent.mkdir(parents=True, exist_ok=True)
            partial = cached.with_suffix(f".{os.getpid()}.tmp")
            partial.write_bytes(marshal.dumps((name, code)))
            os.replace(partial, cached)
        except OSError:
            pass  # a read-only home: compile again next time
    namespace: dict[str, Any] = {**_EXCEPTIONS, _SET_TEXT: _set_text, _UNMET: _Unmet}
    exec(code, namespace)  # fastjsonschema's own generated validator (no input is executed)
    return namespace[name], namespace["JsonSchemaValueException"]


def _standalone(source: str) -> Any:
    """fastjsonschema's generated ``source``, as a syntax tree that does the same without
    fastjsonschema and quicker: its import of the exception classes is left out (they come
    from :data:`_EXCEPTIONS`), and each name it builds for a message with
    ``"...{i}...".format(**locals())`` (for every list item and key, valid or not) is the
    f-string ``f"...{i}..."``, which builds the same text without first copying every local
    variable into a dictionary.  Where it goes through the keys left in the set of a
    mapping's keys (``data_keys = set(data.keys())``, the keys the schema names taken out),
    to check each or to list them in a message, it goes through the mapping's keys in the
    order written and takes those in the set: in a set's order, which of several wrong keys
    was reported followed the string hashing (``PYTHONHASHSEED``).  Where it tries a
    condition (``if``) or each alternative (``oneOf``) in a ``try`` whose ``except`` drops the
    refusal, a refusal raised right there is the bare :class:`_Unmet`, not a refusal with its
    message, its value and its part of the schema made for nothing (two conditions of three
    fail for every example).  Anything else is left as generated."""
    import ast
    import string

    def formatted(node: ast.Call) -> ast.expr | None:
        """``f"..."`` for ``"...".format(**locals())`` with only plain names in the fields."""
        method, kwargs = node.func, node.keywords
        if not (
            isinstance(method, ast.Attribute)
            and method.attr == "format"
            and isinstance(method.value, ast.Constant)
            and isinstance(method.value.value, str)
            and not node.args
            and len(kwargs) == 1
            and kwargs[0].arg is None
            and isinstance(kwargs[0].value, ast.Call)
            and isinstance(kwargs[0].value.func, ast.Name)
            and kwargs[0].value.func.id == "locals"
            and not kwargs[0].value.args
            and not kwargs[0].value.keywords
        ):
            return None
        parts: list[ast.expr] = []
        for text, field, spec, conversion in string.Formatter().parse(method.value.value):
            if text:
                parts.append(ast.Constant(text))
            if field is None:
                continue
            if not field.isidentifier() or spec or conversion:
                return None
            parts.append(ast.FormattedValue(ast.Name(field, ast.Load()), -1, None))
        return ast.JoinedStr(parts)

    def set_of_keys(node: ast.expr) -> str | None:
        """``data`` for ``set(data.keys())``."""
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "set"
            and len(node.args) == 1
            and not node.keywords
            and isinstance(node.args[0], ast.Call)
            and isinstance(node.args[0].func, ast.Attribute)
            and node.args[0].func.attr == "keys"
            and isinstance(node.args[0].func.value, ast.Name)
            and not node.args[0].args
            and not node.args[0].keywords
        ):
            return node.args[0].func.value.id
        return None

    refusals = {"JsonSchemaValueException", "JsonSchemaValuesException"}

    def drops_refusals(node: ast.Try) -> list[ast.expr] | None:
        """What ``try: ... except (JsonSchemaValueException, ...): pass`` catches."""
        if len(node.handlers) != 1 or node.handlers[0].type is None:
            return None
        handler, caught = node.handlers[0], node.handlers[0].type
        names = caught.elts if isinstance(caught, ast.Tuple) else [caught]
        if not (
            handler.name is None
            and len(handler.body) == 1
            and isinstance(handler.body[0], ast.Pass)
            and all(isinstance(name, ast.Name) and name.id in refusals for name in names)
        ):
            return None
        return names

    def raised_in(body: list[ast.stmt]) -> Iterator[ast.Raise]:
        """The refusals raised in ``body`` itself: not in a ``try`` or a function within."""
        for statement in body:
            if isinstance(statement, ast.Try | ast.FunctionDef | ast.ClassDef):
                continue
            if (
                isinstance(statement, ast.Raise)
                and isinstance(statement.exc, ast.Call)
                and isinstance(statement.exc.func, ast.Name)
                and statement.exc.func.id in refusals
            ):
                yield statement
            for inner in ("body", "orelse"):
                yield from raised_in(getattr(statement, inner, None) or [])

    class Standalone(ast.NodeTransformer):
        def __init__(self) -> None:
            #: in the function being rewritten: each name given a set of keys -> the
            #: mapping's name (None if given the keys of more than one)
            self.keys: dict[str, str | None] = {}

        def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.AST:
            outer, self.keys = self.keys, {}
            for n in ast.walk(node):
                if isinstance(n, ast.Assign) and len(n.targets) == 1:
                    target, mapping = n.targets[0], set_of_keys(n.value)
                    if isinstance(target, ast.Name) and mapping is not None:
                        known = self.keys.setdefault(target.id, mapping)
                        if known != mapping:
                            self.keys[target.id] = None
            self.generic_visit(node)
            self.keys = outer
            return node

        def visit_For(self, node: ast.For) -> ast.AST:
            """``for k in data: if k in data_keys: ...`` for ``for k in data_keys: ...``."""
            self.generic_visit(node)
            if not (isinstance(node.iter, ast.Name) and isinstance(node.target, ast.Name)):
                return node
            mapping = self.keys.get(node.iter.id)
            if mapping is None or node.orelse:
                return node
            kept = ast.Compare(
                ast.Name(node.target.id, ast.Load()),
                [ast.In()],
                [ast.Name(node.iter.id, ast.Load())],
            )
            node.body = [ast.If(kept, node.body, [])]
            node.iter = ast.Name(mapping, ast.Load())
            return node

        def visit_Try(self, node: ast.Try) -> ast.AST:
            self.generic_visit(node)
            caught = drops_refusals(node)
            if caught is not None:
                for statement in raised_in(node.body):
                    statement.exc = ast.Name(_UNMET, ast.Load())
                node.handlers[0].type = ast.Tuple(
                    [*caught, ast.Name(_UNMET, ast.Load())], ast.Load()
                )
            return node

        def visit_ImportFrom(self, node: ast.ImportFrom) -> ast.AST | None:
            names = [alias.name for alias in node.names if alias.asname is None]
            plain = node.module == "fastjsonschema" and len(names) == len(node.names)
            return None if plain and set(names) <= _EXCEPTIONS.keys() else node

        def visit_Call(self, node: ast.Call) -> ast.AST:
            self.generic_visit(node)
            made = formatted(node) or self.listed(node)
            return node if made is None else ast.copy_location(made, node)

        def listed(self, node: ast.Call) -> ast.expr | None:
            """``_set_text(data, data_keys)`` for ``str(data_keys)``."""
            if not (
                isinstance(node.func, ast.Name)
                and node.func.id == "str"
                and len(node.args) == 1
                and not node.keywords
                and isinstance(node.args[0], ast.Name)
            ):
                return None
            mapping = self.keys.get(node.args[0].id)
            if mapping is None:
                return None
            args: list[ast.expr] = [ast.Name(mapping, ast.Load()), node.args[0]]
            return ast.Call(ast.Name(_SET_TEXT, ast.Load()), args, [])

    tree = Standalone().visit(ast.parse(source))
    return ast.fix_missing_locations(_written_out(tree))


def _written_out(tree: Any) -> Any:
    """``tree`` with each call of a small validator (one that calls no other: the schema's
    card, rule ID, ...) written out where it stands, its parameters replaced by what the
    call passes and its variables renamed.  The name a call passes (``data.steps[3]``) is
    then built only for a message, where the call built one for every card of every
    example: checking a card was a tenth of the validation.  The code does the same."""
    import ast
    import copy

    def small(function: ast.FunctionDef) -> bool:
        """A validator ``(data, custom_formats={}, name_prefix=None)`` that calls no other
        validator and ends with its one ``return data``, and whose code does not depend on
        being a function: no ``locals()``, no nested function, no ``global``."""
        params = [a.arg for a in function.args.args]
        *body, last = function.body
        if params != ["data", "custom_formats", "name_prefix"] or function.args.vararg:
            return False
        if not (isinstance(last, ast.Return) and isinstance(last.value, ast.Name)):
            return False
        if last.value.id != "data":
            return False
        for node in ast.walk(ast.Module(body, [])):
            if isinstance(
                node,
                ast.Return
                | ast.FunctionDef
                | ast.Lambda
                | ast.ClassDef
                | ast.Global
                | ast.Nonlocal
                | ast.Yield
                | ast.YieldFrom,
            ):
                return False
            called = (
                node.func.id
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                else ""
            )
            if called == "locals" or called.startswith("validate"):
                return False
            if isinstance(node, ast.Name) and node.id in params and isinstance(node.ctx, ast.Store):
                return False
        return True

    used = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
    functions = [node for node in tree.body if isinstance(node, ast.FunctionDef)]
    leaves: dict[str, tuple[ast.FunctionDef, set[str]]] = {}
    for function in functions:
        if not small(function):
            continue
        stored = {
            node.id
            for node in ast.walk(function)
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store)
        }
        if not {f"{name}__{function.name}" for name in stored} & used:
            leaves[function.name] = (function, stored)

    class Rename(ast.NodeTransformer):
        def __init__(self, function: str, stored: set[str], data: str, name: ast.expr):
            self.function, self.stored, self.data, self.name = function, stored, data, name

        def visit_Name(self, node: ast.Name) -> ast.AST:
            if node.id == "data":
                return ast.Name(self.data, node.ctx)
            if node.id == "name_prefix":
                return copy.deepcopy(self.name)
            if node.id in self.stored:
                return ast.Name(f"{node.id}__{self.function}", node.ctx)
            return node

    class Inline(ast.NodeTransformer):
        def visit_Expr(self, node: ast.Expr) -> Any:
            call = node.value
            if not (
                isinstance(call, ast.Call)
                and isinstance(call.func, ast.Name)
                and call.func.id in leaves
                and len(call.args) == 3
                and not call.keywords
                and isinstance(call.args[0], ast.Name)
                and isinstance(call.args[1], ast.Name)
                and call.args[1].id == "custom_formats"
            ):
                return node
            function, stored = leaves[call.func.id]
            rename = Rename(function.name, stored, call.args[0].id, call.args[2])
            return [rename.visit(copy.deepcopy(statement)) for statement in function.body[:-1]]

    return Inline().visit(tree)


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
    """Check a document against the JSON Schema, then against what the schema cannot say
    (a whole number is never written ``3.0``; moves, claims and names are short); raise
    the first problem, at its line."""
    validator, refused = _validator()
    try:
        validator(doc)
    except refused as error:
        path, node = _walk(doc, error.path)
        message = _in_words(error, node, path)
        line, col = locate(doc, path)
        raise InputError(
            "INPUT-SCHEMA", f"{_where_text(path)}: {clip(message, 300)}", line, col
        ) from None
    if getattr(doc, "suspect", True):
        _plain(doc, [])


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
    "^[A-Z]+(-[A-Z0-9]+)+$": "a rule ID, written like GF-BOOK or ROOK-BID-MIN",
    "^[1-9]$": "a trick number, 1 to 9",
}


def _in_words(error: Any, node: Any, path: list[Any]) -> str:
    """What the schema refuses (``error``, the validator's refusal of ``node`` at ``path``),
    said in a learner's words rather than the validator's; ``path`` is lengthened where the
    refusal is about one key or item inside ``node``, so that the line is that one's."""
    rule, d = error.rule, error.definition if isinstance(error.definition, dict) else {}
    said = _said(rule, d, node, path)
    if said is None:  # a refusal this schema does not make today: the validator's own words
        said = error.message.removeprefix(str(error.name)).strip()
    return clip(one_line(said), 300)


def _said(rule: str | None, d: dict[str, Any], node: Any, path: list[Any]) -> str | None:
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
    if rule == "oneOf":
        return _best_of(d.get("oneOf", []), node, path)
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


def _best_of(choices: list[Any], node: Any, path: list[Any]) -> str:
    """Why ``node`` is none of the forms ``choices`` allows (a ``oneOf``): the refusal of the
    one form of the same kind as ``node`` (a list refused as a list of cards says what is
    wrong with the list), or, when no form is of its kind, the forms there are."""
    import json

    import fastjsonschema  # only here, for this refusal (checking does without it)

    root = schema()
    forms = [_resolved(c, root) for c in choices]
    same = [c for c in forms if _kind_fits(node, _declared_types(c))]
    if len(same) == 1:
        try:
            _sub_validator(json.dumps({"$defs": root["$defs"], **same[0]}))(node)
        except fastjsonschema.JsonSchemaValueException as inner:
            steps, inner_node = _walk(node, inner.path)
            said = _said(inner.rule, inner.definition or {}, inner_node, steps)
            if said is not None:
                path.extend(steps)
                return said
    return f"must be {_one_of([_form_words(c, root) for c in forms])}, not {_kind(node)}"


@cache
def _sub_validator(text: str) -> Callable[[Any], Any]:
    """A validator for one part of the schema (compiled when a ``oneOf`` is refused)."""
    import json

    import fastjsonschema

    result: Callable[[Any], Any] = fastjsonschema.compile(json.loads(text))
    return result


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


def _walk(node: Any, names: list[str]) -> tuple[list[Any], Any]:
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


def _where_text(path: list[Any]) -> str:
    return clip("/".join(str(p) for p in path), 120) or "the example"


def _plain(node: Any, path: list[Any]) -> None:
    """What the JSON Schema lets through but no worked example means: ``3.0`` where a whole
    number is meant (the schema has no fractional numbers at all), and text too long for a
    move, a claim, a card or a name."""
    if isinstance(node, Map):
        for key, value in node.items():
            if len(key) > MAX_TEXT:
                raise InputError.at(
                    [*path, key],
                    "INPUT-SCHEMA",
                    f"{_where_text(path)}: a key of {len(key):,} characters; at most {MAX_TEXT}",
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
            f"{_where_text(path)}: must be a whole number, written without a decimal point (not {node})",
        )
    elif isinstance(node, str) and len(node) > MAX_TEXT:
        raise InputError.at(
            path,
            "INPUT-SCHEMA",
            f"{_where_text(path)}: {len(node):,} characters of text; a move, a claim, a card "
            f"or a name has at most {MAX_TEXT}",
        )
