# The course's Jupyter server configuration: `make course` puts this folder on
# JUPYTER_CONFIG_PATH, so it is read beside (never instead of) the user's own configuration.
# JupyterLab reads labconfig/default_setting_overrides.json here too: the course's defaults for
# JupyterLab's settings, which a learner's own settings still override.  It turns off the
# question "Would you like to get notified about official Jupyter news?" (and the check for a
# newer JupyterLab), a notification that JupyterLab shows on a first start over the widgets.
#
# JupyterLab's terminals run a login shell, and a login shell's profile (Debian's /etc/profile,
# a ~/.bashrc that puts pyenv or conda first) sets the PATH afresh: the course's environment,
# where `cardlib` and its `python` are, is no longer first, and `cardlib` is "command not
# found" or `python -m cardlib` runs another Python.  So a terminal is bash started with
# terminal.bashrc (beside this file), which does a login shell's setup and then puts this
# server's environment (the folder of the Python running it) first on the PATH.
import shutil
import sys
from pathlib import Path

c = get_config()  # noqa: F821

BASH = shutil.which("bash")
if BASH:
    c.ServerApp.terminado_settings = {
        "shell_command": [
            "/usr/bin/env",
            f"CARDLIB_COURSE_BIN={Path(sys.executable).parent}",
            BASH,
            "--rcfile",
            str(Path(__file__).resolve().with_name("terminal.bashrc")),
            "-i",
        ]
    }
