# The course's JupyterLab terminals (see jupyter_server_config.py beside this file): what a
# login shell reads, then the course's environment first on the PATH, so that `cardlib` and
# `python -m cardlib` are the course's whatever the profile did to the PATH.
if [ -r /etc/profile ]; then . /etc/profile; fi
for profile in ~/.bash_profile ~/.bash_login ~/.profile; do
  if [ -r "$profile" ]; then . "$profile"; break; fi
done
unset profile
if [ -n "${CARDLIB_COURSE_BIN:-}" ]; then
  PATH="$CARDLIB_COURSE_BIN:$PATH"
  export PATH
fi
