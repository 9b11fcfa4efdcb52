# The two commands of the README:
#   make course   set up, then open the course (the student edition, in student/) in JupyterLab
#   make test     set up, then run every check: lint, types, the worked examples, the tests,
#                 the doctests, the notebooks (strict nbval) and the real-browser tests
# and, for a class without a JupyterHub:
#   make lite     the course as a JupyterLite site (JupyterLab and Python in the browser, no
#                 server) in build/lite/deploy/, to publish on any static host; Pyodide's
#                 compiled packages (PyYAML's C part, matplotlib) come from Pyodide's own
#                 repository. `make lite MODE=offline`: build/lite/offline/, made only from
#                 npm's pyodide and PyPI, from which no request leaves (no matplotlib: the
#                 simulations show tables); the browser tests check that one.
#   make book     the course as a book (Jupyter Book: the notebooks with their outputs, a page
#                 a rule, the rules sheets, the glossary, the teacher's guide) in
#                 build/book/_build/html/; `make site`: the book and `make lite`'s site in one
#                 folder, build/site/ (the JupyterLite site in build/site/lite/)
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
# What each command installs: the learner's course, the teacher's tools, everything the tests use
COURSE_STAMP := $(VENV)/.installed-course
TEACHER_STAMP := $(VENV)/.installed-teacher
TEST_STAMP := $(VENV)/.installed-test
LITE_STAMP := $(VENV)/.installed-lite
BOOK_STAMP := $(VENV)/.installed-book

STUDENT ?= student
# JupyterLab's terminals find `cardlib`: the course's server configuration (jupyter/, read
# beside the user's own) starts them with the venv's bin first on their PATH, after the login
# profile that would otherwise reset it; the server itself runs with it first too.
LAB_PATH := $(abspath $(BIN)):$(PATH)
LAB_CONFIG_PATH := $(abspath jupyter)$(if $(JUPYTER_CONFIG_PATH),:$(JUPYTER_CONFIG_PATH))
ROOT_FLAG = $$( [ "$$(id -u)" = 0 ] && echo --allow-root )

# The distribution is cardlib-course. A venv made before it was renamed holds it as "cardlib",
# the name of an unrelated project on PyPI; both would own the `cardlib` command and package,
# so that one goes first (before the install, which writes the command afresh).
DROP_OLD_NAME = $(BIN)/python -m pip show --quiet cardlib >/dev/null 2>&1 \
	&& $(BIN)/python -m pip uninstall --quiet --yes cardlib || true

.PHONY: course student publish autograde test quick golden setup browser lite book site node

setup: $(TEST_STAMP)

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(COURSE_STAMP): pyproject.toml | $(BIN)/python
	$(DROP_OLD_NAME)
	$(BIN)/python -m pip install --quiet -e ".[course]"
	touch $@

$(TEACHER_STAMP): pyproject.toml | $(BIN)/python
	$(DROP_OLD_NAME)
	$(BIN)/python -m pip install --quiet -e ".[teacher]"
	touch $@

$(TEST_STAMP): pyproject.toml | $(BIN)/python
	$(DROP_OLD_NAME)
	$(BIN)/python -m pip install --quiet -e ".[test]"
	touch $@

$(LITE_STAMP): pyproject.toml | $(BIN)/python
	$(DROP_OLD_NAME)
	$(BIN)/python -m pip install --quiet -e ".[lite]"
	touch $@

$(BOOK_STAMP): pyproject.toml | $(BIN)/python
	$(DROP_OLD_NAME)
	$(BIN)/python -m pip install --quiet -e ".[book]"
	touch $@

# Debian's Chromium, for the browser tests (Playwright cannot download a browser here).
browser:
	@if [ ! -x /usr/bin/chromium ]; then \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq chromium >/dev/null; \
	fi

# Debian's Node.js and npm: npm's pyodide (the JupyterLite site's runtime, and the same-seed
# check in Pyodide under node) and the editor's checks (yaml-language-server) need them.
node:
	@if ! command -v node >/dev/null || ! command -v npm >/dev/null; then \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq nodejs npm >/dev/null; \
	fi

# The working copy: the student edition in $(STUDENT)/ (git-ignored), with examples/ and docs/
# beside it; notebooks and files already there (a learner's work) are kept. JupyterLab's root is
# $(STUDENT)/, so autosave never touches a tracked file.
course: $(COURSE_STAMP)
	$(BIN)/python tools/course.py student --dest $(STUDENT) --keep
	cd $(STUDENT) && PATH="$(LAB_PATH)" JUPYTER_CONFIG_PATH="$(LAB_CONFIG_PATH)" \
	  $(abspath $(BIN))/jupyter lab $(ROOT_FLAG) start-here.ipynb

# The student edition afresh, with nbgrader's generate_assignment (or its fallback).
student: $(COURSE_STAMP)
	$(BIN)/python tools/course.py student --dest $(STUDENT)

# The student edition as a git repository of its own (for an nbgitpuller link on a hub).
publish: $(COURSE_STAMP)
	$(BIN)/python tools/course.py publish $(DEST)

# The JupyterLite site of the student edition (docs/teaching.md, "JupyterLite"); downloads are
# cached in build/lite-cache/. MODE=offline: only from npm's pyodide and PyPI.
lite: $(LITE_STAMP) node
	$(BIN)/python tools/lite.py build $(if $(filter offline,$(MODE)),--offline)

# The course as a book (tools/book.py; README.md, "Publishing the course"), its pages in
# build/book/_build/html/, each notebook linked to the JupyterLite site at lite/ beside it.
book: $(BOOK_STAMP)
	$(BIN)/python tools/book.py build

# The book and the JupyterLite site in one folder for a static host: build/site/, the site
# in build/site/lite/.
site: book lite
	$(BIN)/python tools/book.py site

# Autograde submissions: SUBMITTED=folder with one folder of notebooks a student.
autograde: $(TEACHER_STAMP)
	$(BIN)/python tools/course.py autograde $(SUBMITTED) $(if $(KEEP),--keep $(KEEP))

test: $(TEST_STAMP) browser node
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/cardlib check examples
	@echo "make test: every test on every core; the golden corpus replays every 53rd game of each"
	@echo "  variant (make golden: all of them); a skipped test is listed at the end with its reason"
	$(BIN)/python -m pytest -n auto --dist loadgroup --durations=40

# For development, a few minutes: lint, types, the examples, and the tests but those below
# (it prints them); `make test` still runs everything.
QUICK_LEAVES_OUT := browser or venv or lite or book or slow
QUICK_IGNORES := tests/course/test_course.py tests/course/test_autograde.py \
  tests/course/test_nbgrader_route.py tests/course/test_install.py tests/course/test_editions.py
quick: $(TEST_STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/cardlib check examples
	@echo "make quick leaves out (make test runs them): JupyterLab in Chromium (browser), fresh venvs"
	@echo "  and pip builds (venv), the JupyterLite site's build (lite), the book's build (book) and"
	@echo "  nbgrader's course builds, autograding and the editor's (node) checks of each edition"
	@echo "  ($(notdir $(QUICK_IGNORES)));"
	@echo "  a promise a quicker test also checks, at scale (slow: the in-process fuzz, the"
	@echo "  simulations notebook's solutions for 20 students, two of the three seeds of the"
	@echo "  widgets' random clicks); the golden corpus replays every 251st game of each variant"
	@echo "  (20 games a variant)"
	GOLDEN_SEEDS=every-251 $(BIN)/python -m pytest -q -n auto --dist loadgroup \
	  -m "not ($(QUICK_LEAVES_OUT))" $(addprefix --ignore=,$(QUICK_IGNORES))

# The whole golden corpus, every recorded game (before an engine change lands).
golden: $(TEST_STAMP)
	GOLDEN_SEEDS=all $(BIN)/python -m pytest -q tests/golden
