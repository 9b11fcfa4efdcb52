"""What importing cardlib brings in, said once for every module: the core never imports Jupyter.

The widgets (``cardlib/widgets/`` and each game's ``widgets.py``) are the only modules that
may import ipywidgets (and through it IPython); every other module -- the engines, the
checker, the exercises, the simulations, the command line, a game registered from outside --
imports without either, so a rule writer's install needs neither.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT

WALK = """
import importlib, json, pathlib, sys
import cardlib
package = pathlib.Path(cardlib.__file__).parent
# the module names from the files (pkgutil.walk_packages would import every package, widgets too)
names = sorted(
    ".".join(("cardlib", *path.relative_to(package).with_suffix("").parts)).removesuffix(".__init__")
    for path in package.rglob("*.py")
)
names = [
    n for n in names
    if not (n.startswith("cardlib.widgets") or n.endswith((".widgets", ".__main__")))
]
for name in names:
    importlib.import_module(name)
import tests.tinygame
print(json.dumps([names, sorted(m for m in ("IPython", "ipywidgets") if m in sys.modules)]))
"""


def test_no_module_but_the_widgets_imports_jupyter() -> None:
    out = subprocess.run(
        [sys.executable, "-c", WALK], capture_output=True, text=True, check=True, cwd=ROOT
    )
    names, jupyter = json.loads(out.stdout)
    assert jupyter == [], f"imported by a module that is not a widget: {jupyter}"
    # the walk reached every game's engine, claims and exercises, and the checker
    for game in ("golf", "gofish", "rook"):
        for part in ("engine" if game != "rook" else "hand", "claims", "exercises", "spec"):
            assert f"cardlib.{game}.{part}" in names
    assert {"cardlib.check", "cardlib.cli", "cardlib.simulate", "cardlib.exercises"} <= set(names)


def test_a_widget_module_does_import_ipywidgets() -> None:
    """The walk above would pass vacuously if nothing ever imported ipywidgets."""
    code = "import sys, cardlib.golf.widgets; print('ipywidgets' in sys.modules)"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert out.stdout.strip() == "True"


def imported_by(path: Path) -> set[str]:
    """Every module a file imports, at any depth (a function's own imports and those only
    for the type checker too), as dotted names; ``from cardlib import games`` gives
    ``cardlib.games``."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def test_the_catalogue_never_imports_the_registry() -> None:
    """The registry (``cardlib.games``) stands above the catalogue: a game's spec asks the
    catalogue for its rules, and the catalogue finds each game's rules and enforcing
    functions in the game's folder, never through the registry."""
    assert "cardlib.games" not in imported_by(ROOT / "cardlib" / "catalogue.py")
    code = (
        "import sys\nfrom cardlib.catalogue import glossary, rules, sources\n"
        "assert all(rules[r].enforced_by for r in rules)\n"
        "assert all(sources.statements(g) for g in sources.games()) and glossary.terms()\n"
        "print('cardlib.games' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert out.stdout.strip() == "False"


def modules_reached(start: str) -> set[str]:
    """The cardlib modules that ``start`` imports, and they in turn, at any depth (each
    import read from the files, as :func:`imported_by` reads them; ``cardlib.a.B`` is the
    module ``cardlib.a``)."""
    package = ROOT / "cardlib"
    files = {
        ".".join(("cardlib", *p.relative_to(package).with_suffix("").parts)).removesuffix(
            ".__init__"
        ): p
        for p in package.rglob("*.py")
    }

    def module(name: str) -> str | None:
        while name and name not in files:
            name = name.rpartition(".")[0]
        return name or None

    reached: set[str] = set()
    todo = [start]
    while todo:
        for name in imported_by(files[todo.pop()]):
            found = module(name)
            if found is not None and found not in reached:
                reached.add(found)
                todo.append(found)
    return reached


def test_no_circle_goes_through_the_registry() -> None:
    """Nothing the registry imports imports the registry back, however deep: the registry
    stands above the core, the catalogue and the exercises' machinery, which a game's spec
    uses (what ``farm-studio look`` would draw as a circle through ``cardlib/games.py``)."""
    reached = modules_reached("cardlib.games")
    assert "cardlib.catalogue" in reached and "cardlib.arguments" in reached  # it does read
    assert "cardlib.games" not in reached, sorted(reached)
