"""A seeded fuzz test of the checker's promise (issue 11): whatever the file, exit 0, 1 or
2 (0 only without a problem), one ``PATH:LINE:COL: CODE message`` line per problem, never
an internal error or a traceback, and bounded output.

Inputs: structural mutations of every shipped example (lines deleted, doubled, swapped,
re-indented; YAML punctuation, control characters and stray bytes inserted; the file cut
short) and schema-aware ones (a value anywhere in the document replaced by a hostile value:
a fraction, a huge number, long text, a control character, the wrong type, another value
of the same file; keys dropped, added and renamed).  Most run in process; a folder of them
goes through the real command line in both output formats.  ``pytest -s`` prints the
counts per category.

And the same promise as Hypothesis properties (issue 31): a shipped example drawn, then
mutated at the text level (the structural mutations above driven by Hypothesis's random,
and arbitrary text or bytes put in at a drawn place) and at the structure level (the
schema-aware mutations, and a node of the data replaced by an arbitrary YAML value Hypothesis
builds).  A failure is shrunk and printed with its ``@reproduce_failure`` blob; the default
profile tries the same inputs every run (tests/support/hypothesis_profiles.py).
"""

from __future__ import annotations

import functools
import json
import random
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

import tests.support.hypothesis_profiles  # noqa: F401  (the profiles)
from cardlib.check import check_file, exit_status
from cardlib.examples import Map, Seq, read_documents
from tests.conftest import EXAMPLES, run_cli
from tests.support.examples import DIAGNOSTIC

SEED = 20261
SHIPPED = sorted(EXAMPLES.rglob("*.yaml"))
#: libyaml's emitter where PyYAML was built with it
DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
PER_FILE_STRUCTURAL = 60
PER_FILE_SCHEMA = 60
THROUGH_CLI = 150
MAX_OUTPUT = 200_000

PUNCTUATION = list("[]{}:,-?&*!|>'\"#%@`\t") + [": ", "- ", "---\n", "...\n", "!!int ", "&a ", "*a"]
HOSTILE_VALUES: list[Any] = [
    3.0,
    0.5,
    -1,
    0,
    10**30,
    -(10**30),
    float("inf"),
    "",
    " ",
    "x" * 300,
    "Mei\nX",
    "\u2028",
    "²",
    "０",
    None,
    True,
    False,
    [],
    {},
    [[[]]],
    {"a": {"b": {"c": 1}}},
    ["draw"] * 50,
    "play r" + "5" * 300,
    "10H",
    "1Z",
    "Rook",
    "bid 5",
    "ask An 8",
    "flip TL",
    "draw",
    "GOLF-COLUMN",
    "ROOK-NEST-TAKE",
    "INPUT-YAML",
    "lay aside R5 R7 Y7 Y11 Y14",
    "North",
    "Mei",
]


# -- structural mutations of the text ---------------------------------------------------------


def structural(text: str, rng: random.Random) -> tuple[str, bytes]:
    lines = text.splitlines(keepends=True)
    kind = rng.choice(
        ["delete", "double", "swap", "indent", "punctuation", "control", "bytes", "cut", "token"]
    )
    i = rng.randrange(len(lines))
    if kind == "delete":
        del lines[i]
    elif kind == "double":
        lines.insert(i, lines[i])
    elif kind == "swap":
        j = rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    elif kind == "indent":
        lines[i] = (
            " " * rng.choice([1, 2, 3, 4, 8]) + lines[i]
            if rng.random() < 0.7
            else lines[i].lstrip()
        )
    elif kind == "punctuation":
        at = rng.randrange(len(lines[i]) + 1)
        lines[i] = lines[i][:at] + rng.choice(PUNCTUATION) + lines[i][at:]
    elif kind == "control":
        at = rng.randrange(len(lines[i]) + 1)
        lines[i] = (
            lines[i][:at]
            + chr(rng.choice([0, 1, 8, 11, 12, 27, 127, 0x85, 0xFFFE, 0x2028]))
            + lines[i][at:]
        )
    elif kind == "token":
        words = text.split()
        at = rng.randrange(len(lines[i]) + 1)
        lines[i] = lines[i][:at] + rng.choice(words) + lines[i][at:]
    data = "".join(lines).encode("utf-8", "surrogatepass")
    if kind == "bytes":
        at = rng.randrange(len(data) + 1)
        data = data[:at] + bytes(rng.randrange(256) for _ in range(rng.randint(1, 4))) + data[at:]
    elif kind == "cut":
        data = data[: rng.randrange(len(data))]
    return kind, data


# -- schema-aware mutations of the data -------------------------------------------------------


def plain(node: Any) -> Any:
    if isinstance(node, dict):
        return {k: plain(v) for k, v in node.items()}
    if isinstance(node, list):
        return [plain(v) for v in node]
    return node


def places(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(node, Map | dict):
        for k, v in node.items():
            found += places(v, (*path, k))
    elif isinstance(node, Seq | list):
        for i, v in enumerate(node):
            found += places(v, (*path, i))
    return found


def schema_aware(docs: list[Any], rng: random.Random) -> tuple[str, bytes]:
    docs = [plain(d) for d in docs]
    doc = rng.choice(docs)
    spots = places(doc)[1:]
    path = rng.choice(spots)
    parent = doc
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    kind = rng.choice(
        ["hostile value", "hostile value", "other value", "drop", "add key", "rename key"]
    )
    if kind == "hostile value":
        parent[last] = rng.choice(HOSTILE_VALUES)
    elif kind == "other value":
        other = doc
        for step in rng.choice(spots):
            other = other[step]
        parent[last] = other
    elif kind == "drop":
        del parent[last]
    elif isinstance(parent, dict):
        key = rng.choice(["sneaky", "²", "x\n", "Mei", "expect", "illegal", "note", "10", "legal"])
        if kind == "add key":
            parent[key] = rng.choice(HOSTILE_VALUES)
        else:
            parent[key] = parent.pop(last)
    else:
        parent.insert(last, rng.choice(HOSTILE_VALUES))
    return kind, dumped(docs)


def dumped(docs: list[Any]) -> bytes:
    """``docs`` written as YAML by libyaml's emitter (a fiftieth of the pure-Python one's
    time), or by PyYAML's own when a value holds a lone surrogate, which libyaml cannot
    write (the bytes then hold it as it is, as a file that is not UTF-8 does)."""
    try:
        text = yaml.dump_all(docs, Dumper=DUMPER, allow_unicode=True, sort_keys=False)
    except UnicodeEncodeError:
        text = yaml.safe_dump_all(docs, allow_unicode=True, sort_keys=False)
    return text.encode("utf-8", "surrogatepass")


@functools.cache
def mutations() -> tuple[tuple[str, str, bytes], ...]:
    """(category, kind, bytes) of every input, the same on every run (made once a process:
    both fuzz tests read them)."""
    rng = random.Random(SEED)
    out = []
    for path in SHIPPED:
        text = path.read_text("utf-8")
        docs = read_documents(path)
        for _ in range(PER_FILE_STRUCTURAL):
            out.append(("structural", *structural(text, rng)))
        for _ in range(PER_FILE_SCHEMA):
            out.append(("schema", *schema_aware(docs, rng)))
    return tuple(out)


def check_promise(reports: list[Any], label: str) -> None:
    status = exit_status(reports)
    problems = [p for r in reports for p in r.problems]
    assert status in (0, 1, 2), (label, [str(p) for p in problems])
    assert (status == 0) == (not problems), label
    assert not [p for p in problems if p.kind == "internal"], (label, [str(p) for p in problems])
    size = 0
    for p in problems:
        text = str(p)
        size += len(text)
        assert len(text.splitlines()) == 1 and DIAGNOSTIC.match(text), (label, text)
    assert size < MAX_OUTPUT, (label, size)


@pytest.mark.slow  # the same promise, fewer inputs: the two tests below
def test_fuzz_in_process(tmp_path):
    counts: Counter[str] = Counter()
    outcomes: Counter[str] = Counter()
    for n, (category, kind, data) in enumerate(mutations()):
        path = tmp_path / f"m{n}.yaml"
        path.write_bytes(data)
        reports = check_file(path)
        check_promise(reports, f"{category}/{kind} #{n}: {data[:300]!r}")
        counts[f"{category}/{kind}"] += 1
        outcomes[f"exit {exit_status(reports)}"] += 1
    total = sum(counts.values())
    print(f"\nfuzz: {total} inputs in process; {dict(sorted(counts.items()))}; {dict(outcomes)}")
    assert total >= 2000


def test_fuzz_through_the_command_line(tmp_path):
    rng = random.Random(SEED + 1)
    chosen = rng.sample(mutations(), THROUGH_CLI)
    for n, (_category, _kind, data) in enumerate(chosen):
        (tmp_path / f"m{n:03}.yaml").write_bytes(data)
    text = run_cli("check", str(tmp_path))
    assert text.returncode in (1, 2) and text.stderr == "", text.stderr
    assert "Traceback" not in text.stdout and len(text.stdout) < THROUGH_CLI * MAX_OUTPUT
    *problems, summary = text.stdout.splitlines()
    assert summary.endswith("claims checked)") and problems
    for line in problems:
        m = DIAGNOSTIC.match(line)
        assert m and Path(m["path"]).parent == tmp_path, line
    as_json = run_cli("check", "--format", "json", str(tmp_path))
    data = json.loads(as_json.stdout)
    assert as_json.returncode == data["status"] == text.returncode and as_json.stderr == ""
    assert sum(len(e["problems"]) for e in data["examples"]) == len(problems)
    print(f"\nfuzz: {THROUGH_CLI} inputs through the command line, {len(problems)} problems")


# -- the same promise as Hypothesis properties --------------------------------------------------


@functools.cache
def shipped(index: int) -> tuple[str, list[Any]]:
    """A shipped example's text and documents (read once)."""
    path = SHIPPED[index]
    return path.read_text("utf-8"), read_documents(path)


def an_example(data: st.DataObject) -> tuple[str, list[Any]]:
    return shipped(data.draw(st.integers(0, len(SHIPPED) - 1), label="example"))


def checked_promise(data: bytes, label: str) -> None:
    """``data`` as a file, checked: the checker's promise holds."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fuzzed.yaml"
        path.write_bytes(data)
        check_promise(check_file(path), f"{label}: {data[:300]!r}")


#: what Hypothesis may put in a document: any YAML value, nested a little
VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False)
    | st.text(max_size=40)
    | st.sampled_from([v for v in HOSTILE_VALUES if not isinstance(v, list | dict)]),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=8,
)


@given(data=st.data())
def test_text_mutations_keep_the_promise(data: st.DataObject) -> None:
    text, _docs = an_example(data)
    kind, mutated = structural(text, data.draw(st.randoms(use_true_random=False), label="rng"))
    checked_promise(mutated, kind)


@given(data=st.data())
def test_text_put_anywhere_keeps_the_promise(data: st.DataObject) -> None:
    text, _docs = an_example(data)
    raw = text.encode("utf-8")
    at = data.draw(st.integers(0, len(raw)), label="at")
    cut = data.draw(st.integers(0, min(20, len(raw) - at)), label="cut")
    put = data.draw(
        st.binary(max_size=12)
        | st.text(max_size=12).map(lambda t: t.encode("utf-8", "surrogatepass")),
        label="put",
    )
    checked_promise(raw[:at] + put + raw[at + cut :], "text put in")


@given(data=st.data())
def test_structure_mutations_keep_the_promise(data: st.DataObject) -> None:
    _text, docs = an_example(data)
    kind, mutated = schema_aware(docs, data.draw(st.randoms(use_true_random=False), label="rng"))
    checked_promise(mutated, kind)


@given(data=st.data())
def test_any_value_anywhere_keeps_the_promise(data: st.DataObject) -> None:
    """A node of the data (a value, a list, a whole section) replaced by any YAML value."""
    _text, docs = an_example(data)
    docs = [plain(d) for d in docs]
    doc = docs[data.draw(st.integers(0, len(docs) - 1), label="document")]
    spots = places(doc)[1:]
    path = spots[data.draw(st.integers(0, len(spots) - 1), label="place")]
    parent = doc
    for step in path[:-1]:
        parent = parent[step]
    parent[path[-1]] = data.draw(VALUES, label="value")
    text = yaml.safe_dump_all(docs, allow_unicode=True, sort_keys=False)
    checked_promise(text.encode("utf-8", "surrogatepass"), f"{path} replaced")
