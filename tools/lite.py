"""The course as a JupyterLite site: JupyterLab and a Pyodide kernel, in the browser alone.

    python tools/lite.py build [--offline] [--dest DIR] [--cache DIR]

builds a static site of the **student edition** (``tools/course.py student``) with
cardlib's own wheel, the worked examples and docs beside the notebooks, and the widgets.
Nothing is installed in the learner's browser but from the site itself, except what the
mode says:

* the deployment build (the default, ``make lite``): cardlib, ipywidgets, comm and
  fastjsonschema are served by the site; everything else (the Python packages Pyodide
  compiles, among them PyYAML and matplotlib, and the pure-Python ones it ships) comes from
  Pyodide's own package repository, the one its version names (:data:`PYODIDE_CDN`).  Put
  the folder on any static host (GitHub Pages, a school's web server).
* the offline build (``--offline``, ``make lite MODE=offline``; CI tests it): made only
  from npm's ``pyodide`` package (the runtime) and PyPI's wheels.  The kernel's own
  pure-Python packages are PyPI's wheels of the versions Pyodide locks (their lock entries'
  sha256 rewritten: Pyodide repacks its wheels), PyYAML is its pure-Python part (cardlib
  runs without libyaml), and packages Pyodide compiles are absent: ``import matplotlib``
  fails, and simulations.ipynb says so in one line and shows its figures as tables.  No
  request leaves the site.

Both locks are written here (:func:`deploy_lock`, :func:`offline_lock`, :func:`lock_entry`),
not by jupyterlite-pyodide-kernel's ``PyodideLockAddon`` (``--pyodide-lock``, its
``wheels`` and ``specs``; tried with 0.8.6, issue 31): its ``lock`` extra needs
pyodide-lock 0.1.3 or newer, which needs Python 3.12 (the course supports 3.11); and its
``uv`` solve downloads the locked wheels from Pyodide's CDN, and a CPython 3.14 from
GitHub, at build time, where this project's machines and CI reach only PyPI, npm and
Debian.  Nor does it make the offline lock: for the packages Pyodide locks it keeps
Pyodide's own wheels (at the CDN), where the offline site serves PyPI's of the same
versions and PyYAML's pure-Python part.

Downloads are cached in ``--cache`` (default ``build/lite-cache/``); the site goes to
``--dest`` (default ``build/lite/<mode>/``).  ``jupyter lite serve`` (or any static file
server) serves it for a look: ``python -m http.server -d build/lite/offline``.

Each open notebook of a JupyterLite site runs a Pyodide kernel of its own, and JupyterLab
reopens every tab of the last visit: the site keeps no open tabs from one visit to the
next (its workspace lives in memory, :func:`lite_config`), its address opens the first
page alone (:func:`landing`), and a link to one notebook (:func:`link`,
``lab/index.html?path=golf.ipynb``) opens that one.  The first cell of every notebook in
the site says how long Python takes to start in the browser (:data:`WAIT_NOTE`,
:data:`LITE_NOTE`).
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import importlib.metadata
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import urllib.parse
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import course  # noqa: E402  (tools/course.py: the student edition)

#: the Pyodide runtime that the installed jupyterlite-pyodide-kernel was made for
PYODIDE_FALLBACK_VERSION = "314.0.6"
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
#: Pyodide's own package repository, for the deployment build
PYODIDE_CDN = "https://cdn.jsdelivr.net/pyodide/v{version}/full/"
#: what the kernel itself installs when it starts (jupyterlite-pyodide-kernel's worker):
#: micropip from the lock, then ipykernel, comm, pyodide-kernel, jedi and ipython
KERNEL_NEEDS = ("micropip", "ipython", "jedi")
#: the pure-Python packages the site serves itself in both modes, at the versions of this
#: environment (ipywidgets must match the jupyterlab_widgets front end built in)
SERVED = {
    "comm": {"imports": ["comm"], "depends": []},
    "fastjsonschema": {"imports": ["fastjsonschema"], "depends": []},
    "ipywidgets": {"imports": ["ipywidgets"], "depends": ["comm", "ipython", "traitlets"]},
}
#: the lab extensions the site carries (no others from the environment: nbgrader's talks
#: to a server that JupyterLite does not have)
EXTENSIONS = ("@jupyterlite/pyodide-kernel-extension", "@jupyter-widgets/jupyterlab-manager")
#: the first page's first cell in the site (never in the tracked notebook)
LITE_NOTE = """\
> **This course runs in your browser alone (JupyterLite).** Python runs inside this browser
> tab; nothing you write is sent anywhere.
>
> * **The first cell you run waits for Python to start: tens of seconds.** The first time,
>   the browser downloads Python (about 40 MB) and starts it; the cell shows `[*]` until
>   then, up to a minute on a slow computer. Later visits are quicker. Every open notebook
>   starts a Python of its own: keep open only the one you work in (close the others with
>   *File → Close and Shut Down Notebook*).
> * **Your work is kept in this browser's storage**, for this site only: another browser,
>   another computer, a private window or clearing the browser's site data does not have
>   it. Nothing is lost when you close the tab.
> * **To hand a notebook in** (or keep a copy), save it (`Ctrl+S`), then right-click it in
>   the file browser on the left and choose **Download**; hand in the `.ipynb` file that
>   your browser downloads. *File → Download* does the same for the open notebook. A widget
>   exercise also saves your moves beside the notebook (`<notebook>-<n>.answer.json`): download
>   that file too.
> * To start a notebook afresh, right-click it in the file browser and **Delete** it, then
>   reload the page: the course's copy comes back.
> * The `check(...)` cells give feedback here as anywhere; the grade your teacher gives is
>   worked out later, from the notebook you hand in.
"""
LITE_NOTE_ID = "cardlib-lite-note"
#: the first cell of every other notebook in the site: how long the first cell waits (a
#: cold kernel took 14-48 s to its first cell, and each open notebook starts one of its own)
WAIT_NOTE = """\
> **The first cell you run waits for Python to start: tens of seconds.** This notebook's
> Python runs inside your browser tab (JupyterLite). The first time, the browser downloads it
> (about 40 MB) and starts it; the cell shows `[*]` until then, up to a minute on a slow
> computer. Later visits are quicker. Every open notebook starts a Python of its own: keep
> open only the one you work in (close the others with *File → Close and Shut Down
> Notebook*).
"""
WAIT_NOTE_ID = "cardlib-lite-wait"
#: the notebook the site's address opens
FIRST_PAGE = "start-here.ipynb"


# --------------------------------------------------------------------------- helpers


def _say(message: str) -> None:
    print(f"[lite] {message}", flush=True)


def _run(*command: str | Path, cwd: Path | None = None) -> None:
    done = subprocess.run([str(c) for c in command], cwd=cwd, capture_output=True, text=True)
    if done.returncode:
        raise RuntimeError(
            f"{' '.join(map(str, command))} failed ({done.returncode}):\n"
            f"{done.stdout[-4000:]}\n{done.stderr[-4000:]}"
        )


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def pyodide_version() -> str:
    """The Pyodide version the installed jupyterlite-pyodide-kernel names."""
    try:
        from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION
    except ImportError:
        return PYODIDE_FALLBACK_VERSION
    return str(PYODIDE_VERSION)


def extension_dirs() -> list[Path]:
    """The folders of :data:`EXTENSIONS` in this environment's ``share/jupyter``."""
    from jupyter_core.paths import jupyter_path

    found = []
    for name in EXTENSIONS:
        for base in jupyter_path("labextensions"):
            if (Path(base) / name / "package.json").is_file():
                found.append(Path(base) / name)
                break
        else:
            raise RuntimeError(f"no lab extension {name} installed: pip install -e '.[lite]'")
    return found


# --------------------------------------------------------------------------- downloads


def fetch_pyodide(version: str, cache: Path) -> Path:
    """npm's ``pyodide`` package (the runtime: no packages), unpacked; its folder."""
    unpacked = cache / f"pyodide-{version}"
    if (unpacked / "pyodide-lock.json").is_file():
        return unpacked
    cache.mkdir(parents=True, exist_ok=True)
    tarball = cache / f"pyodide-{version}.tgz"
    if not tarball.is_file():
        npm = shutil.which("npm")
        if not npm:
            raise RuntimeError(
                "the Pyodide runtime comes from npm: install npm (apt-get install npm)"
            )
        _say(f"npm pack pyodide@{version}")
        _run(npm, "pack", f"pyodide@{version}", "--silent", cwd=cache)
    with tempfile.TemporaryDirectory(dir=cache) as tmp:
        with tarfile.open(tarball) as archive:
            archive.extractall(tmp, filter="data")
        shutil.rmtree(unpacked, ignore_errors=True)
        (Path(tmp) / "package").rename(unpacked)
    return unpacked


def pip_download(spec: str, dest: Path, *, pure: bool = True) -> Path:
    """The one wheel of ``spec`` (``name==version``) from PyPI, cached in ``dest``."""
    name, _, version = spec.partition("==")
    dest.mkdir(parents=True, exist_ok=True)
    stem = name.lower().replace("-", "_").replace(".", "_")

    def cached() -> list[Path]:
        return [
            p
            for p in dest.glob("*.whl")
            if p.name.lower().replace("-", "_").startswith(f"{stem}_{version}_")
            or p.name.lower().startswith(f"{stem}-{version}-")
        ]

    if not cached():
        where = ["--python-version", "3.14", "--implementation", "py", "--abi", "none"]
        command = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps"]
        command += ["--only-binary=:all:", "--dest", str(dest), spec]
        _run(*command, *(where + ["--platform", "any"] if pure else []))
    found = cached()
    if len(found) != 1:
        raise RuntimeError(f"pip download {spec}: expected one wheel in {dest}, found {found}")
    return found[0]


# --------------------------------------------------------------------------- wheels


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def pure_pyyaml(wheel: Path, dest: Path) -> Path:
    """PyPI's PyYAML wheel without its C part (``_yaml``, libyaml's binding), as the
    ``py3-none-any`` wheel that Pyodide can install: PyYAML is then pure Python."""
    with zipfile.ZipFile(wheel) as source:
        names = source.namelist()
        info = next(n for n in names if n.endswith(".dist-info/METADATA")).split("/")[0]
        version = info.removesuffix(".dist-info").split("-")[1]
        files = {
            n: source.read(n)
            for n in names
            if n.startswith("yaml/") and n.endswith(".py")  # not _yaml/, no .so
        }
        metadata = source.read(f"{info}/METADATA")
    target = dest / f"pyyaml-{version}-py3-none-any.whl"
    dist_info = f"pyyaml-{version}.dist-info"
    files[f"{dist_info}/METADATA"] = metadata
    files[f"{dist_info}/WHEEL"] = (
        b"Wheel-Version: 1.0\nGenerator: cardlib tools/lite.py\nRoot-Is-Purelib: true\n"
        b"Tag: py3-none-any\n"
    )
    files[f"{dist_info}/top_level.txt"] = b"yaml\n"
    record = [_record_line(n, d) for n, d in sorted(files.items())] + [f"{dist_info}/RECORD,,"]
    files[f"{dist_info}/RECORD"] = ("\n".join(record) + "\n").encode()
    dest.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
        for name, data in files.items():
            out.writestr(zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0)), data)
    return target


#: what a wheel of cardlib is built from (pyproject.toml, setup.py and the files they name)
WHEEL_SOURCES = ("pyproject.toml", "setup.py", "README.md", "LICENSE", "cardlib", "examples")


def cardlib_wheel(dest: Path) -> Path:
    """cardlib's own wheel, built from this working copy (the examples inside), in a copy of
    what the build reads: setuptools builds in its source's ``build/``, which a build of the
    working copy would share with any other build of it (a developer's, a test's) and leave
    behind."""
    dest.mkdir(parents=True, exist_ok=True)
    for old in dest.glob("cardlib_course-*.whl"):
        old.unlink()
    junk = shutil.ignore_patterns("__pycache__", "*.pyc")
    with tempfile.TemporaryDirectory(prefix="cardlib-wheel-") as scratch:
        source = Path(scratch) / "cardlib-course"
        source.mkdir()
        for name in WHEEL_SOURCES:
            if (ROOT / name).is_dir():
                shutil.copytree(ROOT / name, source / name, ignore=junk)
            else:
                shutil.copy2(ROOT / name, source / name)
        _run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", dest, source)
    (wheel,) = dest.glob("cardlib_course-*.whl")
    return wheel


# --------------------------------------------------------------------------- the lock


def lock_entry(wheel: Path, name: str, imports: list[str], depends: list[str]) -> dict:
    version = wheel.name.split("-")[1]
    return {
        "name": name,
        "version": version,
        "file_name": wheel.name,
        "install_dir": "site",
        "sha256": sha256(wheel),
        "package_type": "package",
        "imports": imports,
        "depends": depends,
        "unvendored_tests": False,
    }


def closure(packages: dict, roots: list[str]) -> list[str]:
    """``roots`` and everything they depend on in a lock's packages, in a stable order."""
    seen: list[str] = []
    todo = list(roots)
    while todo:
        name = re.sub(r"[-_.]+", "-", todo.pop(0)).lower()
        if name in seen:
            continue
        if name not in packages:
            raise KeyError(f"{name} is not in Pyodide's lock")
        seen.append(name)
        todo += packages[name]["depends"]
    return seen


def offline_lock(stock: dict, fetch, roots: list[str]) -> tuple[dict, list[Path]]:
    """Pyodide's lock reduced to ``roots`` and their dependencies, each one PyPI's wheel of
    the locked version (``fetch(name, version)`` gives its path), sha256 rewritten.
    A compiled package among them cannot come from PyPI: that is an error."""
    packages, wheels = {}, []
    for name in closure(stock["packages"], roots):
        entry = dict(stock["packages"][name])
        if not entry["file_name"].endswith("-none-any.whl"):
            raise RuntimeError(f"{name} is compiled in Pyodide ({entry['file_name']})")
        wheel = fetch(entry["name"], entry["version"])
        entry["file_name"], entry["sha256"] = wheel.name, sha256(wheel)
        packages[name], wheels = entry, [*wheels, wheel]
    return {"info": stock["info"], "packages": packages}, wheels


def deploy_lock(stock: dict, cdn: str) -> dict:
    """Pyodide's lock, every package fetched from Pyodide's own repository at ``cdn``."""
    packages = {}
    for name, entry in stock["packages"].items():
        entry = dict(entry)
        if "://" not in entry["file_name"]:
            entry["file_name"] = cdn + entry["file_name"]
        packages[name] = entry
    return {**stock, "packages": packages}


# --------------------------------------------------------------------------- contents


def _cell_id(cell: dict) -> str | None:
    return cell.get("id") or cell.get("metadata", {}).get("cardlib")


def add_lite_note(notebook: Path, note: str = LITE_NOTE, cell_id: str = LITE_NOTE_ID) -> None:
    """``note`` (by default: where a learner's work lives in JupyterLite and how to hand it
    in) becomes the first cell of ``notebook``, as the cell ``cell_id`` (once: a second call
    changes nothing)."""
    nb = json.loads(notebook.read_text(encoding="utf-8"))
    if nb["cells"] and _cell_id(nb["cells"][0]) == cell_id:
        return
    cell = {"cell_type": "markdown", "id": cell_id, "metadata": {}, "source": note}
    if nb.get("nbformat_minor", 0) < 5:
        cell.pop("id")
        cell["metadata"] = {"cardlib": cell_id}
    nb["cells"].insert(0, cell)
    notebook.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def contents(dest: Path) -> Path:
    """The student edition (notebooks, examples/, docs/): the first cell of every notebook
    says how long Python takes to start (:data:`WAIT_NOTE`); the first page's
    (:data:`LITE_NOTE`) says so too, and where the learner's work lives."""
    shutil.rmtree(dest, ignore_errors=True)
    course.build_student(dest)
    for notebook in sorted(dest.glob("*.ipynb")):
        if notebook.name == FIRST_PAGE:
            add_lite_note(notebook)
        else:
            add_lite_note(notebook, WAIT_NOTE, WAIT_NOTE_ID)
    return dest


def link(notebook: str = FIRST_PAGE) -> str:
    """The address, from the site's folder, that opens ``notebook`` alone in JupyterLab.

    >>> link("golf.ipynb")
    'lab/index.html?path=golf.ipynb'
    """
    return f"lab/index.html?{urllib.parse.urlencode({'path': notebook})}"


#: what the root index.html of a JupyterLite build runs: it sends the browser on to the
#: JupyterLab app, whose last workspace then reopens every notebook of the last visit
_TO_THE_APP = re.compile(
    r"<script type=\"module\">\s*await import\('\./config-utils\.js'\);\s*</script>"
)


def landing(page: str) -> str:
    """The site's root ``index.html`` (``page``, as jupyterlite-core builds it) made to open
    :data:`FIRST_PAGE` alone, or the notebooks its own address names (``?path=golf.ipynb``).
    Its ``jupyter-config-data`` stays: every page of the site reads it."""
    go = (
        "<script>\n"
        "  const asked = new URLSearchParams(window.location.search).getAll('path');\n"
        f"  const paths = asked.length ? asked : [{json.dumps(FIRST_PAGE)}];\n"
        "  const query = paths.map((p) => 'path=' + encodeURIComponent(p)).join('&');\n"
        "  window.location.replace('lab/index.html?' + query);\n"
        "</script>\n"
        f'<noscript><meta http-equiv="refresh" content="0; url={link()}"></noscript>'
    )
    changed, n = _TO_THE_APP.subn(lambda _: go, page)
    if n != 1:
        raise RuntimeError("the site's index.html is not the one jupyterlite-core 0.8 builds")
    body = f'<body><p>Opening <a href="{link()}">the course</a>...</p></body>'
    return changed.replace("</html>", f"{body}\n</html>")


# --------------------------------------------------------------------------- the build


def lite_config(offline: bool) -> dict:
    """jupyter-lite.json of the site: the kernel's settings, no news, no announcements, and
    no tabs reopened from the last visit."""
    kernel = {"disablePyPIFallback": offline}
    return {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "cardlib course",
            # window.jupyterapp: the browser tests read the notebook's model through it
            "exposeAppInBrowser": True,
            "disabledExtensions": ["@jupyterlab/apputils-extension:announcements"],
            "litePluginSettings": {KERNEL_PLUGIN: kernel},
            # the open tabs are not kept from one visit to the next (JupyterLab would reopen
            # each, every one starting a kernel): the workspace lives in memory, while the
            # notebooks and files stay in the browser's storage (IndexedDB)
            "enableMemoryStorage": True,
            "workspacesStorageDrivers": ["memoryStorageDriver"],
        },
    }


def build(dest: Path, cache: Path, *, offline: bool) -> dict:
    """Build the site in ``dest``; returns what was built (the numbers of the closing note)."""
    t0 = time.monotonic()
    mode = "offline" if offline else "deploy"
    version = pyodide_version()
    work = cache / f"work-{mode}"
    shutil.rmtree(work, ignore_errors=True)
    lite_dir, wheels = work / "lite", cache / "pypi"
    pyodide_dir = lite_dir / "static" / "pyodide"
    runtime = fetch_pyodide(version, cache / "npm")
    shutil.copytree(
        runtime, pyodide_dir, ignore=shutil.ignore_patterns("*.map", "*.d.ts", "*.html")
    )
    stock = json.loads((runtime / "pyodide-lock.json").read_text())

    def from_pypi(name: str, version: str) -> Path:
        return pip_download(f"{name}=={version}", wheels)

    _say(f"{mode} build, Pyodide {version}")
    local: list[Path] = []
    if offline:
        lock, local = offline_lock(stock, from_pypi, [*KERNEL_NEEDS, "traitlets"])
        yaml_wheel = pure_pyyaml(
            pip_download(f"pyyaml=={importlib.metadata.version('pyyaml')}", wheels, pure=False),
            work / "wheels",
        )
        lock["packages"]["pyyaml"] = lock_entry(yaml_wheel, "pyyaml", ["yaml"], [])
        local.append(yaml_wheel)
    else:
        lock = deploy_lock(stock, PYODIDE_CDN.format(version=version))
    for name, spec in SERVED.items():
        wheel = from_pypi(name, importlib.metadata.version(name))
        lock["packages"][name] = lock_entry(wheel, name, spec["imports"], spec["depends"])
        local.append(wheel)
    ours = cardlib_wheel(work / "wheels")
    lock["packages"]["cardlib-course"] = lock_entry(
        ours, "cardlib-course", ["cardlib"], ["pyyaml", "fastjsonschema", "ipywidgets"]
    )
    local.append(ours)
    for wheel in local:
        shutil.copy2(wheel, pyodide_dir / wheel.name)
    (pyodide_dir / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))
    (lite_dir / "jupyter-lite.json").write_text(json.dumps(lite_config(offline), indent=2))
    files = contents(work / "contents")

    shutil.rmtree(dest, ignore_errors=True)
    command = [
        sys.executable,
        "-m",
        "jupyterlite_core",
        "build",
        f"--lite-dir={lite_dir}",
        f"--contents={files}",
        f"--output-dir={dest}",
        "--ignore-sys-prefix",
        "--no-sourcemaps",
        f"--LiteBuildConfig.federated_extensions={json.dumps([str(p) for p in extension_dirs()])}",
    ]
    _say("jupyter lite build")
    env = {**os.environ, "JUPYTERLITE_NO_LIBARCHIVE": "1"}
    done = subprocess.run(command, cwd=work, capture_output=True, text=True, env=env)
    if done.returncode:
        raise RuntimeError(
            f"jupyter lite build failed:\n{done.stdout[-6000:]}\n{done.stderr[-6000:]}"
        )
    index = dest / "index.html"
    index.write_text(landing(index.read_text(encoding="utf-8")), encoding="utf-8")
    (dest / ".nojekyll").write_text("")  # GitHub Pages: serve _-prefixed folders as they are
    size = sum(p.stat().st_size for p in dest.rglob("*") if p.is_file())
    summary = {
        "mode": mode,
        "pyodide": version,
        "dest": str(dest),
        "bytes": size,
        "seconds": round(time.monotonic() - t0, 1),
        "packages": sorted(lock["packages"]) if offline else sorted(SERVED) + ["cardlib-course"],
    }
    (dest / "cardlib-lite.json").write_text(json.dumps(summary, indent=1))
    return summary


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tools/lite.py", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build", help="build the JupyterLite site of the student edition")
    b.add_argument("--offline", action="store_true", help="only from npm's pyodide and PyPI")
    b.add_argument("--dest", type=Path, help="the site's folder (default build/lite/<mode>)")
    b.add_argument("--cache", type=Path, default=ROOT / "build" / "lite-cache")
    args = parser.parse_args(argv)
    dest = args.dest or ROOT / "build" / "lite" / ("offline" if args.offline else "deploy")
    summary = build(dest.resolve(), args.cache.resolve(), offline=args.offline)
    mib = summary["bytes"] / 2**20
    _say(f"{summary['mode']} site in {dest}: {mib:.0f} MiB, built in {summary['seconds']} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
