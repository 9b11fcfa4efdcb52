"""The checks of the worked examples, run by tests/core/test_game_examples.py for every
registered game on the data the game's tests folder gives (``example_data.py``: its tables of
claim changes, setup corruptions and hostile files); each check runs on one row of a table.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path

import pytest

from cardlib import rules
from cardlib.check import check_file, exit_status
from cardlib.cli import main
from cardlib.examples import Map, Seq, read_documents
from tests.conftest import EXAMPLES, ROOT, run_cli

DIAGNOSTIC = re.compile(
    r"^(?P<path>[^:]+):(?P<line>\d+):(?P<col>\d+): (?P<rule>[A-Z]+(-[A-Z0-9]+)+) \S.*$"
)


def _problems(reports) -> list[str]:
    return [str(p) for r in reports for p in r.problems]


def check_example_passes(path: Path) -> None:
    """A shipped example passes, and every example in the file claims something."""
    reports = check_file(path)
    assert reports and all(r.passed for r in reports), _problems(reports)
    assert all(r.claims > 0 for r in reports)


def check_names_the_schema(paths: Iterable[Path]) -> None:
    """Every file starts by naming the schema, so editors can complete and check it."""
    for path in paths:
        assert path.read_text().startswith(
            "# yaml-language-server: $schema=../example.schema.json\n"
        ), path.name


# -- corruptions: every claimed value, changed, is caught at its own line ------------------


def claim_leaves(node):
    """(line, column of the key, value) for every scalar claim under an expect: mapping."""
    if isinstance(node, Map):
        for key, value in node.items():
            if isinstance(value, Map | Seq):
                yield from claim_leaves(value)
            else:
                yield (*node.where(key), value)
    elif isinstance(node, Seq):
        for i, value in enumerate(node):
            if not isinstance(value, Map | Seq):
                yield (*node.where(i), value)


Corruption = tuple[Path, int, int, str, str]


def claim_corruptions(
    paths: Iterable[Path], changed: Callable[[str, str, list[str]], str | None]
) -> Iterator[Corruption]:
    """(path, line, column, old, new) for every claimed value of the files: a flag flipped,
    a number plus one, any other value as ``changed(claim, value, players)`` says (None:
    kept), ``claim`` being the key of the step's ``expect:`` it is under."""
    for path in paths:
        for doc in read_documents(path):
            players = list(doc["players"])
            for step in doc["steps"]:
                if "expect" not in step:
                    continue
                expect = step["expect"]
                for key, node in expect.items():
                    leaves = (
                        claim_leaves(node)
                        if isinstance(node, Map | Seq)
                        else [(*expect.where(key), node)]
                    )
                    for line, col, value in leaves:
                        if isinstance(value, bool):
                            old = str(value).lower()
                            yield path, line, col, old, {"true": "false", "false": "true"}[old]
                        elif value is None:
                            continue
                        elif isinstance(value, int):
                            yield path, line, col, str(value), str(value + 1)
                        elif (new := changed(key, value, players)) is not None:
                            yield path, line, col, value, new


def changer(
    game_rules: list[str], cycles: Mapping[str, list[list[str]]]
) -> Callable[[str, str, list[str]], str | None]:
    """``changed(claim, value, players)`` from a game's data: a player becomes the next
    player, a rule ID the next rule of the game; else the last word of the value that is in
    one of the ``cycles`` (those of the claim's key first, then those of ``"*"``) becomes the
    next word of its cycle (None: no word is)."""
    tables = {
        key: {
            w: cycle[(i + 1) % len(cycle)] for cycle in reversed(lists) for i, w in enumerate(cycle)
        }
        for key, lists in cycles.items()
    }

    def changed(claim: str, value: str, players: list[str]) -> str | None:
        if value in players:
            return players[(players.index(value) + 1) % len(players)]
        if value in game_rules:
            return game_rules[(game_rules.index(value) + 1) % len(game_rules)]
        words = value.split(" ")
        for i in reversed(range(len(words))):
            for table in (tables.get(claim, {}), tables.get("*", {})):
                if words[i] in table:
                    return " ".join([*words[:i], table[words[i]], *words[i + 1 :]])
        return None

    return changed


def claim_corruption_ids(corruptions: Iterable[Corruption]) -> list[str]:
    return [f"{p.stem}:{line}:{col}:{old}->{new}" for p, line, col, old, new in corruptions]


def only_the_document_at(lines: list[str], line: int) -> list[str]:
    """The file with every other document (and separator) made a comment line: the same line
    numbers, but only the corrupted document is replayed (Go Fish's deal table has 16)."""
    breaks = [0, *(i + 1 for i, text in enumerate(lines) if text.rstrip() == "---"), len(lines) + 1]
    start = max(b for b in breaks if b < line)
    end = min(b for b in breaks if b >= line)
    return [text if start < i + 1 < end else "#\n" for i, text in enumerate(lines)]


def check_claim_corruption(
    path: Path, line: int, col: int, old: str, new: str, game_rules: list[str], tmp_path: Path
) -> None:
    """The claim at ``line``/``col`` changed from ``old`` to ``new``: its document fails at that
    line alone (exit 1), and every problem names a rule of the game."""
    lines = path.read_text().splitlines(keepends=True)
    text = lines[line - 1]
    head, tail = text[: col - 1], text[col - 1 :]
    changed = re.sub(rf"^([^:]+:\s*)({re.escape(old)})(?=[\s,}}\]])", rf"\g<1>{new}", tail, count=1)
    if changed == tail:  # a list item: the value itself stands at col
        assert tail.startswith(old), (tail, old)
        changed = new + tail[len(old) :]
    lines[line - 1] = head + changed
    bad = tmp_path / path.name
    bad.write_text("".join(only_the_document_at(lines, line)))
    reports = check_file(bad)
    problems = [p for r in reports for p in r.problems]
    assert exit_status(reports) == 1, [str(p) for p in problems]
    assert problems and {p.line for p in problems} == {line}, [str(p) for p in problems]
    assert all(p.rule in game_rules for p in problems), [str(p) for p in problems]


def setup_corruption_ids(corruptions: Iterable[tuple[str, ...]]) -> list[str]:
    return [f"{c[0]}-{i}" for i, c in enumerate(corruptions)]


def check_setup_corruption(
    game_folder: str,
    name: str,
    old: str,
    new: str,
    where: str,
    rule: str,
    tmp_path: Path,
    statuses: tuple[int, ...] = (1,),
) -> None:
    """``old`` (once in examples/<game_folder>/<name>) made ``new`` is noticed: the exit status is
    one of ``statuses`` and the first problem names ``rule`` at the line that contains ``where``."""
    text = (EXAMPLES / game_folder / name).read_text()
    assert text.count(old) == 1, old
    bad_text = text.replace(old, new, 1)
    bad = tmp_path / name
    bad.write_text(bad_text)
    reports = check_file(bad)
    problems = [p for r in reports for p in r.problems]
    assert problems, "the corruption went unnoticed"
    assert exit_status(reports) in statuses, _problems(reports)
    first = problems[0]
    assert first.rule == rule, str(first)
    assert where in bad_text.splitlines()[first.line - 1], (str(first), where)


# -- hostile and malformed input: one line, exit 2 -----------------------------------------


def check_hostile_file(
    name: str, text: str, line: int, rule: str, tmp_path: Path, capsys: pytest.CaptureFixture
) -> None:
    """``cardlib check`` on the file says one line, at ``line`` with ``rule``, and exits 2."""
    bad = tmp_path / f"{name}.yaml"
    bad.write_text(text)
    assert main(["check", str(bad)]) == 2
    captured = capsys.readouterr()
    assert captured.err == "" and "Traceback" not in captured.out
    out = captured.out.splitlines()
    assert len(out) == 2, out  # the diagnostic and the summary
    m = DIAGNOSTIC.match(out[0])
    assert m and m["path"] == str(bad), out[0]
    assert (int(m["line"]), m["rule"]) == (line, rule), out[0]


def check_hostile_files_through_the_command(
    hostile: Mapping[str, tuple[str, int, str]], tmp_path: Path
) -> None:
    """The real command, once for all of them: one line each, exit 2, no traceback."""
    for name, (text, _line, _rule) in hostile.items():
        (tmp_path / f"{name}.yaml").write_text(text)
    result = run_cli("check", str(tmp_path))
    assert result.returncode == 2 and result.stderr == ""
    lines = result.stdout.splitlines()
    assert len(lines) == len(hostile) + 1 and all(DIAGNOSTIC.match(x) for x in lines[:-1])
    assert lines[-1].endswith(f"0 passed, 0 failed, {len(hostile)} invalid (0 claims checked)")


def mutations(text: str, rng):
    """Random damage of the kinds people make: a line lost, doubled or re-indented, a value
    replaced by a list, a mapping, a number, nothing or junk."""
    lines = text.splitlines(keepends=True)
    i = rng.randrange(len(lines))
    kind = rng.randrange(6)
    if kind == 0:
        del lines[i]
    elif kind == 1:
        lines.insert(i, lines[i])
    elif kind == 2:
        lines[i] = "  " + lines[i]
    else:
        junk = ["[]", "{}", "-3", "~", "'%s'" % ("x" * 300), "[1, [2, {a: b}]]", "true", "7Z"][
            rng.randrange(8)
        ]
        lines[i] = re.sub(r":\s*[^\n]*", f": {junk}", lines[i], count=1)
    return "".join(lines)


def check_random_damage(path: Path, tmp_path: Path, rounds: int) -> None:
    """``rounds`` random damages of the file (seeded by its name): the checker never crashes,
    and every problem is one diagnostic line."""
    rng = random.Random(path.stem)
    text = path.read_text()
    for n in range(rounds):
        bad = tmp_path / f"{n}.yaml"
        bad.write_text(mutations(text, rng))
        reports = check_file(bad)
        assert exit_status(reports) in (0, 1, 2), _problems(reports)
        for r in reports:
            for p in r.problems:
                assert DIAGNOSTIC.match(str(p).splitlines()[0]) and "\n" not in str(p), str(p)


# -- the format is documented, and every rule is taught and tested ------------------------


def example_schema_defs() -> dict:
    return json.loads((ROOT / "cardlib/data/example.schema.json").read_text())["$defs"]


def check_documented(heading: str, names: Iterable[str]) -> None:
    """docs/examples.md, from ``heading`` on, names every one of ``names`` in backticks."""
    docs = (ROOT / "docs" / "examples.md").read_text()
    section = docs[docs.index(heading) :]
    for name in names:
        assert re.search(rf"`{name}:?[` ]", section), name


def check_rule_ids_everywhere(game: str, notebook: str, engine_glob: str, tests_glob: str) -> None:
    """Every rule ID of ``game`` is in the engine (cardlib/``engine_glob``), in the notebook and
    in the tests (tests/``tests_glob``)."""
    engine = "".join(p.read_text() for p in (ROOT / "cardlib").glob(engine_glob))
    text = (ROOT / "notebooks" / notebook).read_text()
    tests = "".join(p.read_text() for p in (ROOT / "tests").glob(tests_glob))
    for rule in rules.for_game(game):
        assert re.search(rf"\b{rule.id}\b", engine), f"{rule.id} not in the engine"
        assert re.search(rf"\b{rule.id}\b", text), f"{rule.id} not in the notebook"
        assert re.search(rf"\b{rule.id}\b", tests), f"{rule.id} not in the tests"


def check_notebook_headings(game: str, notebook: str, prefix: str) -> list[str]:
    """The notebook's markdown headings that start with ``prefix`` (``## GF-``) name the game's
    rules in catalogue order; returns those headings."""
    nb = json.loads((ROOT / "notebooks" / notebook).read_text())
    headings = [
        line
        for c in nb["cells"]
        if c["cell_type"] == "markdown"
        for line in "".join(c["source"]).splitlines()
        if line.startswith(prefix)
    ]
    ids = [h.split()[1].rstrip(":") for h in headings]
    assert ids == [r.id for r in rules.for_game(game)]
    return headings
