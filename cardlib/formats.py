"""The checker's reports in the forms other tools read: JSON (``--format json``), GitHub
Actions workflow commands (``--format github``) and SARIF 2.1.0 (``--format sarif``).

Every form carries the same problems as the text output, each at its file, line and column,
with its rule ID.  Where the file can be read again, a problem also carries where its value
ends (``end_line``, ``end_column``: the column just after the value's last character), as
editors and code-scanning tools underline it.
"""

from __future__ import annotations

import os
import re
from collections.abc import Collection, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import quote_from_bytes

from cardlib import __version__
from cardlib.check import Problem, Report, summary

JSON_FORMAT_VERSION = 3
"""The version of ``--format json``'s document: 2 added ``format_version``, ``cardlib`` and
each problem's ``end_line`` and ``end_column`` (where known); 3 added each example's ``uri``
(the file as a URI, which names it whatever characters or bytes its name holds); fields are
only ever added."""

SARIF_SCHEMA = (
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
)

#: the codes the checker reports that are not rules of a game (``cardlib rules`` knows those)
CHECKER_CODES = {
    "INPUT-FILE": ("The file cannot be read", "The file or folder cannot be read."),
    "INPUT-YAML": (
        "Not YAML, or a forbidden construct",
        "The file is not YAML, or uses a construct a worked example may not (aliases, tags).",
    ),
    "INPUT-LIMIT": (
        "Too large, too deep or too slow",
        "The file is over a limit: size, nesting, length of a value, problems or time.",
    ),
    "INPUT-SCHEMA": (
        "Not the worked-example format",
        "A field is missing, unknown or of the wrong type (cardlib schema prints the format).",
    ),
    "INPUT-PLAYER": ("Not a player", "A name that is not one of the example's players."),
    "INPUT-MOVE": ("Not a move", "A move that is not written in the game's notation."),
    "INTERNAL": (
        "cardlib failed",
        "cardlib itself failed on this example: a bug, please report it.",
    ),
}

_CLOSING = {"{": "}", "[": "]"}


def _value_end(line: str, start: int) -> int | None:
    """Where the YAML value (or key) that starts at ``start`` (0-based) on ``line`` ends: the
    index just after it, or None if it does not end on this line.

    >>> line = "      score: {Mei: 9}  # a note"
    >>> line[19:_value_end(line, 19)], line[13:_value_end(line, 13)]
    ('9', '{Mei: 9}')
    >>> line = "  - Mei: replace BL  # a note"
    >>> line[9:_value_end(line, 9)], line[4:_value_end(line, 4)]
    ('replace BL', 'Mei')
    >>> line = "example: 'it''s', and more"
    >>> line[9:_value_end(line, 9)]
    "'it''s'"
    >>> _value_end("source: |", 8) is None
    True
    """
    if start >= len(line):
        return None
    first = line[start]
    if first in _CLOSING:
        depth, quote = 0, ""
        for i in range(start, len(line)):
            c = line[i]
            if quote:
                quote = "" if c == quote else quote
            elif c in "'\"":
                quote = c
            elif c in "{[":
                depth += 1
            elif c in "}]":
                depth -= 1
                if depth == 0:
                    return i + 1
        return None
    if first in "'\"":
        i = start + 1
        while i < len(line):
            if line[i] == first:
                if first == "'" and line[i + 1 : i + 2] == "'":
                    i += 2
                    continue
                return i + 1
            if line[i] == "\\" and first == '"':
                i += 1
            i += 1
        return None
    if first in "|>":  # a block scalar: it goes on below
        return None
    end = re.search(r"[,\]}]|: |:$| #|\s+$", line[start:])
    stop = start + end.start() if end else len(line)
    while stop > start and line[stop - 1].isspace():
        stop -= 1
    return stop if stop > start else None


def ends(reports: Sequence[Report], unread: Collection[str] = ()) -> dict[Problem, tuple[int, int]]:
    """Where each problem's value ends, for the problems in files that can be read again
    (not those of the paths ``unread``, such as standard input's)."""
    found: dict[Problem, tuple[int, int]] = {}
    lines: dict[str, list[str] | None] = {}
    for r in reports:
        for p in r.problems:
            if r.file not in lines:
                lines[r.file] = None if r.file in unread else _read_lines(r.file)
            text = lines[r.file]
            if text is None or not 1 <= p.line <= len(text) or p.column < 1:
                continue
            end = _value_end(text[p.line - 1], p.column - 1)
            if end is not None:
                found[p] = (p.line, end + 1)
    return found


def _read_lines(path: str) -> list[str] | None:
    file = Path(path)
    try:
        if not file.is_file() or file.stat().st_size > 1_000_000:
            return None
        # the lines as editors and the reader count them (not str.splitlines, which also
        # ends a line at characters such as U+2028)
        return re.split(r"\r\n|\r|\n", file.read_bytes().decode("utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return None


def as_json(
    reports: Sequence[Report], status: int, *, unread: Collection[str] = ()
) -> dict[str, Any]:
    """``--format json``: the status, the summary and every example with its problems."""
    end = ends(reports, unread)
    examples = []
    for r in reports:
        e = r.as_dict()
        e["uri"] = _uri(r.file)
        for p, d in zip(r.problems, e["problems"], strict=True):
            if p in end:
                d["end_line"], d["end_column"] = end[p]
        examples.append(e)
    return {
        "format_version": JSON_FORMAT_VERSION,
        "cardlib": __version__,
        "status": status,
        "summary": summary(reports),
        "examples": examples,
    }


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def as_github(reports: Sequence[Report], *, unread: Collection[str] = ()) -> str:
    """``--format github``: one GitHub Actions workflow command a problem
    (``::error file=...,line=...,col=...,endLine=...,endColumn=...,title=RULE::message``),
    then the summary (a plain line, shown in the log)."""
    end = ends(reports, unread)
    lines = []
    for r in reports:
        for p in r.problems:
            where = f"file={_escape_property(p.path)},line={p.line},col={p.column}"
            if p in end:
                where += f",endLine={end[p][0]},endColumn={end[p][1]}"
            lines.append(
                f"::error {where},title={_escape_property(p.rule)}::{_escape_data(p.message)}"
            )
    lines.append(summary(reports))
    return "\n".join(lines)


def _rule_descriptor(rule_id: str) -> dict[str, Any]:
    from cardlib.catalogue import rules

    if rule_id in rules:
        rule = rules[rule_id]
        title, text = rule.title, rule.text
    else:
        title, text = CHECKER_CODES.get(rule_id, (rule_id, rule_id))
    return {
        "id": rule_id,
        "name": re.sub(r"\W+", "", title.title()) or rule_id,
        "shortDescription": {"text": title},
        "fullDescription": {"text": text},
        "help": {"text": f"{title}: {text} (cardlib rules {rule_id} explains it)"},
    }


def as_sarif(
    reports: Sequence[Report], status: int, *, unread: Collection[str] = ()
) -> dict[str, Any]:
    """``--format sarif``: a SARIF 2.1.0 log of one run, each rule broken with its catalogue
    title and text, each problem a result at its region."""
    end = ends(reports, unread)
    rule_ids = sorted({p.rule for r in reports for p in r.problems})
    index = {rule_id: i for i, rule_id in enumerate(rule_ids)}
    results = []
    for r in reports:
        for p in r.problems:
            region: dict[str, int] = {"startLine": p.line, "startColumn": p.column}
            if p in end:
                region["endLine"], region["endColumn"] = end[p]
            results.append(
                {
                    "ruleId": p.rule,
                    "ruleIndex": index[p.rule],
                    "level": "error",
                    "kind": "fail",
                    "message": {"text": p.message},
                    "locations": [
                        {
                            "physicalLocation": {
                                "artifactLocation": {"uri": _uri(r.file)},
                                "region": region,
                            }
                        }
                    ],
                    "properties": {"kind": p.kind, "example": r.title},
                }
            )
    return {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "cardlib",
                        "fullName": "cardlib check (cardlib-course)",
                        "version": __version__,
                        "semanticVersion": __version__,
                        "rules": [_rule_descriptor(rule_id) for rule_id in rule_ids],
                    }
                },
                "invocations": [{"executionSuccessful": status in (0, 1, 2), "exitCode": status}],
                "results": results,
                "properties": {"summary": summary(reports)},
            }
        ],
    }


def _uri(path: str) -> str:
    """A file's path as a URI: relative paths stay relative (to the folder the checker ran
    in), with forward slashes; every byte a URI may not hold is percent-encoded, the bytes
    of the real name (a line end, a byte that is not UTF-8), so the URI names the file.

    >>> _uri("examples/golf/two twos.yaml"), _uri("a\\nb.yaml"), _uri("bad-\\udcfe.yaml")
    ('examples/golf/two%20twos.yaml', 'a%0Ab.yaml', 'bad-%FE.yaml')
    """
    p = Path(path)
    if p.is_absolute():
        return p.as_uri()
    return quote_from_bytes(os.fsencode(p.as_posix()), safe="/")
