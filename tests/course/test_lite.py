"""tools/lite.py, the JupyterLite site, without a browser: the first page's note, the
Pyodide lock of each mode, PyYAML without its C part, the site's settings; what the
offline site holds (``lite`` marker: the site is built once a session, ``offline_site`` in
tests/conftest.py, shared with the browser's tests of it); and what ``make lite MODE=offline``
on a fresh clone, in a venv of its own with only the ``lite`` extra, installed and built
(``venv`` marker; ``fresh_lite``, the build ``offline_site`` is). The site in a real browser: tests/browser/test_lite_browser.py."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import lite  # noqa: E402


def _notebook(path: Path, cells: list[dict]) -> Path:
    doc = {"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_the_note_is_the_first_cell_once(tmp_path: Path) -> None:
    cell = {"cell_type": "markdown", "id": "x", "metadata": {}, "source": "# Start here"}
    path = _notebook(tmp_path / "start-here.ipynb", [cell])
    lite.add_lite_note(path)
    lite.add_lite_note(path)
    cells = json.loads(path.read_text())["cells"]
    assert [c.get("id") for c in cells] == [lite.LITE_NOTE_ID, "x"]
    assert "browser's storage" in cells[0]["source"] and "Download" in cells[0]["source"]


def test_every_notebook_of_the_site_says_first_how_long_python_takes_to_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each open notebook starts a Pyodide kernel of its own, the first one cold (14-48 s to
    the first cell): the first cell of every notebook in the site says what the wait is; the
    first page's says too where the learner's work lives."""

    def student(dest: Path) -> list[str]:
        dest.mkdir(parents=True)
        names = ["start-here.ipynb", "golf.ipynb", "simulations.ipynb"]
        for name in names:
            cell = {"cell_type": "markdown", "id": "t", "metadata": {}, "source": f"# {name}"}
            _notebook(dest / name, [cell])
        return names

    monkeypatch.setattr(lite.course, "build_student", lambda dest: student(dest))
    folder = lite.contents(tmp_path / "contents")
    for path in sorted(folder.glob("*.ipynb")):
        cells = json.loads(path.read_text())["cells"]
        first = cells[0]["source"]
        assert [c["id"] for c in cells][1:] == ["t"], path.name  # one note, then the notebook
        assert "tens of seconds" in first and "Python" in first, path.name
        assert "Close and Shut Down" in first, path.name  # one kernel an open notebook
    first_page = json.loads((folder / "start-here.ipynb").read_text())["cells"][0]
    assert first_page["id"] == lite.LITE_NOTE_ID and "browser's storage" in first_page["source"]


def test_the_site_reopens_no_tab_of_the_last_visit() -> None:
    """JupyterLab reopens every notebook of the last visit, each with a kernel of its own
    (135 s to an idle kernel with five tabs): the site's workspace lives in memory, while
    the notebooks and files stay in the browser's storage (no driver chosen for them)."""
    for offline in (True, False):
        config = lite.lite_config(offline)["jupyter-config-data"]
        assert config["workspacesStorageDrivers"] == ["memoryStorageDriver"]
        assert config["enableMemoryStorage"] is True  # the driver exists only so
        assert "contentsStorageDrivers" not in config and "settingsStorageDrivers" not in config


def _app_index() -> str:
    """The root index.html of the JupyterLite app this environment builds sites from."""
    import tarfile

    import jupyterlite_core

    (app,) = Path(jupyterlite_core.__file__).parent.glob("jupyterlite-app-*.tgz")
    with tarfile.open(app) as archive:
        member = archive.extractfile("package/index.html")
        assert member is not None
        return member.read().decode("utf-8")


def test_the_sites_address_opens_the_first_page_alone() -> None:
    """The site's address opened JupyterLab with the last visit's tabs; it opens the first
    page alone (or the notebooks its own ``?path=`` names), and keeps the configuration
    every other page of the site reads from it."""
    import html.parser

    page = lite.landing(_app_index())
    assert "config-utils.js" not in page  # no longer sent on to the app as it was
    assert f'href="{lite.link()}"' in page and "lab/index.html?path=start-here.ipynb" in page
    assert "getAll('path')" in page and "location.replace('lab/index.html?'" in page

    class Config(html.parser.HTMLParser):
        found: str | None = None
        inside = False

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            self.inside = ("id", "jupyter-config-data") in attrs

        def handle_data(self, data: str) -> None:
            if self.inside:
                self.found, self.inside = data, False

    config = Config()
    config.feed(page)
    assert config.found is not None and json.loads(config.found) == {}
    with pytest.raises(RuntimeError, match="not the one jupyterlite-core"):
        lite.landing("<html><head></head></html>")


def test_the_documented_links_to_the_site_open_one_notebook() -> None:
    """Every link to the site's JupyterLab that the README and the teacher's guide give
    names the notebook it opens."""
    for doc in ("README.md", "docs/teaching.md"):
        text = (ROOT / doc).read_text(encoding="utf-8")
        links = re.findall(r"lab/index\.html[^\s`)\]]*", text)
        assert links, doc
        for found in links:
            assert re.fullmatch(r"lab/index\.html\?path=[\w.-]+\.ipynb", found), (doc, found)


STOCK = {
    "info": {"python": "3.14"},
    "packages": {
        "micropip": {"name": "micropip", "version": "1", "file_name": "micropip-1-py3-none-any.whl",
                     "sha256": "old", "depends": []},
        "ipython": {"name": "ipython", "version": "9", "file_name": "ipython-9-py3-none-any.whl",
                    "sha256": "old", "depends": ["Prompt_Toolkit"]},
        "prompt-toolkit": {"name": "prompt_toolkit", "version": "3",
                           "file_name": "prompt_toolkit-3-py3-none-any.whl", "sha256": "old",
                           "depends": []},
        "numpy": {"name": "numpy", "version": "2", "sha256": "old", "depends": [],
                  "file_name": "numpy-2-cp314-cp314-pyemscripten_2026_0_wasm32.whl"},
    },
}  # fmt: skip


def test_the_offline_lock_is_pypis_wheels_of_the_locked_versions(tmp_path: Path) -> None:
    fetched = []

    def fetch(name: str, version: str) -> Path:
        fetched.append((name, version))
        wheel = tmp_path / f"{name}-{version}-py3-none-any.whl"
        wheel.write_bytes(f"{name} from PyPI".encode())
        return wheel

    lock, wheels = lite.offline_lock(STOCK, fetch, ["ipython", "micropip"])
    assert sorted(lock["packages"]) == ["ipython", "micropip", "prompt-toolkit"]  # no numpy
    assert fetched == [("ipython", "9"), ("micropip", "1"), ("prompt_toolkit", "3")]
    for entry, wheel in zip(lock["packages"].values(), wheels, strict=True):
        assert entry["file_name"] == wheel.name
        assert entry["sha256"] == hashlib.sha256(wheel.read_bytes()).hexdigest()
    assert STOCK["packages"]["ipython"]["sha256"] == "old"  # the stock lock is left alone
    with pytest.raises(RuntimeError, match="numpy is compiled"):
        lite.offline_lock(STOCK, fetch, ["numpy"])


def test_the_deployment_lock_fetches_from_pyodides_repository() -> None:
    lock = lite.deploy_lock(STOCK, "https://pyodide.example/v1/full/")
    names = {e["file_name"] for e in lock["packages"].values()}
    assert (
        "https://pyodide.example/v1/full/numpy-2-cp314-cp314-pyemscripten_2026_0_wasm32.whl"
        in names
    )
    assert all(n.startswith("https://pyodide.example/") for n in names)
    assert lock["packages"]["numpy"]["sha256"] == "old"  # the repository's own wheel


def test_pyyaml_without_its_c_part(tmp_path: Path) -> None:
    binary = tmp_path / "PyYAML-6.0.4-cp311-cp311-manylinux_2_17_x86_64.whl"
    with zipfile.ZipFile(binary, "w") as whl:
        whl.writestr("yaml/__init__.py", "__version__ = '6.0.4'\n")
        whl.writestr("yaml/cyaml.py", "from yaml._yaml import CParser\n")
        whl.writestr("yaml/_yaml.cpython-311-x86_64-linux-gnu.so", b"\x7fELF")
        whl.writestr("_yaml/__init__.py", "from yaml._yaml import *\n")
        whl.writestr("PyYAML-6.0.4.dist-info/METADATA", "Name: PyYAML\nVersion: 6.0.4\n")
    pure = lite.pure_pyyaml(binary, tmp_path / "out")
    assert pure.name == "pyyaml-6.0.4-py3-none-any.whl"
    with zipfile.ZipFile(pure) as whl:
        names = set(whl.namelist())
        record = whl.read("pyyaml-6.0.4.dist-info/RECORD").decode()
        tag = whl.read("pyyaml-6.0.4.dist-info/WHEEL").decode()
    assert {"yaml/__init__.py", "yaml/cyaml.py"} <= names
    assert not any(n.endswith(".so") or n.startswith("_yaml/") for n in names)
    assert "Tag: py3-none-any" in tag and "yaml/__init__.py,sha256=" in record


def test_cardlibs_wheel_is_built_away_from_the_working_copys_build_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A build of the working copy in its own ``build/`` met another's leftovers (``File
    exists: build/bdist.linux-x86_64/wheel/cardlib_course-0.1.0.dist-info``) and failed: the
    site's wheel is built from a copy, and the working copy's ``build/`` is left as it was."""
    tree = tmp_path / "tree"
    for name in lite.WHEEL_SOURCES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, tree / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            tree.mkdir(exist_ok=True)
            shutil.copy2(source, tree / name)
    stale = tree / "build" / "bdist.linux-x86_64" / "wheel" / "cardlib_course-0.1.0.dist-info"
    stale.mkdir(parents=True)
    before = sorted(p.relative_to(tree) for p in (tree / "build").rglob("*"))
    monkeypatch.setattr(lite, "ROOT", tree)
    wheel = lite.cardlib_wheel(tmp_path / "wheels")
    names = zipfile.ZipFile(wheel).namelist()
    assert "cardlib/data/examples/golf/two-twos.yaml" in names, names[:5]
    assert not any("__pycache__" in n for n in names)
    assert sorted(p.relative_to(tree) for p in (tree / "build").rglob("*")) == before


def test_only_the_offline_site_refuses_pypi() -> None:
    def kernel(offline: bool) -> dict:
        return lite.lite_config(offline)["jupyter-config-data"]["litePluginSettings"][
            lite.KERNEL_PLUGIN
        ]

    assert kernel(True)["disablePyPIFallback"] is True
    assert kernel(False)["disablePyPIFallback"] is False


# --------------------------------------------------------------------------- a built site


@pytest.mark.lite
def test_the_offline_site_serves_every_package_it_locks(offline_site: Path) -> None:
    pyodide = offline_site / "static" / "pyodide"
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())
    assert {"cardlib-course", "pyyaml", "ipywidgets", "micropip", "ipython"} <= set(
        lock["packages"]
    )
    assert "matplotlib" not in lock["packages"]
    for name, entry in lock["packages"].items():
        wheel = pyodide / entry["file_name"]
        assert wheel.is_file(), f"{name}: {entry['file_name']} is not in the site"
        assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"], name
    config = json.loads((offline_site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"][lite.KERNEL_PLUGIN]
    assert kernel["pyodideUrl"].startswith("./static/pyodide/") and kernel["disablePyPIFallback"]
    loaded = {e["name"] for e in config["federated_extensions"]}
    assert loaded == set(lite.EXTENSIONS)  # the widgets' front end; not nbgrader's


@pytest.mark.lite
def test_the_offline_site_is_the_student_edition(offline_site: Path) -> None:
    files = offline_site / "files"
    names = {p.name for p in files.glob("*.ipynb")}
    assert {"start-here.ipynb", "golf.ipynb", "go-fish.ipynb", "rook.ipynb"} <= names
    assert (files / "examples").is_dir() and (files / "docs").is_dir()
    assert not (files / "docs" / "teaching.md").exists()  # the answer key stays with the teacher
    for path in files.glob("*.ipynb"):
        text = path.read_text(encoding="utf-8")
        assert "BEGIN SOLUTION" not in text and "BEGIN HIDDEN TESTS" not in text, path.name
    first = json.loads((files / "start-here.ipynb").read_text())["cells"][0]
    assert first.get("id") == lite.LITE_NOTE_ID
    for path in files.glob("*.ipynb"):
        note = json.loads(path.read_text(encoding="utf-8"))["cells"][0]
        assert "tens of seconds" in note["source"], path.name


@pytest.mark.lite
def test_the_offline_site_opens_the_notebook_asked_for_alone(offline_site: Path) -> None:
    config = json.loads((offline_site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    assert config["workspacesStorageDrivers"] == ["memoryStorageDriver"]
    assert config["enableMemoryStorage"] is True
    landing = (offline_site / "index.html").read_text(encoding="utf-8")
    assert 'href="lab/index.html?path=start-here.ipynb"' in landing
    assert "config-utils.js" not in landing and 'id="jupyter-config-data"' in landing
    assert (offline_site / "lab" / "index.html").is_file()
    assert (offline_site / "files" / lite.FIRST_PAGE).is_file()


# --------------------------------------------------------------------------- make lite, fresh


@pytest.mark.venv
def test_make_lite_builds_the_site_on_a_fresh_clone_with_only_the_lite_extra(fresh_lite):
    clone, venv, _ = fresh_lite
    python = venv / "bin" / "python"
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"
    ]
    installed = subprocess.run(
        [python, "-m", "pip", "list", "--format=json"], capture_output=True, text=True, check=True
    ).stdout
    names = {p["name"].lower().replace("_", "-") for p in json.loads(installed)}
    # the lite extra alone: nothing of the test or teacher extras that the extra lacks
    assert not {"nbgrader", "pytest", "jupyterlab"} & names, names
    assert "jupyter-server" in names and any(r.startswith("jupyter-server") for r in extras["lite"])
    site = clone / "build" / "lite" / "offline"
    summary = json.loads((site / "cardlib-lite.json").read_text())
    assert summary["mode"] == "offline" and "cardlib-course" in summary["packages"]
    files = site / "files"
    assert {p.name for p in files.glob("*.ipynb")} == {
        p.name for p in (ROOT / "notebooks").glob("*.ipynb")
    }
    assert (files / "examples" / "example.schema.json").is_file()
    assert (files / "docs" / "examples.md").is_file() and not (
        files / "docs" / "teaching.md"
    ).exists()
    pyodide = site / "static" / "pyodide"
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())
    for name, entry in lock["packages"].items():
        assert (pyodide / entry["file_name"]).is_file(), name
    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    assert config["litePluginSettings"][lite.KERNEL_PLUGIN]["disablePyPIFallback"] is True
