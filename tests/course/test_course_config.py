"""The course's Jupyter configuration (``jupyter/``) reaches every JupyterLab that the course's
commands start for a learner: ``make course`` (the Makefile), the conda route (the README) and
Binder (``start``, run as each session starts), and JupyterLab reads its settings' defaults
there: no question about Jupyter news, no update check.  What the page shows, in Chromium:
tests/browser/test_course_browser.py."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import jsonschema

from tests.conftest import ROOT

CONFIG = ROOT / "jupyter"
OVERRIDES = json.loads((CONFIG / "labconfig" / "default_setting_overrides.json").read_text())
NOTIFICATION = "@jupyterlab/apputils-extension:notification"
#: what JupyterLab's server reads as the defaults of its settings, in the process it runs in
PROBE = (
    "import json; from jupyter_server.services.config.manager import ConfigManager;"
    "print(json.dumps(ConfigManager(config_dir_name='labconfig').get('default_setting_overrides')))"
)


def _env(**changes: str) -> dict[str, str]:
    """The environment without the course's configuration path, and without what a make that
    runs the tests (`make test`) hands its children, which would make the dry run below print
    "Entering directory" lines around the commands."""
    outer = {"JUPYTER_CONFIG_PATH", "MAKEFLAGS", "MAKELEVEL", "MFLAGS", "MAKEOVERRIDES"}
    env = {k: v for k, v in os.environ.items() if k not in outer}
    return {**env, **changes}


def test_the_course_turns_off_jupyterlabs_news_question_and_update_check():
    """The settings are JupyterLab's own (valid by its schema) and differ from its defaults."""
    schema_file = (
        Path(sys.prefix)
        / "share/jupyter/lab/schemas/@jupyterlab/apputils-extension/notification.json"
    )
    schema = json.loads(schema_file.read_text())
    ours = OVERRIDES[NOTIFICATION]
    jsonschema.validate(ours, schema)
    for name in ("fetchNews", "checkForUpdates"):
        assert ours[name] != schema["properties"][name]["default"], name
    assert ours["fetchNews"] == "false" and ours["checkForUpdates"] is False


def test_make_course_starts_jupyterlab_with_the_course_configuration(tmp_path):
    dry = subprocess.run(
        ["make", "-n", "course", f"VENV={sys.prefix}", f"STUDENT={tmp_path}"],
        cwd=ROOT,
        env=_env(),
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    lab = dry.replace("\\\n", " ").splitlines()[-1]
    found = re.search(r'JUPYTER_CONFIG_PATH="([^"]*)"', lab)
    assert found and " lab " in lab, lab
    command = f"JUPYTER_CONFIG_PATH={found.group(1)} {sys.executable} -c {PROBE!r}"
    done = subprocess.run(["bash", "-c", command], env=_env(), capture_output=True, text=True)
    assert json.loads(done.stdout) == OVERRIDES, done.stderr


def test_the_conda_route_starts_jupyterlab_with_the_course_configuration():
    readme = (ROOT / "README.md").read_text()
    line = next(line for line in readme.splitlines() if "tools/course.py student --keep" in line)
    found = re.search(r"cd (\S+) && JUPYTER_CONFIG_PATH=(\S+) jupyter lab ", line)
    assert found, line
    assert (ROOT / found.group(1) / found.group(2)).resolve() == CONFIG


def test_binders_start_puts_the_course_configuration_first():
    """repo2docker runs ``start`` (executable, ending in ``exec "$@"``) before JupyterLab; a
    configuration path already set stays, after the course's."""
    start = ROOT / "start"
    assert os.access(start, os.X_OK)
    for before in ("", "/elsewhere"):
        env = _env(JUPYTER_CONFIG_PATH=before) if before else _env()
        done = subprocess.run(
            [
                str(start),
                sys.executable,
                "-c",
                f"import os; {PROBE}; print(os.environ['JUPYTER_CONFIG_PATH'])",
            ],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        read, path = done.stdout.splitlines()
        assert json.loads(read) == OVERRIDES
        assert path.split(os.pathsep) == [str(CONFIG), *([before] if before else [])]
