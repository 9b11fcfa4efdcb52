"""A JupyterLab terminal, opened in Chromium from a server started as ``make course`` starts
it (the course's ``jupyter/`` folder on JUPYTER_CONFIG_PATH, the venv's bin first on the
PATH), finds the course's ``cardlib`` and its ``python``: a login shell's profile
(Debian's /etc/profile, a ~/.bashrc that puts pyenv first) no longer hides them.  The
commands are typed into the terminal and their output is read from the terminal's rows
in the page, waited for, never slept on."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser.conftest import (
    ACTION_TIMEOUT,
    ARTIFACTS_DIR,
    PAGE_LOAD_TIMEOUT,
    REPO_ROOT,
    JupyterLab,
    start_jupyter_lab,
    stop_jupyter_lab,
)

pytestmark = pytest.mark.browser

#: the folder `make course` puts on JUPYTER_CONFIG_PATH
COURSE_CONFIG = REPO_ROOT / "jupyter"
#: the first line `cardlib rules GOLF-COLUMN` prints after the rule's ID
RULE_TITLE = "Columns pair by rank"

#: the terminal's rows as text: xterm.js keeps them in its accessibility tree when the
#: screen-reader mode is on (whatever renderer draws them), else in its DOM renderer's rows
_TERMINAL_TEXT_JS = """
() => {
  const term = document.querySelector('.jp-Terminal:not(.lm-mod-hidden)');
  if (!term) return '';
  const rows = term.querySelectorAll('.xterm-accessibility-tree > div, .xterm-rows > div');
  return [...rows].map((row) => row.textContent).join('\\n');
}
"""


@pytest.fixture(scope="module")
def course_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[JupyterLab]:
    tmp = tmp_path_factory.mktemp("terminal")
    root = tmp / "student"
    root.mkdir()
    # screen-reader mode: xterm.js writes the rows' text into the page for the test to read
    settings = tmp / "settings" / "@jupyterlab" / "terminal-extension"
    settings.mkdir(parents=True)
    (settings / "plugin.jupyterlab-settings").write_text(json.dumps({"screenReaderMode": True}))
    with pytest.MonkeyPatch.context() as patch:
        # what make course sets: the course's server configuration on JUPYTER_CONFIG_PATH
        patch.setenv("JUPYTER_CONFIG_PATH", str(COURSE_CONFIG))
        lab = start_jupyter_lab(
            tmp,
            ARTIFACTS_DIR / "terminal-server.log",
            root_dir=root,
            path_prefix=Path(sys.executable).parent,
        )
    try:
        yield lab
    finally:
        stop_jupyter_lab(lab)


@pytest.fixture
def terminal_page(browser, course_server: JupyterLab) -> Iterator[object]:
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    context.set_default_timeout(ACTION_TIMEOUT)
    context.set_default_navigation_timeout(PAGE_LOAD_TIMEOUT)
    page = context.new_page()
    try:
        yield page
    finally:
        ARTIFACTS_DIR.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS_DIR / "terminal-cardlib.png"))
        context.close()


def _terminal_text(page) -> str:
    return page.evaluate(_TERMINAL_TEXT_JS)


def _wait_for_text(page, text: str, count: int, timeout_ms: int = 30_000) -> None:
    """Wait until ``text`` is in the terminal's rows ``count`` times."""
    try:
        page.wait_for_function(
            f"""() => ({_TERMINAL_TEXT_JS})().split({json.dumps(text)}).length - 1 >= {count}""",
            timeout=timeout_ms,
            polling=200,
        )
    except Exception as exc:
        raise AssertionError(
            f"{text!r} not {count} times in the terminal; it shows:\n{_terminal_text(page)}"
        ) from exc


def _run(page, command: str) -> None:
    page.keyboard.type(command)
    page.keyboard.press("Enter")


def test_a_course_terminal_runs_cardlib_and_the_courses_python(course_server, terminal_page):
    page = terminal_page
    page.goto(course_server.url("/lab/workspaces/terminal", reset=""))
    page.locator(".jp-LauncherCard", has_text="Terminal").first.click()
    screen = page.locator(".jp-Terminal:not(.lm-mod-hidden) .xterm")
    screen.wait_for(state="visible")
    # the shell is ready when its prompt is drawn
    page.wait_for_function(f"() => /[$#]\\s*$/m.test(({_TERMINAL_TEXT_JS})())", polling=200)
    screen.click()

    _run(page, "cardlib --version")
    _wait_for_text(page, "(cardlib-course)", 1)
    # a rule's page is longer than the screen: its first lines are what stays in view
    _run(page, "cardlib rules GOLF-COLUMN | head -n 2")
    _wait_for_text(page, RULE_TITLE, 1)
    _run(page, "python -m cardlib rules GOLF-COLUMN | head -n 2")
    _wait_for_text(page, RULE_TITLE, 2)
    # and the python the terminal runs is the course's
    _run(page, "python -c \"import sys; print('prefix', sys.prefix)\"")
    _wait_for_text(page, f"prefix {sys.prefix}", 1)

    text = _terminal_text(page)
    assert "command not found" not in text and "No module named" not in text, text
    assert os.environ.get("JUPYTER_CONFIG_PATH") != str(COURSE_CONFIG), "the patch leaked"
