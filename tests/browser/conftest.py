"""Real-browser harness: a private JupyterLab server driven by headless Chromium.

* ``jupyter_lab`` (session): copies ``notebooks/`` to a temporary directory, starts
  JupyterLab on a free port with a random token and isolated runtime/config/settings/
  workspace directories, waits for ``/api/status`` and always shuts it down (REST
  shutdown, then SIGTERM/SIGKILL of its process group).
* ``browser`` (session), ``context`` and ``page`` (per test) are pytest-playwright's (the
  ``test`` extra): headless Chromium, Debian's ``/usr/bin/chromium`` unless
  ``CARDLIB_CHROMIUM`` says otherwise (``browser_type_launch_args``); a context of
  1400x1000 (``browser_context_args``) whose actions time out after ``ACTION_TIMEOUT``.
  A test that fails leaves the trace of its ``context``/``page`` (``trace.zip``: open it with
  ``python -m playwright show-trace``) and a screenshot of each of its pages in
  ``build/playwright/<test>/`` (pytest-playwright's ``--tracing retain-on-failure
  --screenshot only-on-failure --output build/playwright``, the defaults here, the trace
  without DOM snapshots; the command line's own options win, and its ``--tracing`` keeps
  the snapshots).  Contexts a test opens itself with ``browser.new_context()``
  are not traced: pytest-playwright's ``new_context`` fixture makes traced ones.
* ``module_page`` (module) and ``shared_page`` (per test): one page for a module whose
  tests each click a widget of their own in one notebook, run once (``module_notebook``);
  each test's part of the trace is a chunk of its own, kept (with a screenshot) as
  ``page``'s is.
* ``run_notebook(page, name)``: opens a notebook from a reset workspace, waits for an
  idle kernel, clears outputs, runs all cells through the Run menu and waits (bounded)
  until execution is over; fails with the cells' errors if a cell raised (except cells
  tagged ``raises-exception``) or was never executed.  A run that does not end in time
  fails with what the page and the server say (``describe_run``: the cells still waiting,
  the kernel's state on both sides, any dialog, the server's log); a kernel that sits idle
  while cells wait is nudged first (``nudge_kernel``, ipython/ipykernel#1554).

Environment knobs: ``CARDLIB_BROWSER_NOTEBOOKS`` serves another notebook directory
(harness development), ``CARDLIB_CHROMIUM`` another Chromium binary.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS_DIR = REPO_ROOT / "test-artifacts"
NOTEBOOKS_DIR = Path(os.environ.get("CARDLIB_BROWSER_NOTEBOOKS", REPO_ROOT / "notebooks")).resolve()
CHROMIUM = os.environ.get("CARDLIB_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

SERVER_START_TIMEOUT = 90.0  # s, JupyterLab answering /api/status
PAGE_LOAD_TIMEOUT = 60_000  # ms, notebook open and kernel idle
RUN_ALL_TIMEOUT = 300_000  # ms, all cells executed (a notebook of many widgets, on a busy machine)
ACTION_TIMEOUT = 15_000  # ms, default for Playwright actions and expectations

# Top-level repository entries that are not made visible next to the notebook copy.
_NOT_LINKED = {".git", "notebooks", "test-artifacts", ".pytest_cache", ".ruff_cache", ".venv"}

# User settings for the private server: no news/update requests (there is no network),
# no toasts over the widgets, and every cell attached to the DOM so that the harness
# sees every prompt and output.
_USER_SETTINGS = {
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false",
        "checkForUpdates": False,
        "doNotDisturbMode": True,
    },
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {
        "windowingMode": "none",
    },
    "@jupyterlab/docmanager-extension/plugin.jupyterlab-settings": {
        "autosave": False,
    },
}
_DISABLED_PLUGINS = ["@jupyterlab/apputils-extension:announcements"]


# --------------------------------------------------------------------------- server


@dataclass
class JupyterLab:
    """A running private JupyterLab server."""

    base_url: str
    token: str
    root_dir: Path
    process: subprocess.Popen
    log_path: Path
    #: where the server writes its kernels' connection files (``JUPYTER_RUNTIME_DIR``)
    runtime_dir: Path | None = None

    def url(self, path: str, **query: str) -> str:
        params = "&".join(f"{k}={quote(v)}" if v else k for k, v in query.items())
        sep = "&" if params else ""
        return f"{self.base_url}{path}?{params}{sep}token={self.token}"

    def api(self, method: str, path: str, timeout: float = 5.0) -> object:
        request = urllib.request.Request(
            f"{self.base_url}{path}",
            method=method,
            headers={"Authorization": f"token {self.token}"},
        )
        with urllib.request.urlopen(request, timeout=timeout) as response:
            body = response.read()
        return json.loads(body) if body else None

    def log_tail(self, lines: int = 40) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "<no server log>"


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _prepare_root(tmp: Path) -> Path:
    """Copy the notebooks to ``tmp/notebooks``; link the rest of the repo beside them.

    The links keep relative paths such as ``../examples/...`` working inside the
    notebooks, while the committed notebooks themselves are never served (so never
    modified) by the browser session.
    """
    root = tmp / "repo"
    root.mkdir()
    notebooks = root / "notebooks"
    if NOTEBOOKS_DIR.is_dir():
        shutil.copytree(
            NOTEBOOKS_DIR, notebooks, ignore=shutil.ignore_patterns(".ipynb_checkpoints")
        )
    else:
        notebooks.mkdir()
    for entry in REPO_ROOT.iterdir():
        if entry.name not in _NOT_LINKED:
            (root / entry.name).symlink_to(entry)
    return notebooks


def _write_lab_config(config_dir: Path, settings_dir: Path) -> None:
    for relative, values in _USER_SETTINGS.items():
        target = settings_dir / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(values, indent=2))
    labconfig = config_dir / "labconfig"
    labconfig.mkdir(parents=True, exist_ok=True)
    (labconfig / "page_config.json").write_text(
        json.dumps(
            {
                "disabledExtensions": dict.fromkeys(_DISABLED_PLUGINS, True),
                # No "is a rebuild needed?" check: it costs seconds of server CPU.
                "buildCheck": False,
                "buildAvailable": False,
            }
        )
    )


def _wait_for_status(lab: JupyterLab, deadline: float) -> bool:
    """True once ``/api/status`` answers; False if the process died first."""
    while time.monotonic() < deadline:
        if lab.process.poll() is not None:
            return False
        with contextlib.suppress(OSError, ValueError):
            lab.api("GET", "/api/status", timeout=2.0)
            return True
        time.sleep(0.25)
    raise TimeoutError(
        f"JupyterLab did not answer /api/status within {SERVER_START_TIMEOUT:.0f} s\n"
        f"{lab.log_tail()}"
    )


def start_jupyter_lab(
    tmp: Path,
    log_path: Path,
    attempts: int = 3,
    *,
    root_dir: Path | None = None,
    path_prefix: Path | None = None,
) -> JupyterLab:
    """Start a private JupyterLab; ``root_dir`` (default: a copy of the notebooks) is served,
    and ``path_prefix`` is put first on the PATH of the server and of its terminals."""
    root_dir = root_dir or _prepare_root(tmp)
    runtime_dir, config_dir, settings_dir = (tmp / d for d in ("runtime", "config", "settings"))
    workspaces_dir, ipython_dir, data_dir = (tmp / d for d in ("workspaces", "ipython", "data"))
    for directory in (runtime_dir, config_dir, settings_dir, workspaces_dir, ipython_dir, data_dir):
        directory.mkdir(parents=True, exist_ok=True)
    _write_lab_config(config_dir, settings_dir)
    env = {
        **os.environ,
        # Data dir left alone: the ipywidgets lab extension lives in sys.prefix/share/jupyter.
        "JUPYTER_RUNTIME_DIR": str(runtime_dir),
        "JUPYTER_CONFIG_DIR": str(config_dir),
        "JUPYTERLAB_SETTINGS_DIR": str(settings_dir),
        "JUPYTERLAB_WORKSPACES_DIR": str(workspaces_dir),
        "IPYTHONDIR": str(ipython_dir),
        "PYTHONUNBUFFERED": "1",
        "PYDEVD_DISABLE_FILE_VALIDATION": "1",
    }
    env.pop("JUPYTER_TOKEN", None)
    if path_prefix is not None:
        env["PATH"] = os.pathsep.join([str(path_prefix), env.get("PATH", "")])
    log_path.parent.mkdir(parents=True, exist_ok=True)
    log_path.write_bytes(b"")  # one session per log
    token = secrets.token_hex(24)
    for _attempt in range(attempts):  # retried only if the port was taken meanwhile
        port = _free_port()
        command = [
            sys.executable,
            "-m",
            "jupyterlab",
            "--no-browser",
            "--allow-root",
            f"--port={port}",
            "--port-retries=0",
            "--ServerApp.ip=127.0.0.1",
            f"--ServerApp.token={token}",
            f"--ServerApp.root_dir={root_dir}",
            "--ServerApp.open_browser=False",
            "--LabApp.news_url=None",
            "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
            f"--LabApp.user_settings_dir={settings_dir}",
            f"--LabApp.workspaces_dir={workspaces_dir}",
            f"--NotebookNotary.data_dir={data_dir}",
            # Safety net if pytest itself is killed before teardown: an orphaned server
            # culls its idle kernels and exits by itself.
            "--MappingKernelManager.cull_idle_timeout=900",
            "--MappingKernelManager.cull_interval=60",
            "--ServerApp.shutdown_no_activity_timeout=900",
        ]
        with log_path.open("ab") as log:
            shown = " ".join(command).replace(token, "<token>")
            log.write(f"\n$ {shown}\n".encode())
            log.flush()
            process = subprocess.Popen(
                command,
                cwd=root_dir,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # own process group, killed as a whole
            )
        lab = JupyterLab(
            f"http://127.0.0.1:{port}", token, root_dir, process, log_path, runtime_dir
        )
        try:
            if _wait_for_status(lab, time.monotonic() + SERVER_START_TIMEOUT):
                return lab
        except BaseException:
            stop_jupyter_lab(lab)
            raise
        stop_jupyter_lab(lab)
    raise RuntimeError(f"JupyterLab failed to start {attempts} times\n{lab.log_tail()}")


def _signal_group(process: subprocess.Popen, sig: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, sig)


def stop_jupyter_lab(lab: JupyterLab) -> None:
    """Shut the server and its kernels down; escalate to signals if needed."""
    process = lab.process
    if process.poll() is None:
        # A clean shutdown also stops the kernels (they run in their own sessions).
        with contextlib.suppress(OSError, ValueError):
            for kernel in lab.api("GET", "/api/kernels") or []:
                with contextlib.suppress(OSError, ValueError):
                    lab.api("DELETE", f"/api/kernels/{kernel['id']}", timeout=10.0)
        with contextlib.suppress(OSError, ValueError):
            lab.api("POST", "/api/shutdown")
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=10)
    for sig, grace in ((signal.SIGTERM, 10), (signal.SIGKILL, 5)):
        if process.poll() is None:
            _signal_group(process, sig)
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=grace)
    # Leftovers of the group (the server is gone, but children may not be).
    _signal_group(process, signal.SIGKILL)


@pytest.fixture(scope="session")
def notebooks_dir() -> Path:
    """The notebook directory the server serves a copy of (no server started)."""
    return NOTEBOOKS_DIR


@pytest.fixture(scope="session")
def jupyter_lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[JupyterLab]:
    tmp = tmp_path_factory.mktemp("jupyterlab")
    lab = start_jupyter_lab(tmp, ARTIFACTS_DIR / "jupyterlab-server.log")
    try:
        yield lab
    finally:
        stop_jupyter_lab(lab)


# --------------------------------------------------------------------------- browser

#: where pytest-playwright keeps a failing test's trace and screenshots (git-ignored; emptied
#: by pytest-playwright when a run starts)
PLAYWRIGHT_OUTPUT = REPO_ROOT / "build" / "playwright"
PLAYWRIGHT_PLUGIN = "pytest_playwright.pytest_playwright"  # its name under -p
#: pytest-playwright's options for the browser tests, unless the command line gives them
PLAYWRIGHT_DEFAULTS = {
    "tracing": "retain-on-failure",
    "screenshot": "only-on-failure",
    "output": str(PLAYWRIGHT_OUTPUT),
}


#: set when the harness's own default traced the tests (no ``--tracing`` was given)
LIGHT_TRACE = pytest.StashKey[bool]()


def pytest_configure(config: pytest.Config) -> None:
    # the command line as typed (an xdist worker's own is the test paths only)
    typed = getattr(config, "workerinput", {}).get("mainargv", config.invocation_params.args)
    given = [*typed, *shlex.split(os.environ.get("PYTEST_ADDOPTS", ""))]
    for name, value in PLAYWRIGHT_DEFAULTS.items():
        flag = f"--{name}"
        if hasattr(config.option, name) and not any(
            arg == flag or arg.startswith(f"{flag}=") for arg in given
        ):
            setattr(config.option, name, value)
    # the harness's default trace, not one asked for on the command line, is the light one
    config.stash[LIGHT_TRACE] = not any(
        a == "--tracing" or a.startswith("--tracing=") for a in given
    )


def _missing(message: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(message)  # a browser job must not pass by skipping
    pytest.skip(message)


@pytest.fixture(autouse=True)
def _needs_pytest_playwright(request: pytest.FixtureRequest) -> None:
    """Without pytest-playwright there is no ``browser``: the browser tests say so."""
    plugins = request.config.pluginmanager
    if not any(plugins.hasplugin(name) for name in ("playwright", PLAYWRIGHT_PLUGIN)):
        _missing("pytest-playwright is not installed (make setup installs the test extra)")


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    """pytest-playwright's launch options (``--headed``, ``--slowmo``) for Debian's
    Chromium: Playwright cannot download its own browser here."""
    if not Path(CHROMIUM).exists():
        _missing(f"no Chromium at {CHROMIUM} (set CARDLIB_CHROMIUM)")
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": CHROMIUM_ARGS,
        "timeout": 60_000,
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict) -> dict:
    return {**browser_context_args, "viewport": {"width": 1400, "height": 1000}}


@pytest.fixture
def context(context, request: pytest.FixtureRequest):
    """pytest-playwright's context (traced), with this harness's timeouts.

    Traced by the harness's default (no ``--tracing`` on the command line), the trace has
    each action, the console, the network and the screencast, but no DOM snapshots: a
    snapshot of JupyterLab's page before and after every action cost the browser tests half
    their CPU again (issue 30).  ``--tracing retain-on-failure`` (or ``on``) given on the
    command line keeps pytest-playwright's whole trace, snapshots and all."""
    from playwright.sync_api import expect

    if request.config.stash.get(LIGHT_TRACE, False):
        context.tracing.stop()  # pytest-playwright's, started with snapshots; nothing yet
        _start_trace(context, request.config, title=request.node.nodeid)
    expect.set_options(timeout=ACTION_TIMEOUT)
    _set_timeouts(context)
    return context


def _start_trace(context, config: pytest.Config, title: str | None = None) -> None:
    """Trace ``context`` as pytest-playwright does, without DOM snapshots by the harness's
    default (:data:`LIGHT_TRACE`)."""
    snapshots = not config.stash.get(LIGHT_TRACE, False)
    context.tracing.start(title=title, screenshots=True, snapshots=snapshots, sources=True)


def _set_timeouts(context) -> None:
    context.set_default_timeout(ACTION_TIMEOUT)
    context.set_default_navigation_timeout(PAGE_LOAD_TIMEOUT)


# --------------------------------------------------------------------------- one page a module


@pytest.fixture(scope="module")
def module_page(browser, browser_context_args: dict, pytestconfig: pytest.Config) -> Iterator:
    """One JupyterLab page for a module's tests, in a context of its own (the size and
    timeouts of ``context``), traced as ``context`` is when tracing is on: for a module whose
    tests each click a widget of their own in one notebook, run once (``module_notebook``)
    rather than once a test (each run loads JupyterLab and starts a kernel: about 7 s of CPU).
    A test takes it through ``shared_page``, which keeps its part of the trace."""
    context = browser.new_context(**browser_context_args)
    _set_timeouts(context)
    if pytestconfig.getoption("--tracing") != "off":
        _start_trace(context, pytestconfig)
    page = context.new_page()
    try:
        yield page
    finally:
        context.close()


def module_notebook(jupyter_lab: JupyterLab, page, name: str, cells: list[str]):
    """Write the notebook ``name`` of ``cells`` into the served copy and run it in ``page``
    (``module_page``): a module fixture's body; the page."""
    from tests.browser.support import write_cells

    write_cells(jupyter_lab, name, cells)
    run_notebook_in(page, jupyter_lab, name)
    return page


@pytest.fixture
def shared_page(module_page, request: pytest.FixtureRequest, output_path: str) -> Iterator:
    """``module_page`` for one test, with the harness's expectations' timeout.  The test's
    part of the trace is a chunk of its own: a test that fails leaves it (``trace.zip``) and
    a screenshot of the page in ``build/playwright/<test>/``, as ``page`` does; with
    ``--tracing on`` every test leaves its chunk."""
    from playwright.sync_api import expect

    expect.set_options(timeout=ACTION_TIMEOUT)
    config = request.config
    tracing = config.getoption("--tracing")
    if tracing != "off":
        module_page.context.tracing.start_chunk(title=request.node.nodeid)
    yield module_page
    # the reports pytest-playwright keeps on the test (rep_setup, rep_call)
    reports = (getattr(request.node, f"rep_{when}", None) for when in ("setup", "call"))
    failed = any(report is not None and report.failed for report in reports)
    folder = Path(output_path)  # pytest-playwright's folder for the test
    if failed:
        folder.mkdir(parents=True, exist_ok=True)
        with contextlib.suppress(Exception):  # the page may be gone with the failure
            module_page.screenshot(path=str(folder / "test-failed-1.png"))
    if tracing == "on" or (failed and tracing == "retain-on-failure"):
        folder.mkdir(parents=True, exist_ok=True)
        module_page.context.tracing.stop_chunk(path=str(folder / "trace.zip"))
    elif tracing != "off":
        module_page.context.tracing.stop_chunk()


# --------------------------------------------------------------------------- notebooks


def _read_cells(path: Path) -> list[dict]:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    return notebook["cells"]


_NOTEBOOK_READY_JS = """
(cellCount) => {
  const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
  if (!panel) return false;
  if (panel.querySelectorAll('.jp-Notebook .jp-Cell').length !== cellCount) return false;
  const kernel = (panel.querySelector('.jp-KernelName')?.textContent || '').trim();
  if (!kernel || /no kernel/i.test(kernel)) return false;
  const status = panel.querySelector('.jp-Notebook-ExecutionIndicator');
  return !!status && status.getAttribute('data-status') === 'idle';
}
"""


def open_notebook(page, lab: JupyterLab, name: str, cell_count: int) -> None:
    """Open ``name`` (relative to the served notebook dir) in a fresh, reset workspace.

    Returns once all ``cell_count`` cells are rendered and the kernel is idle.
    """
    workspace = f"cardlib-{uuid.uuid4().hex[:8]}"
    page.goto(lab.url(f"/lab/workspaces/{workspace}/tree/{quote(name)}", reset=""))
    deadline = time.monotonic() + PAGE_LOAD_TIMEOUT / 1000
    while not page.evaluate(_NOTEBOOK_READY_JS, cell_count):
        if time.monotonic() > deadline:
            raise TimeoutError(
                f"{name}: notebook not rendered with an idle kernel within "
                f"{PAGE_LOAD_TIMEOUT / 1000:.0f} s"
            )
        # A notebook without kernelspec asks for a kernel: take the proposed one.
        dialog = page.locator(".jp-Dialog")
        if dialog.count() and dialog.first.is_visible():
            dialog.first.locator(".jp-Dialog-footer .jp-mod-accept").click()
        page.wait_for_timeout(250)
    # More room (and clearer screenshots): collapse the left sidebar (file browser).
    current_tab = page.locator(".jp-SideBar.jp-mod-left .lm-TabBar-tab.lm-mod-current")
    with contextlib.suppress(Exception):
        if current_tab.count():
            current_tab.first.click(timeout=2_000)


def _menu_command(page, menu: str, item: str) -> None:
    """Click ``menu`` > ``item`` in the menu bar, for the notebook in the main area."""
    # Activate the notebook through its tab (clicking into the notebook could hit a cell).
    page.locator(".lm-DockPanel-tabBar .lm-TabBar-tab.lm-mod-current").first.click()
    page.get_by_role("menuitem", name=menu, exact=True).first.click()
    label = page.locator(".lm-Menu-itemLabel", has_text=re.compile(rf"^{re.escape(item)}$"))
    entry = page.locator(".lm-Menu .lm-Menu-item").filter(has=label).first
    entry.click()


_RUN_STATE_JS = """
() => {
  const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
  const dialogs = [...document.querySelectorAll('.jp-Dialog')].map(
    (d) => d.innerText.replace(/\\s+/g, ' ').trim().slice(0, 200));
  if (!panel) return {panel: false, dialogs};
  const indicator = panel.querySelector('.jp-Notebook-ExecutionIndicator');
  const prompts = [...panel.querySelectorAll('.jp-Notebook .jp-CodeCell')].map((cell) => [
    (cell.querySelector('.jp-InputPrompt')?.textContent || '').trim(),
    (cell.querySelector('.jp-InputArea-editor')?.textContent || '').trim().slice(0, 50),
  ]);
  return {panel: true, dialogs, status: indicator?.getAttribute('data-status') ?? null, prompts};
}
"""

#: how long the kernel may sit idle, by the server's account, while code cells still wait
#: (``[*]``) before the harness nudges it: ipykernel 7 can leave a request unread on its shell
#: socket until a message comes on a new connection (ipython/ipykernel#1554), which is why
#: jupyter_server sends a ``kernel_info_request`` on each new connection
STALL_S = 30.0
NUDGES = 3  # at most, in one run


def _progress(state: dict) -> tuple[int, list[int]]:
    """How many code cells have run, and which wait (``[*]``, by index among the code
    cells), in a :data:`_RUN_STATE_JS` state."""
    prompts = [prompt for prompt, _ in state.get("prompts", [])]
    done = sum(bool(re.search(r"\d", prompt)) for prompt in prompts)
    return done, [index for index, prompt in enumerate(prompts) if "*" in prompt]


def _kernel_of(lab: JupyterLab, name: str) -> dict | None:
    """The server's model of the kernel of ``name``'s session (``execution_state``, ...)."""
    with contextlib.suppress(OSError, ValueError):
        sessions = lab.api("GET", "/api/sessions")
        for session in sessions if isinstance(sessions, list) else []:
            if session.get("path") == name:
                return session.get("kernel")
    return None


def nudge_kernel(lab: JupyterLab, kernel_id: str, timeout: float = 10.0) -> str:
    """Send the kernel ``kernel_id`` a ``kernel_info_request`` on a new shell connection, as
    jupyter_server does on each new connection; the kernel's reply status (``"ok"``)."""
    from jupyter_client import BlockingKernelClient

    if lab.runtime_dir is None:
        raise RuntimeError("the server's runtime dir (its connection files) is not known")
    client = BlockingKernelClient(connection_file=str(lab.runtime_dir / f"kernel-{kernel_id}.json"))
    client.load_connection_file()
    client.start_channels()
    try:
        reply = client.kernel_info(reply=True, timeout=timeout)
        return reply["content"]["status"]
    finally:
        client.stop_channels()


def _wait_execution_over(
    page, lab: JupyterLab, name: str, timeout_ms: int, settle_s: float = 1.0
) -> None:
    """Wait until no code cell waits (``[*]``) and the kernel is idle, stable for settle_s.

    The kernel is idle when the notebook's indicator says so, or, if the indicator still
    says otherwise with no cell waiting, when the server says so.  A kernel the server sees
    idle while cells have waited :data:`STALL_S` without one finishing is nudged
    (:func:`nudge_kernel`), and the nudge printed.  Raises :class:`TimeoutError`."""
    deadline = time.monotonic() + timeout_ms / 1000
    stable_since: float | None = None
    progress, progressed = _progress({}), time.monotonic()
    nudges = 0
    while True:
        now = time.monotonic()
        state = page.evaluate(_RUN_STATE_JS)
        if _progress(state) != progress:
            progress, progressed = _progress(state), now
        _done, waiting = progress
        over = state["panel"] and not waiting and state["status"] == "idle"
        if state["panel"] and not waiting and not over and now - progressed > settle_s:
            kernel = _kernel_of(lab, name)  # the indicator may lag behind the kernel
            over = kernel is not None and kernel.get("execution_state") == "idle"
        if over:
            stable_since = stable_since or now
            if now - stable_since >= settle_s:
                return
        else:
            stable_since = None
        if waiting and now - progressed > STALL_S and nudges < NUDGES:
            kernel = _kernel_of(lab, name)
            if kernel is not None and kernel.get("execution_state") == "idle":
                nudges += 1
                try:
                    outcome = f"it answered {nudge_kernel(lab, kernel['id'])!r}"
                except Exception as error:  # the nudge is a help, not the test
                    outcome = f"the nudge failed: {error}"
                print(
                    f"{name}: {len(waiting)} code cell(s) waited {now - progressed:.0f} s with the "
                    f"kernel idle; nudged it (ipython/ipykernel#1554): {outcome}"
                )
            progressed = now  # the next look in STALL_S
        if now > deadline:
            raise TimeoutError(f"{name}: the run was not over after {timeout_ms / 1000:.0f} s")
        page.wait_for_timeout(250)


def describe_run(page, lab: JupyterLab, name: str) -> str:
    """What the page and the server say of ``name``'s run: the notebook's kernel indicator,
    the code cells still waiting (``[*]``), any dialog, the server's view of the notebook's
    kernel and the tail of the server's log, for a run that did not end in time."""
    lines = []
    try:
        state = page.evaluate(_RUN_STATE_JS)
    except Exception as error:  # the page itself may be what went wrong
        state = {"panel": False, "dialogs": [], "error": str(error).splitlines()[0]}
    if state.get("error"):
        lines.append(f"the page did not answer: {state['error']}")
    elif not state["panel"]:
        lines.append("no notebook panel is shown")
    else:
        prompts = state["prompts"]
        done, waiting = _progress(state)
        first = ", ".join(f"{i} ({prompts[i][1]!r})" for i in waiting[:5])
        lines.append(
            f"the notebook's kernel indicator says {state['status']!r}; of its "
            f"{len(prompts)} code cells {done} have run and {len(waiting)} wait (``[*]``)"
            + (f": code cells {first}" if waiting else "")
        )
    lines += [f"a dialog says: {text}" for text in state["dialogs"]]
    kernel = _kernel_of(lab, name)
    lines.append(
        f"the server says its kernel is {kernel.get('execution_state')!r} (last activity "
        f"{kernel.get('last_activity')}, {kernel.get('connections')} connection(s))"
        if kernel is not None
        else f"the server gives no session for {name}"
    )
    return "\n".join([*lines, "the server's log ends:", lab.log_tail(20)])


def run_notebook_in(page, lab: JupyterLab, name: str, timeout_ms: int = RUN_ALL_TIMEOUT) -> None:
    """Open ``name``, run all its cells in the browser and check that they all ran.

    The outcome is read from the notebook as saved by the browser (in the served
    copy): every non-empty code cell must have an execution count, and only cells
    tagged ``raises-exception`` may have an error output.
    """
    path = lab.root_dir / name
    if not path.is_file():
        raise FileNotFoundError(f"{name} is not in the served notebook copy {lab.root_dir}")
    source_cells = _read_cells(path)
    t0 = time.monotonic()
    open_notebook(page, lab, name, len(source_cells))
    # Start from blank prompts so that stale execution counts cannot look like a run.
    _menu_command(page, "Edit", "Clear Outputs of All Cells")
    page.wait_for_function(
        """() => [...document.querySelectorAll(
              '.jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell .jp-InputPrompt')]
              .every((p) => !/\\d/.test(p.textContent))""",
        timeout=ACTION_TIMEOUT,
    )
    started = time.monotonic()
    print(f"{name}: opened, kernel idle, outputs cleared in {started - t0:.1f} s")
    _menu_command(page, "Run", "Run All Cells")
    # Wait for the run to start (first code cell queued or done), then for it to finish.
    if any(c["cell_type"] == "code" and _source(c).strip() for c in source_cells):
        page.wait_for_function(
            """() => [...document.querySelectorAll(
                  '.jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell .jp-InputPrompt')]
                  .some((p) => /[*\\d]/.test(p.textContent))""",
            timeout=ACTION_TIMEOUT,
        )
    try:
        _wait_execution_over(page, lab, name, timeout_ms - int((time.monotonic() - started) * 1000))
    except TimeoutError:
        raise TimeoutError(
            f"{name}: the run was not over after {time.monotonic() - started:.0f} s\n"
            + describe_run(page, lab, name)
        ) from None
    print(f"{name}: execution over in {time.monotonic() - started:.1f} s")
    _check_all_ran(name, _save_and_read(page, path))


_ANSI = re.compile(r"\x1b\[[0-9;]*m")


def _source(cell: dict) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else source


def _save_and_read(page, path: Path) -> list[dict]:
    """Save the notebook from the browser; return the saved cells (with outputs)."""
    before = path.stat().st_mtime_ns
    _menu_command(page, "File", "Save Notebook")
    deadline = time.monotonic() + ACTION_TIMEOUT / 1000
    while time.monotonic() < deadline:
        if path.stat().st_mtime_ns != before:
            with contextlib.suppress(ValueError):  # possibly caught mid-write
                return _read_cells(path)
        time.sleep(0.2)
    raise TimeoutError(f"{path.name}: the browser did not save the notebook")


def _check_all_ran(name: str, cells: list[dict]) -> None:
    """Every non-empty code cell has run; only ``raises-exception`` cells raised."""
    problems = []
    for index, cell in enumerate(cells):
        source = _source(cell).strip()
        if cell["cell_type"] != "code" or not source:
            continue
        label = f"cell {index} ({source.splitlines()[0][:60]!r})"
        if cell.get("execution_count") is None:
            problems.append(f"{label} was not executed")
        if "raises-exception" in cell.get("metadata", {}).get("tags", []):
            continue
        for output in cell.get("outputs", []):
            if output.get("output_type") == "error":
                traceback = _ANSI.sub("", "\n".join(output.get("traceback", [])))
                problems.append(f"{label} raised {output.get('ename')}:\n{traceback[-3000:]}")
    if problems:
        raise AssertionError(f"{name} did not run cleanly in JupyterLab:\n" + "\n".join(problems))


@pytest.fixture
def run_notebook(jupyter_lab: JupyterLab) -> Callable[..., None]:
    """``run_notebook(page, name)`` bound to the session's JupyterLab server."""

    def _run(page, name: str, timeout_ms: int = RUN_ALL_TIMEOUT) -> None:
        run_notebook_in(page, jupyter_lab, name, timeout_ms)

    return _run
