"""The offline JupyterLite site (``make lite MODE=offline``) in headless Chromium.

The site is built once, by ``make lite MODE=offline`` on a fresh copy of the working tree
(``fresh_lite`` in tests/conftest.py: from npm's ``pyodide`` and PyPI's wheels, downloads
cached in ``build/lite-cache/``; ``CARDLIB_LITE_SITE`` names a site already built instead), served
from 127.0.0.1 by a static file server in this process, and driven in one browser session
whose every request to anywhere else fails (a proxy that does not exist, for every request
of the page, its workers and its service worker) and is recorded: the last test checks that
none was made.  In that site all six notebooks run top to bottom without an error; a card
click in golf's layout scorer changes its total; an exercise's ``check`` gives feedback;
``cardlib check`` runs in the browser; simulations.ipynb, without matplotlib, says so in one
line, shows every figure as a table, and prints what CPython printed (the same seeds play
the same games in Pyodide: every line its cells print equals the committed notebook's).

Times (the site's size, the time to an idle kernel, each notebook's run) are printed and
written to ``test-artifacts/lite-times.json``.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.browser.conftest import (
    ACTION_TIMEOUT,
    ARTIFACTS_DIR,
    CHROMIUM,
    CHROMIUM_ARGS,
    _check_all_ran,
    _menu_command,
)
from tests.browser.support import expect

NOTEBOOK_DIR = Path(__file__).resolve().parents[2] / "notebooks"

pytestmark = pytest.mark.browser

#: ms: the first kernel of a session (Pyodide's 10 MB of WebAssembly compiled, the kernel's
#: packages installed) on a busy 2-core machine; later ones reuse the browser's cache
KERNEL_TIMEOUT = 240_000
RUN_TIMEOUT = 600_000  # ms, a notebook's cells in Pyodide (slower than CPython)
#: the notebooks that must run top to bottom without an error
NOTEBOOKS = [
    "start-here.ipynb",
    "golf.ipynb",
    "go-fish.ipynb",
    "rook.ipynb",
    "rule-writers.ipynb",
    "simulations.ipynb",
]
TIMES: dict[str, float | int | str] = {}


# --------------------------------------------------------------------------- the site


@pytest.fixture(scope="module")
def lite_site(offline_site: Path) -> Path:
    """The offline site (built once a session, ``offline_site``), its build time and size
    kept for the printed times."""
    summary = json.loads((offline_site / "cardlib-lite.json").read_text())
    TIMES.update(build_s=summary["seconds"], site_bytes=summary["bytes"])
    return offline_site


class _Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {  # noqa: RUF012  (the base class's own attribute, widened)
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".json": "application/json",
        ".whl": "application/octet-stream",
    }

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def lite_url(lite_site: Path) -> Iterator[str]:
    handler = functools.partial(_Quiet, directory=str(lite_site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


# --------------------------------------------------------------------------- the browser


@pytest.fixture(scope="module")
def session(lite_url: str, browser: object) -> Iterator[tuple[object, list[str], list[str]]]:
    """One page for the whole module; (page, requests elsewhere, console lines).

    The suite's one Playwright (the ``browser`` fixture of tests/browser/conftest.py) starts
    a second Chromium here, with every request not for 127.0.0.1 blocked: a second
    Playwright could not start inside the first one's event loop."""
    # every request not for 127.0.0.1 goes to a proxy that is not there (loopback is never
    # proxied), and no host name resolves but the loopback address
    blocking = [
        "--proxy-server=http://127.0.0.1:9",
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
    ]
    elsewhere: list[str] = []
    console: list[str] = []
    own = urlsplit(lite_url).netloc
    blocked = browser.browser_type.launch(  # type: ignore[attr-defined]
        executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS + blocking, timeout=60_000
    )
    context = blocked.new_context(viewport={"width": 1400, "height": 1000})
    context.set_default_timeout(ACTION_TIMEOUT)
    expect.set_options(timeout=ACTION_TIMEOUT)

    def seen(request: object) -> None:
        url = request.url  # type: ignore[attr-defined]
        parts = urlsplit(url)
        if parts.scheme in ("http", "https", "ws", "wss") and parts.netloc != own:
            elsewhere.append(url)

    context.on("request", seen)
    page = context.new_page()
    page.on("console", lambda msg: console.append(f"[{msg.type}] {msg.text}"))
    page.on("pageerror", lambda exc: console.append(f"[pageerror] {exc}"))
    try:
        yield page, elsewhere, console
    finally:
        ARTIFACTS_DIR.mkdir(exist_ok=True)
        with contextlib.suppress(Exception):
            page.screenshot(path=str(ARTIFACTS_DIR / "lite-last.png"), timeout=ACTION_TIMEOUT)
        (ARTIFACTS_DIR / "lite.console.log").write_text("\n".join(console) + "\n")
        (ARTIFACTS_DIR / "lite-times.json").write_text(json.dumps(TIMES, indent=1))
        print(f"lite times: {TIMES}")
        with contextlib.suppress(Exception):
            blocked.close()


#: the open notebook: loaded, its kernel idle (JupyterLab's own model, not the DOM: the
#: notebook draws only the cells in view)
READY_JS = """(path) => {
  const w = window.jupyterapp?.shell?.currentWidget;
  if (!w || !w.content || !w.context?.isReady || !w.sessionContext) return false;
  if (w.context.path !== path) return false;
  return !!w.sessionContext.session?.kernel && w.sessionContext.kernelDisplayStatus === 'idle';
}"""
#: ... and no cell running or queued
OVER_JS = """() => {
  const w = window.jupyterapp?.shell?.currentWidget;
  if (!w || w.sessionContext.kernelDisplayStatus !== 'idle') return false;
  return [...w.content.model.cells].every((c) => c.type !== 'code' || c.executionState !== 'running');
}"""
#: the open notebook's cells as JupyterLab's model holds them (outputs included)
CELLS_JS = "() => window.jupyterapp.shell.currentWidget.content.model.toJSON().cells"


def _wait_over(page, timeout_ms: int, settle_s: float = 2.0) -> None:
    """Wait until the kernel is idle and no cell runs, stable for ``settle_s``."""
    deadline = time.monotonic() + timeout_ms / 1000
    stable_since = None
    while True:
        remaining = max(1, int((deadline - time.monotonic()) * 1000))
        page.wait_for_function(OVER_JS, timeout=remaining, polling=250)
        stable_since = stable_since or time.monotonic()
        if time.monotonic() - stable_since >= settle_s:
            return
        page.wait_for_timeout(250)
        if not page.evaluate(OVER_JS):
            stable_since = None


def open_lite(page, url: str, name: str, timeout_ms: int = KERNEL_TIMEOUT) -> float:
    """Open ``name`` in the site's JupyterLab, alone (the notebooks open before are saved
    and closed, their kernels shut down); wait until its kernel is idle.  The seconds from
    asking to open it to an idle kernel."""
    t0 = time.monotonic()
    if page.evaluate("() => !!window.jupyterapp"):
        page.evaluate(
            """async (path) => {
              const app = window.jupyterapp;
              await app.commands.execute('docmanager:save-all');
              await app.commands.execute('application:close-all');
              await app.serviceManager.sessions.shutdownAll();
              await app.commands.execute('docmanager:open', {path});
            }""",
            name,
        )
        t0 = time.monotonic()  # from the request to open it, as a learner's double-click
    else:
        page.goto(f"{url}/lab/index.html?path={name}", wait_until="domcontentloaded")
        page.wait_for_function("() => !!window.jupyterapp", timeout=timeout_ms)
    deadline = t0 + timeout_ms / 1000
    while time.monotonic() < deadline:
        if page.evaluate(READY_JS, name):
            return time.monotonic() - t0
        dialog = page.locator(".jp-Dialog")
        if dialog.count() and dialog.first.is_visible():
            dialog.first.locator(".jp-Dialog-footer .jp-mod-accept").click()
        page.wait_for_timeout(250)
    raise TimeoutError(f"{name}: no idle kernel within {timeout_ms / 1000:.0f} s")


def run_all(page, name: str, timeout_ms: int = RUN_TIMEOUT) -> list[dict]:
    """Clear, run every cell through the Run menu, wait until it is over; the cells."""
    _menu_command(page, "Edit", "Clear Outputs of All Cells")
    _menu_command(page, "Run", "Run All Cells")
    page.wait_for_function(
        """() => [...window.jupyterapp.shell.currentWidget.content.model.cells]
              .some((c) => c.type === 'code' && (c.executionState === 'running'
                                                 || c.executionCount !== null))""",
        timeout=ACTION_TIMEOUT,
    )
    t0 = time.monotonic()
    _wait_over(page, timeout_ms)
    TIMES[f"run {name} s"] = round(time.monotonic() - t0, 1)
    cells: list[dict] = page.evaluate(CELLS_JS)
    return cells


def _text(cell: dict) -> str:
    out = []
    for output in cell.get("outputs", []):
        text = output.get("text") or output.get("data", {}).get("text/plain", "")
        out.append("".join(text) if isinstance(text, list) else text)
    return "".join(out)


def _run_cell_with(page, index: int, source: str, timeout_ms: int = 120_000) -> dict:
    """Write ``source`` into the open notebook's cell ``index``, run it, return the cell."""
    page.evaluate(
        """([i, source]) => {
          const nb = window.jupyterapp.shell.currentWidget.content;
          nb.model.cells.get(i).sharedModel.setSource(source);
          nb.activeCellIndex = i;
        }""",
        [index, source],
    )
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-cell')")
    page.wait_for_function(
        "(i) => window.jupyterapp.shell.currentWidget.content.widgets[i].model.executionCount"
        " !== null",
        arg=index,
        timeout=ACTION_TIMEOUT,
    )
    _wait_over(page, timeout_ms)
    return page.evaluate(CELLS_JS)[index]


# --------------------------------------------------------------------------- the tests


def test_first_page_has_the_note_and_an_idle_kernel(session, lite_url, lite_site) -> None:
    page, _elsewhere, _console = session
    seconds = open_lite(page, lite_url, "start-here.ipynb")
    TIMES["idle kernel s (first, cold)"] = round(seconds, 1)
    first = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell").first
    expect(first).to_contain_text("browser's storage")
    expect(first).to_contain_text("Download")


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_notebook_runs_without_an_error(session, lite_url, name) -> None:
    page, _elsewhere, _console = session
    TIMES[f"idle kernel {name} s"] = round(open_lite(page, lite_url, name), 1)
    cells = run_all(page, name)
    _check_all_ran(name, cells)
    if name == "golf.ipynb":
        _golf_widgets_and_feedback(page, cells)
    if name == "simulations.ipynb":
        _simulations_as_tables(cells)
        _simulations_print_what_cpython_printed(cells)


def _golf_widgets_and_feedback(page, cells: list[dict]) -> None:
    # a card click in the layout scorer changes its total: 8C, then the rank Q (9 -> 27)
    scorer = page.locator(".cardlib-layout-scorer:not(.cardlib-exercise)").first
    scorer.scroll_into_view_if_needed()
    result = scorer.locator(".widget-html").last
    expect(result).to_contain_text("Total: 9")
    scorer.locator("button[title^='bottom-left: 8C']").click()
    scorer.locator("button[title='rank Q']").click()
    expect(result).to_contain_text("Total: 27")
    # an exercise's check gives feedback: golf-1 unanswered, then wrong, then right (the
    # site's learner has said who they are nowhere: the default student's variant)
    from cardlib.exercises import model
    from cardlib.exercises.students import DEFAULT_STUDENT

    total = model.keys()["golf-1"].solve(model.variant_of("golf-1", DEFAULT_STUDENT))
    index = next(i for i, c in enumerate(cells) if 'check("golf-1"' in "".join(c.get("source", "")))
    assert "not answered yet" in _text(cells[index]), _text(cells[index])
    wrong = _run_cell_with(page, index, f'answer_1 = {total + 1}\ncheck("golf-1", answer_1)')
    assert "golf-1: not yet" in _text(wrong) and "Hint 1" in _text(wrong), _text(wrong)
    right = _run_cell_with(page, index, f'answer_1 = {total}\ncheck("golf-1", answer_1)')
    assert "golf-1: right" in _text(right), _text(right)


def test_cardlib_check_runs_in_the_browser(session, lite_url) -> None:
    page, _elsewhere, _console = session
    if not page.evaluate(READY_JS, NOTEBOOKS[-1]):  # else its kernel is taken as it is
        open_lite(page, lite_url, NOTEBOOKS[-1])
    cells = page.evaluate(CELLS_JS)
    index = next(i for i, c in enumerate(cells) if c["cell_type"] == "code")
    code = (
        "import contextlib, io\nfrom cardlib.cli import main\nout = io.StringIO()\n"
        "with contextlib.redirect_stdout(out):\n    code = main(['check'])\n"
        "print(code, out.getvalue().strip().splitlines()[-1])"
    )
    done = _run_cell_with(page, index, code)
    text = _text(done)
    assert text.startswith("0 "), f"cardlib check in the browser:\n{text}"
    TIMES["cardlib check"] = text.strip()


def _simulations_as_tables(cells: list[dict]) -> None:
    """Without matplotlib the first cell says so in one line and every figure is a table."""
    code = [c for c in cells if c["cell_type"] == "code"]
    lines = [line for line in _text(code[0]).splitlines() if line.strip()]
    assert len(lines) == 1 and "matplotlib" in lines[0], lines
    figures = [c for c in code[1:] if "plt.show()" in "".join(c["source"])]
    assert len(figures) >= 4
    for cell in figures:
        table = [line for line in _text(cell).splitlines() if line.strip()]
        assert len(table) >= 3, f"no table in place of a figure:\n{''.join(cell['source'])}"


def _printed(cell: dict) -> str:
    """What a cell printed and the text of its value, but for a figure's."""
    out = []
    for output in cell.get("outputs", []):
        if output.get("output_type") == "stream":
            text = output.get("text", "")
        elif output.get("output_type") == "execute_result":
            text = output.get("data", {}).get("text/plain", "")
        else:
            continue
        text = "".join(text) if isinstance(text, list) else text
        if not text.startswith("<Figure"):
            out.append(text)
    return "".join(out)


def _simulations_print_what_cpython_printed(cells: list[dict]) -> None:
    """Every cell of the site's simulations.ipynb that printed something in the committed
    notebook (CPython's run) printed the same in Pyodide: the same seeds, the same games."""
    committed = json.loads((NOTEBOOK_DIR / "simulations.ipynb").read_text(encoding="utf-8"))
    cpython = {
        "".join(c["source"]): _printed(c) for c in committed["cells"] if c["cell_type"] == "code"
    }
    compared, differ = 0, []
    for cell in cells:
        source = "".join(cell["source"])
        if cell["cell_type"] != "code" or not cpython.get(source):
            continue
        compared += 1
        if _printed(cell) != cpython[source]:
            differ.append(
                f"{source.splitlines()[0]!r}:\n{_printed(cell)}\nCPython:\n{cpython[source]}"
            )
    assert compared >= 10, f"only {compared} cells of simulations.ipynb compared"
    assert not differ, "Pyodide printed other numbers than CPython:\n" + "\n".join(differ)


def test_no_request_left_the_machine(session) -> None:
    _page, elsewhere, _console = session
    assert elsewhere == [], f"{len(elsewhere)} requests elsewhere: {sorted(set(elsewhere))[:20]}"
