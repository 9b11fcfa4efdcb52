r"""Reading worked-example files: bytes with hard limits, and safe YAML that keeps places.

A worked example is YAML (see ``docs/examples.md``).  Reading never executes anything:
the YAML parser (libyaml's, or PyYAML's own when libyaml is absent) only produces events,
and this module builds plain data from them -- mappings, lists, text, whole numbers,
true/false/null -- refusing aliases, tags, duplicate keys, deep nesting and large files.
Every value keeps the line and column it came from so that a diagnostic can point at it.
Whatever goes wrong while reading is an :class:`InputError` with a place, never another
exception.

>>> (doc,) = read_text(b"example: x\nplayers: [Mei, Ben]\n")
>>> doc
{'example': 'x', 'players': ['Mei', 'Ben']}
>>> doc.where("players"), doc["players"].where(1), locate(doc, ["players", 1])
((2, 1), (2, 16), (2, 16))
>>> read_text(b"a: &x 1\nb: *x\n")
Traceback (most recent call last):
...
cardlib.errors.InputError: INPUT-YAML: aliases (*name) are not allowed in worked examples: write the value out
"""

from __future__ import annotations

import os
import re
import stat
import sys
from functools import cache
from pathlib import Path
from typing import Any

from cardlib import arguments
from cardlib.errors import InputError, NotationError
from cardlib.text import clip

MAX_BYTES = 1_000_000
MAX_DEPTH = 24
MAX_DOCUMENTS = 100
MAX_TEXT = 200
"""The longest text a move, a claim, a card, a name or a key may be (free text -- the
``example`` title, the ``source`` and a ``note`` -- may be as long as the file)."""
FREE_TEXT = frozenset({"example", "source", "note"})

#: what the YAML specification refuses in a file (PyYAML and libyaml refuse it too), in
#: UTF-8: C0 controls but tab and line ends, DEL, C1 controls, U+FFFE and U+FFFF; and the
#: three characters YAML 1.1 ends a line at but editors do not (NEL, U+2028 and U+2029), so
#: that every line a diagnostic names is the line an editor shows (searched in the bytes, so
#: that the column of one is counted in the file's characters)
_NOT_PRINTABLE = re.compile(
    rb"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]|\xc2[\x80-\x9f]|\xef\xbf[\xbe\xbf]|\xe2\x80[\xa8\xa9]"
)
#: every byte that can start what :data:`_NOT_PRINTABLE` finds: a file without any of them
#: holds nothing it refuses, and is not searched
_MAYBE_NOT_PRINTABLE = bytes([*range(0x09), 0x0B, 0x0C, *range(0x0E, 0x20), 0x7F, 0xC2, 0xE2, 0xEF])
#: the line ends YAML 1.1 knows and editors do not, by name
_HIDDEN_LINE_ENDS = {
    "\x85": "NEXT LINE",
    "\u2028": "LINE SEPARATOR",
    "\u2029": "PARAGRAPH SEPARATOR",
}
#: what one diagnostic line shows escaped: control characters, line and paragraph


class Map(dict[str, Any]):
    """A mapping from YAML that remembers where each key and the mapping itself stand."""

    # attributes in slots: the reader makes one for each mapping it reads
    __slots__ = ("key_starts", "start", "suspect")
    #: the parser's marks (0-based ``line`` and ``column``) of the mapping and of each key,
    #: kept as the parser made them and read as a line and a column (:attr:`mark`,
    #: :meth:`where`) only when a diagnostic points at one
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
    arguments.path(path)
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
    """An event parser for ``text``: libyaml's when PyYAML was built with it, otherwise
    PyYAML's own; both give the same events with the same marks."""
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
resolved once a process, not once a file.  Emptied when it holds :data:`_MADE_MOST`."""
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
        #: what the loops of mapping() and sequence() read, in one tuple
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
            if kind is Scalar and flat and ev.tag is None:
                # a key is the text as written: YAML 1.1 would read 0x1: and 0b1: as the
                # number 1 and Yes: as true, which are then no longer the names written
                key = ev.value
                if len(key) > MAX_TEXT:
                    self.suspect = True
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
    if not isinstance(raw, bytes | bytearray):
        raise NotationError(f"raw must be the bytes of a file, not {arguments.shown(raw)}")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(
            "INPUT-FILE", "the file is not UTF-8 text", _line_at(raw, exc.start)[0]
        ) from None
    bad = (
        _NOT_PRINTABLE.search(raw)
        if len(raw.translate(None, _MAYBE_NOT_PRINTABLE)) < len(raw)
        else None
    )
    if bad:
        at = bad.start()
        line, start = _line_at(raw, at)
        char = bad.group().decode()
        name = _HIDDEN_LINE_ENDS.get(char)
        said = (
            f"the character U+{ord(char):04X} ({name}) is not allowed in a worked example: "
            f"YAML ends a line there but editors do not (write \\u{ord(char):04x} in quotes "
            "if you mean it)"
            if name
            else f"the character U+{ord(char):04X} is not allowed in a YAML file"
        )
        raise InputError(
            "INPUT-YAML",
            said,
            line,
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


_LINE_END = re.compile(rb"\r\n|\r|\n")


def _line_at(raw: bytes, at: int) -> tuple[int, int]:
    """The line (1-based) of byte ``at``, counted as editors and the YAML parser count line
    ends (``\\n``, ``\\r\\n`` and ``\\r``), and the byte where that line starts."""
    ends = [m.end() for m in _LINE_END.finditer(raw, 0, at)]
    return len(ends) + 1, (ends[-1] if ends else 0)


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
