"""The teacher's guide's table of notebooks says what the notebooks and the registry say: each
notebook's number of exercises, of each kind, and the time its own top cell gives."""

from __future__ import annotations

import json
import re
from collections import Counter

from cardlib.exercises.model import exercises
from tests.conftest import ROOT

GUIDE = (ROOT / "docs" / "teaching.md").read_text(encoding="utf-8")


def _table() -> dict[str, tuple[str, str]]:
    """notebook file -> (its exercises cell, its time cell), from the guide's table."""
    section = GUIDE.split("## The notebooks and the time they take", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 4 and cells[0].startswith("`"):
            rows[cells[0].strip("`")] = (cells[2], cells[3])
    return rows


def _kinds(cell: str) -> Counter[str]:
    """``9 (classify ×4, compute ×3, predict, widget)`` -> its kinds counted."""
    inside = re.match(r"\d+ \(([^)]*)\)", cell)
    assert inside, cell
    kinds: Counter[str] = Counter()
    for part in inside.group(1).split(","):
        words = part.split()
        if not words:
            continue
        times = re.fullmatch(r"×(\d+)", words[1]) if len(words) > 1 else None
        kinds[words[0]] += int(times.group(1)) if times else 1
    return kinds


def _registry() -> dict[str, Counter[str]]:
    found: dict[str, Counter[str]] = {}
    for exercise in exercises().values():
        found.setdefault(exercise.notebook, Counter())[exercise.kind] += 1
    return found


def test_the_guide_counts_each_notebooks_exercises_as_the_registry_does() -> None:
    table, registry = _table(), _registry()
    assert set(registry) <= set(table), "a notebook with exercises is missing from the guide"
    for notebook, kinds in registry.items():
        cell = table[notebook][0]
        assert int(cell.split()[0]) == sum(kinds.values()), (notebook, cell, dict(kinds))
        # the kinds a notebook asks (a widget exercise is named "widget", a YAML one "write")
        named = _kinds(cell)
        named["yaml"] += named.pop("write", 0)
        assert named == kinds, (notebook, cell, dict(kinds))


def test_the_guide_gives_each_notebook_the_time_its_top_cell_gives() -> None:
    for notebook, (_, time) in _table().items():
        cells = json.loads((ROOT / "notebooks" / notebook).read_text(encoding="utf-8"))["cells"]
        top = "".join(cells[1]["source"]) if len(cells) > 1 else ""
        said = re.search(r"\*\*Time:\*\* about (\d+) minutes", top)
        if said is None:  # the appendix has no time of its own
            assert time == "reference", (notebook, time)
            continue
        assert time == f"~{said.group(1)} min", (notebook, time, said.group(0))


def test_the_guide_table_reads_as_its_rows() -> None:
    """The parser sees every notebook (so the tests above cannot pass on an empty table)."""
    assert set(_table()) == {p.name for p in (ROOT / "notebooks").glob("*.ipynb")}
    assert _kinds("9 (classify ×4, compute ×3, predict, widget)") == Counter(
        classify=4, compute=3, predict=1, widget=1
    )
