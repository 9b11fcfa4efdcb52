"""The example schema is composed from the core's part and each game's part in its folder.

``cardlib/data/example.core.json`` is what every example is; ``schema.json`` in a game's
folder is what its examples are (:mod:`cardlib.examples.composition`).  The shipped
``cardlib/data/example.schema.json`` (and its copy ``examples/example.schema.json``, which
the examples' first line names) is the built-in games' schema, written by
``python tools/schema.py --write``; ``cardlib schema`` and the checker compose the
registered games' parts, the test suite's tiny game's too.
"""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cardlib.errors import InputError
from cardlib.examples import composition, read_documents, validate, validation
from cardlib.games import BUILT_IN, GAMES
from tests.conftest import EXAMPLES, ROOT

SHIPPED = ("cardlib/data/example.schema.json", "examples/example.schema.json")


def _tool() -> Any:
    """``tools/schema.py``, imported as a module (it imports this cardlib)."""
    found = importlib.util.spec_from_file_location("schema_tool", ROOT / "tools" / "schema.py")
    assert found is not None and found.loader is not None
    module = importlib.util.module_from_spec(found)
    found.loader.exec_module(module)
    return module


def _refs(node: Any) -> list[str]:
    if isinstance(node, dict):
        own = [node["$ref"]] if "$ref" in node else []
        return own + [r for v in node.values() for r in _refs(v)]
    if isinstance(node, list):
        return [r for v in node for r in _refs(v)]
    return []


def test_the_shipped_schema_is_what_the_parts_compose():
    text = composition.text(composition.composed(tuple(BUILT_IN)))
    for name in SHIPPED:
        assert (ROOT / name).read_text(encoding="utf-8") == text, (
            f"{name} is not what the games' parts compose: run python tools/schema.py --write"
        )


def test_the_tool_finds_a_stale_file(tmp_path):
    tool = _tool()
    assert tool.stale(ROOT) == []
    for name in SHIPPED:
        (tmp_path / name).parent.mkdir(parents=True)
        shutil.copyfile(ROOT / name, tmp_path / name)
    assert tool.stale(tmp_path) == []
    (tmp_path / SHIPPED[1]).write_text("{}\n")
    assert tool.stale(tmp_path) == [Path(SHIPPED[1])]


def test_each_game_has_its_part_in_its_folder_with_definitions_of_its_own():
    whole = composition.composed(tuple(BUILT_IN))
    core = set(composition.core()["$defs"])
    for game_id, where in BUILT_IN.items():
        place = composition.folder(game_id)
        assert place == ROOT / Path(*where.partition(":")[0].split(".")[:-1])
        found = composition.part(game_id)
        assert found is not None and found[0] == place.name
        prefix, part = found
        assert part["$defs"] and all(name.startswith(f"{prefix}-") for name in part["$defs"])
        assert set(part["$defs"]) <= set(whole["$defs"])
    assert set(whole["$defs"]) - core == {
        name for game_id in BUILT_IN for name in composition.part(game_id)[1]["$defs"]
    }
    for ref in _refs(whole):  # every reference leads to a definition of the composed schema
        assert validation._pointed(whole, ref) is not None, ref


def test_cardlib_schema_shows_every_registered_game():
    """``cardlib schema`` in a process that registered the tiny game lists it after the
    built-in games; the shipped file holds the built-in games alone."""
    code = (
        "from cardlib.cli import main\n"
        "from cardlib.games import register\n"
        "from tests.tinygame import SPEC\n"
        "register(SPEC)\n"
        "main(['schema'])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True
    )
    printed = json.loads(done.stdout)
    shipped = json.loads((ROOT / SHIPPED[0]).read_text(encoding="utf-8"))
    assert printed["properties"]["game"]["enum"] == [*BUILT_IN, "tiny"]
    assert shipped["properties"]["game"]["enum"] == list(BUILT_IN)
    assert printed["allOf"][: len(BUILT_IN)] == shipped["allOf"]
    assert {k: v for k, v in printed["$defs"].items() if not k.startswith("tinygame-")} == (
        shipped["$defs"]
    )


def test_the_tiny_games_part_is_composed_and_checks_its_example():
    """A game from outside has its part beside its spec: the registry's schema lists it."""
    whole = validation.schema()
    assert "tiny" in GAMES and whole["properties"]["game"]["enum"][-1] == "tiny"
    assert whole["allOf"][-1]["then"]["properties"]["setup"] == {"$ref": "#/$defs/tinygame-setup"}
    (doc,) = read_documents(ROOT / "tests" / "tinygame" / "example.yaml")
    validate(doc)
    doc["setup"]["deal"]["seed"] = "three"
    with pytest.raises(InputError, match=r"setup/deal/seed: must be a whole number"):
        validate(doc)


def test_a_file_of_one_game_reads_that_games_part_alone():
    code = (
        "import sys\n"
        "from cardlib.examples import composition, read_documents, validate\n"
        "for doc in read_documents(sys.argv[1]):\n"
        "    validate(doc)\n"
        "print(composition.part.cache_info().currsize)\n"
    )
    (first, *_) = sorted(EXAMPLES.rglob("*.yaml"))
    done = subprocess.run(
        [sys.executable, "-c", code, str(first)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    assert done.stdout.strip() == "1"


@pytest.fixture
def fake_folders(monkeypatch, tmp_path):
    """Games whose folders are ``tmp_path``'s: ``folders[game_id] = name`` makes one."""
    folders: dict[str, Path] = {}

    def make(game_id: str, name: str, part: dict[str, Any] | None) -> None:
        folders[game_id] = tmp_path / game_id / name
        folders[game_id].mkdir(parents=True)
        if part is not None:
            (folders[game_id] / composition.PART).write_text(json.dumps(part))

    monkeypatch.setattr(composition, "folder", folders.__getitem__)
    composition.part.cache_clear()
    composition.composed.cache_clear()
    yield make
    composition.part.cache_clear()
    composition.composed.cache_clear()


def test_a_game_without_a_part_is_not_in_the_schema(fake_folders):
    fake_folders("one", "one", {"then": {}, "$defs": {"x": {"type": "integer"}}})
    fake_folders("two", "two", None)
    whole = composition.composed(("one", "two"))
    assert whole["properties"]["game"]["enum"] == ["one"] and "one-x" in whole["$defs"]


def test_parts_that_would_collide_or_name_no_definition_are_refused(fake_folders):
    fake_folders("one", "same", {"then": {}})
    fake_folders("two", "same", {"then": {}})
    with pytest.raises(InputError, match="'one' and 'two' both have a part"):
        composition.composed(("one", "two"))
    fake_folders("three", "three", {"then": {"properties": {"setup": {"$ref": "#/$defs/nope"}}}})
    with pytest.raises(InputError, match="names '#/\\$defs/nope', a definition of neither"):
        composition.composed(("three",))
    fake_folders("four", "four", {"then": [], "extra": 1})
    with pytest.raises(InputError, match="is not a mapping of then"):
        composition.composed(("four",))
