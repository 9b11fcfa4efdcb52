"""The course's two editions and its grading.

The committed notebooks (``notebooks/``) are the teacher's edition: nbgrader's source, with
solution regions (``### BEGIN SOLUTION`` ... ``### END SOLUTION``), autograder test cells
with hidden tests (``### BEGIN HIDDEN TESTS`` ... ``### END HIDDEN TESTS``) and points in
the cells' ``nbgrader`` metadata.

    python tools/course.py student [--dest student] [--keep] [--fallback]
        the student edition: nbgrader's own ``generate_assignment`` where nbgrader is
        installed (the ``teacher`` extra), otherwise the same stripping done here (the
        learner's install has no nbgrader).  --keep leaves notebooks and files already in DEST alone
        (a learner's work) and adds only what is missing; examples/ and docs/ are copied
        beside the notebooks, so the file browser reaches them and autosave never touches a
        tracked file, and each game's printable rules sheet is written in sheets/.
    python tools/course.py source DIR
        DIR as nbgrader's course folder (the teacher's guide, "Assigning the course on
        JupyterHub"): the assignment's source in DIR/source/cardlib/ (the teacher's
        notebooks, with examples/ and docs/ beside them as in the student edition) and the
        course's nbgrader_config.py in DIR; ``nbgrader generate_assignment`` then releases
        examples/ and docs/ with the notebooks.
    python tools/course.py binder
        what Binder's ``postBuild`` runs when it builds the image: the student edition in
        student/, then, inside an image build only (repo2docker sets ``REPO_DIR`` to this
        folder), the teacher's edition and the answer key are removed from the image, so
        that a learner's file browser cannot reach them.  Run by hand on a teacher's
        machine it builds the student edition and removes nothing.
    python tools/course.py publish DEST [--binder OWNER/NAME]
        the student edition as a git repository of its own in DEST (made if needed; a later
        publish commits what changed), for an nbgitpuller link on a JupyterHub: push it and
        point the link at it, and learners pull the student edition, never the teacher's.
        With --binder (where DEST will be pushed) its README has a Binder badge that opens
        the student edition itself, and Binder installs the course's library from the
        source repository (``repository`` above) at the published commit.
    python tools/course.py repository OWNER/NAME
        the one setting of where the course's source is published on GitHub: written into
        the README's Binder badge, the package's URLs (pyproject.toml) and the pre-commit
        snippet of docs/examples.md, in place of the name there now (``OWNER/REPO`` in a
        fresh clone).  ``publish --binder OWNER/NAME`` names the student edition's own.
    python tools/course.py autograde SUBMITTED [--keep COURSE]
        nbgrader autograde of SUBMITTED/<student>/<notebook>.ipynb (with the files beside
        them, such as a widget exercise's answer file); prints each student's points per
        notebook as soon as that student is graded.  Only the notebooks with graded cells
        are run (nbgrader_config.py's ExecuteGraded), as on the hub's route.  With --keep
        the grading's course folder COURSE (new or empty) is kept, its gradebook.db with it,
        for ``nbgrader export`` there (docs/teaching.md, "Exporting grades").
    python tools/course.py key --student ID [--notebook NB] | key --rubric
        the teacher's answer key of one student: each exercise's question, as that student
        is asked it (their own variant), and its right answer as they would write it; or the
        grading rubric (points per exercise, and per part) that docs/teaching.md holds.
    python tools/course.py variants [--n 50]
        before a release: N students' variants of every exercise drawn and checked (the
        question renders, the right answer scores full points, a wrong one less, a blank
        one 0, and no hint before the last states the answer); exits 1 on any problem.

Used by ``make course``, ``make student``, ``make publish``, ``make autograde``, Binder's
``postBuild``, ``tools/lite.py``, the teacher's guide (``source``) and the tests.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
ASSIGNMENT = "cardlib"
CODE_STUB = "# YOUR ANSWER HERE"
NBGRADER_CONFIG = ROOT / "nbgrader_config.py"
BESIDE = ("examples", "docs")
#: what stays with the teacher when docs/ goes beside the student edition (the teacher's
#: guide holds the answer key)
TEACHER_ONLY = ("teaching.md",)

_SOLUTION = re.compile(
    r"^([ \t]*)#+ *BEGIN SOLUTION\s*\n.*?^[ \t]*#+ *END SOLUTION[^\n]*\n?", re.M | re.S
)
_HIDDEN = re.compile(
    r"^[ \t]*#+ *BEGIN HIDDEN TESTS\s*\n.*?^[ \t]*#+ *END HIDDEN TESTS[^\n]*\n?", re.M | re.S
)


def teacher_notebooks() -> list[Path]:
    return sorted(NOTEBOOKS.glob("*.ipynb"))


def has_nbgrader() -> bool:
    try:
        import nbgrader  # noqa: F401
    except ImportError:
        return False
    return True


# --------------------------------------------------------------------------- fallback


def strip_notebook(nb: dict) -> dict:
    """What generate_assignment does to a notebook, for an install without nbgrader:
    solution regions become the code stub, hidden tests go, outputs are cleared."""
    for cell in nb["cells"]:
        meta = cell.get("metadata", {}).get("nbgrader", {})
        source = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
        if meta.get("solution"):
            source = _SOLUTION.sub(lambda m: f"{m.group(1)}{CODE_STUB}\n", source)
        if meta.get("grade") and not meta.get("solution"):
            source = _HIDDEN.sub("", source)
        cell["source"] = source.rstrip("\n")
        # as generate_assignment marks them: no graded cell can be deleted, and the tests
        # (and any cell marked read-only) cannot be changed either
        if meta.get("locked") or meta.get("grade") or meta.get("solution"):
            cell["metadata"]["deletable"] = False
        if meta.get("locked") or (meta.get("grade") and not meta.get("solution")):
            cell["metadata"]["editable"] = False
        if cell["cell_type"] == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
    nb["metadata"].pop("widgets", None)
    return nb


def _write(path: Path, text: str | bytes) -> None:
    """``text`` (UTF-8, or bytes as they are) as the file ``path``, whole or not at all, never through a link nor over a
    folder (:func:`cardlib.files.replace`; a SaveError says which file): every file the
    course's tools write goes into a folder a learner or a teacher may have put a link in."""
    from cardlib.files import replace

    replace(path, text.encode("utf-8") if isinstance(text, str) else text)


def _own_folder(path: Path) -> Path:
    """``path`` made where missing, refused where a link has its name (:func:`cardlib.files.folder`)."""
    from cardlib.files import folder

    return folder(path)


def _fallback(dest: Path, names: list[str]) -> None:
    for name in names:
        nb = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))
        _write(dest / name, json.dumps(strip_notebook(nb), indent=1, ensure_ascii=False) + "\n")


# --------------------------------------------------------------------------- nbgrader


def course_root(folder: Path) -> Path:
    """An nbgrader course folder in ``folder``: the course's nbgrader_config.py, and the
    assignment's source in source/cardlib/: the teacher's notebooks, with what the student
    edition holds beside them (:func:`beside_notebooks`), which nbgrader's
    ``generate_assignment`` copies into the release with the notebooks."""
    source = _own_folder(_own_folder(folder / "source") / ASSIGNMENT)
    for path in teacher_notebooks():
        _write(source / path.name, path.read_bytes())
    beside_notebooks(source)
    _write(folder / "nbgrader_config.py", NBGRADER_CONFIG.read_bytes())
    return folder


def nbgrader(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
        # nbgrader runs alembic (the gradebook's migrations) from the PATH
        "PATH": os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")]),
    }
    done = subprocess.run(
        [sys.executable, "-m", "nbgrader", *args, f"--CourseDirectory.root={folder}"],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
    )
    if done.returncode:
        raise RuntimeError(f"nbgrader {' '.join(args)} failed:\n{done.stdout}\n{done.stderr}")
    return done


def generate(folder: Path) -> Path:
    """``nbgrader generate_assignment`` in the course folder; returns release/cardlib/."""
    course_root(folder)
    nbgrader(folder, "generate_assignment", ASSIGNMENT, "--force")
    return folder / "release" / ASSIGNMENT


def _with_nbgrader(dest: Path, names: list[str]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        release = generate(Path(tmp))
        for name in names:
            nb = json.loads((release / name).read_text(encoding="utf-8"))
            nb["metadata"].pop("widgets", None)
            _write(dest / name, json.dumps(nb, indent=1, ensure_ascii=False) + "\n")


# --------------------------------------------------------------------------- commands


def beside_notebooks(dest: Path, *, keep: bool = False) -> None:
    """What the notebooks tell learners is in their file browser, beside them: examples/
    (the worked examples, and the schema their first line names), docs/ without the
    teacher's guide, and sheets/ (each game's printable rules, :func:`write_sheets`).  Every route to a learner has it: the student edition (``make course``,
    ``make student``, Binder, publish, JupyterLite) and nbgrader's release (the assignment's
    source, :func:`course_root`).  ``keep`` adds only the files missing there: a file already
    there, which a learner may have changed, is left alone.  Nothing is written through a
    link: a link in place of one of these folders (or of a folder inside them) is refused
    with a SaveError, and a link in place of a file counts as a file already there."""
    for folder in BESIDE:
        if not keep and not (dest / folder).is_symlink():  # a link is refused, not emptied
            shutil.rmtree(dest / folder, ignore_errors=True)
        _copy_missing(ROOT / folder, dest / folder)
        for name in TEACHER_ONLY:  # an edition built before this rule
            (dest / folder / name).unlink(missing_ok=True)
    write_sheets(dest)


def _copy_missing(source: Path, target: Path) -> None:
    """The files of ``source`` (but :data:`TEACHER_ONLY`) copied into ``target``, each where
    nothing has its name yet, each created exclusively and never through a link."""
    from cardlib.files import create

    _own_folder(target)
    for entry in sorted(source.iterdir()):
        if entry.name in TEACHER_ONLY:
            continue
        if entry.is_dir():
            _copy_missing(entry, target / entry.name)
        elif not os.path.lexists(target / entry.name):
            create(target / entry.name, entry.read_bytes(), entry.stat().st_mode & 0o777)


def build_student(dest: Path, *, keep: bool = False, fallback: bool = False) -> list[str]:
    """Build the student edition in ``dest``; returns the notebooks written."""
    dest.mkdir(parents=True, exist_ok=True)
    # a link (even to nowhere) of a notebook's name is there too: never written through
    names = [p.name for p in teacher_notebooks() if not (keep and os.path.lexists(dest / p.name))]
    if names:
        if fallback or not has_nbgrader():
            _fallback(dest, names)
        else:
            _with_nbgrader(dest, names)
    beside_notebooks(dest, keep=keep)
    return names


def write_sheets(dest: Path) -> list[Path]:
    """Each game's one-page rules sheet, ``sheets/<game>.html`` beside the notebooks, which
    link it; made from the rule catalogue (:mod:`cardlib.sheets`), so it cannot drift."""
    from cardlib.sheets import write_sheets as write

    return write(_own_folder(dest / "sheets"))


#: what a learner's image leaves out: the teacher's edition (solutions, hidden tests), the
#: teacher's guide (the answer key) and the tests (they hold right answers to check against)
TEACHER_MATERIAL = ("notebooks", "docs/teaching.md", "nbgrader_config.py", "tests")


def binder_image(root: Path = ROOT) -> list[str]:
    """Build the student edition in ``root/student``; inside an image build (``REPO_DIR`` is
    ``root``), remove :data:`TEACHER_MATERIAL`.  The paths removed."""
    build_student(root / "student", fallback=not has_nbgrader())
    repo_dir = os.environ.get("REPO_DIR")
    if not repo_dir or Path(repo_dir).resolve() != root.resolve():
        return []
    removed = []
    for name in TEACHER_MATERIAL:
        path = root / name
        if path.is_dir():
            shutil.rmtree(path)
        elif path.exists():
            path.unlink()
        else:
            continue
        removed.append(name)
    return removed


#: the files that name the repository the course's source is published in (github.com/OWNER/NAME)
REPOSITORY_FILES = ("README.md", "pyproject.toml", "docs/examples.md")
#: what a fresh clone names: the repository is not filled in yet
UNSET = "OWNER/REPO"
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9-]{0,38}/[A-Za-z0-9._-]{1,100}")


def repository(root: Path = ROOT) -> str:
    """The GitHub ``OWNER/NAME`` the README's Binder badge names (``OWNER/REPO``: unset)."""
    readme = (root / "README.md").read_text(encoding="utf-8")
    found = re.search(r"mybinder\.org/v2/gh/([^/\s]+/[^/\s]+)/HEAD", readme)
    if found is None:
        raise ValueError("README.md has no Binder badge to read the repository from")
    return found.group(1)


def set_repository(name: str, root: Path = ROOT) -> list[str]:
    """Write ``name`` (GitHub's ``OWNER/NAME``) wherever the course names its repository, in
    place of the name there now; the files changed."""
    if not _NAME.fullmatch(name) or name.endswith((".", ".git")):
        raise ValueError(f"{name!r} is not a GitHub repository's OWNER/NAME")
    now = repository(root)
    changed = []
    for file in REPOSITORY_FILES:
        path = root / file
        text = path.read_text(encoding="utf-8")
        new = re.sub(
            rf"(github\.com/|mybinder\.org/v2/gh/){re.escape(now)}(?=[/\s\"'#?)]|$)",
            lambda m: m.group(1) + name,
            text,
            flags=re.M,
        )
        if new != text:
            _write(path, new)
            changed.append(file)
    return changed


BINDER_BADGE = (
    "[![Binder](https://mybinder.org/badge_logo.svg)]"
    "(https://mybinder.org/v2/gh/{student}/HEAD?urlpath=lab/tree/start-here.ipynb)\n\n"
    "The badge opens this student edition on Binder, with the course's library installed from\n"
    "its source repository at the commit it was published from (`requirements.txt`).\n\n"
)

PUBLISHED_README = """# The cardlib course: student edition

Card games as a course in JupyterLab: {games}, rule by rule, with
worked examples proved by the rules engine, widgets to try moves and graded exercises. Open
`start-here.ipynb` first. The notebooks need the course's library, the distribution
`cardlib-course` (its import package is `cardlib`), in the kernel's environment. It is not on
PyPI, whose `cardlib` is an unrelated project: install it from a clone of the course's source
repository, with the Python of the kernel's environment:

    git clone <the course's source repository> cardlib
    python -m pip install ./cardlib

This repository is generated from the course's source ({source}) by
`python tools/course.py publish`; do not edit it by hand. On a JupyterHub, an nbgitpuller link
puts it into each learner's home and never overwrites their changes on a later click:

    https://<hub>/hub/user-redirect/git-pull?repo=<this repository>&branch=main&urlpath=lab/tree/<its folder>/start-here.ipynb
"""


def _taught() -> str:
    """The games the course teaches (those with exercises), by their titles, in the
    registry's order: "A, B and C"."""
    from cardlib.games import GAMES

    titles = [spec.title for spec in GAMES.values() if spec.exercises is not None]
    return " and ".join(filter(None, [", ".join(titles[:-1]), *titles[-1:]]))


def publish(dest: Path, binder: str | None = None) -> str:
    """Build the student edition into the git repository ``dest`` (made if needed) and commit
    it; the commit's id, or "" when nothing changed since the last publish.  ``binder``: the
    ``OWNER/NAME`` that ``dest`` is pushed to, whose Binder badge the README then carries
    (the source repository must be set: :func:`set_repository`)."""
    if binder is not None:
        source_repo = repository()
        if source_repo == UNSET:
            raise ValueError(
                "the source repository is not set: run `python tools/course.py repository "
                "OWNER/NAME` first (Binder installs the course's library from it)"
            )
        if not _NAME.fullmatch(binder):
            raise ValueError(f"{binder!r} is not a GitHub repository's OWNER/NAME")
        if binder == source_repo:
            raise ValueError("the student edition needs a repository of its own, not the source's")
    dest.mkdir(parents=True, exist_ok=True)
    if not (dest / ".git").exists():
        _git(dest, "init", "--quiet", "--initial-branch=main")
    build_student(dest, fallback=not has_nbgrader())
    source = _source_commit()
    readme = PUBLISHED_README.format(source=source, games=_taught())
    if binder is not None:
        title, rest = readme.split("\n\n", 1)
        readme = title + "\n\n" + BINDER_BADGE.format(student=binder) + rest
        pinned = _source_sha() or "HEAD"
        _write(
            dest / "requirements.txt",
            f"cardlib-course[course] @ git+https://github.com/{source_repo}@{pinned}\n",
        )
    _write(dest / "README.md", readme)
    _write(dest / ".gitignore", ".ipynb_checkpoints/\n__pycache__/\n")
    _git(dest, "add", "--all")
    if not _git(dest, "status", "--porcelain").stdout.strip():
        return ""
    _git(dest, "commit", "--quiet", "-m", f"Student edition of the cardlib course, from {source}")
    return _git(dest, "rev-parse", "HEAD").stdout.strip()


def _source_sha() -> str:
    """The full id of the source's commit (empty outside git)."""
    done = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True, text=True
    )
    return done.stdout.strip() if done.returncode == 0 else ""


def _source_commit() -> str:
    done = subprocess.run(
        ["git", "-C", str(ROOT), "describe", "--always", "--dirty"],
        capture_output=True,
        text=True,
    )
    return f"commit {done.stdout.strip()}" if done.returncode == 0 else "a copy outside git"


def _git(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``git ARGS`` in ``folder``; a commit names an author only where git has none set."""
    who: list[str] = []
    if args[0] == "commit":
        known = subprocess.run(
            ["git", "-C", str(folder), "config", "user.email"], capture_output=True, text=True
        )
        if not known.stdout.strip():
            who = ["-c", "user.name=cardlib course", "-c", "user.email=course@cardlib.invalid"]
    done = subprocess.run(["git", *who, "-C", str(folder), *args], capture_output=True, text=True)
    if done.returncode:
        raise RuntimeError(f"git {' '.join(args)} failed in {folder}: {done.stderr.strip()}")
    return done


class NotGraded(Exception):
    """A submission nbgrader could not grade (the first line of why)."""


class Marks(dict[str, float]):
    """One student's points per notebook that has exercises; ``exercises`` holds the points
    per exercise (``{"golf-4": 1.0, ...}``), as nbgrader's gradebook records them."""

    def __init__(
        self, notebooks: dict[str, float], exercises: dict[str, float], warnings: list[str]
    ) -> None:
        super().__init__(notebooks)
        self.exercises = exercises
        #: nbgrader's warnings about a changed cell (a test cell edited, say)
        self.warnings = warnings


Progress = Callable[[int, int, str, "Marks | NotGraded"], object]


def autograde(
    submitted: Path, progress: Progress | None = None, keep: Path | None = None
) -> dict[str, Marks | NotGraded]:
    """Autograde ``submitted/<student>/<notebook>.ipynb`` (and the files beside them, such as
    a widget exercise's answer file), running only the notebooks with graded cells (the
    course's configuration, ``ExecuteGraded``): each student's :class:`Marks`, or :class:`NotGraded`
    for a submission nbgrader refuses (a test cell tampered with, say); one student's
    submission never costs the others their marks.  ``progress(done, of, student, result)``
    is called as each student is graded.  The grading happens in an nbgrader course folder
    made for it: a temporary one, or ``keep`` (a new or empty folder), which is kept with its
    ``gradebook.db`` and ``autograded/`` for ``nbgrader export`` (docs/teaching.md)."""
    if keep is None:
        with tempfile.TemporaryDirectory() as tmp:
            return _autograde_in(Path(tmp), submitted, progress)
    if keep.is_symlink() or (keep.exists() and (not keep.is_dir() or any(keep.iterdir()))):
        raise ValueError(f"{keep}: the course folder to keep must be new or empty")
    keep.mkdir(parents=True, exist_ok=True)
    return _autograde_in(keep, submitted, progress)


def _autograde_in(
    folder: Path, submitted: Path, progress: Progress | None
) -> dict[str, Marks | NotGraded]:
    from nbgrader.api import Gradebook

    generate(folder)
    # a submission's links are not a student's work: never followed, never copied
    students = sorted(p.name for p in submitted.iterdir() if p.is_dir() and not p.is_symlink())
    db = f"sqlite:///{folder / 'gradebook.db'}"
    scores: dict[str, Marks | NotGraded] = {}
    for done, student in enumerate(students, 1):
        target = folder / "submitted" / student / ASSIGNMENT
        shutil.copytree(submitted / student, target, ignore=_links)
        try:  # one student at a time: a refusal names that student only
            run = nbgrader(folder, "autograde", ASSIGNMENT, f"--student={student}", "--force")
        except RuntimeError as failed:
            scores[student] = NotGraded(_why(str(failed)))
        else:
            log = (run.stdout + run.stderr).splitlines()
            with Gradebook(db) as gb:
                sub = gb.find_submission(ASSIGNMENT, student)
                scores[student] = Marks(
                    {nb.name: nb.score for nb in sub.notebooks if nb.max_score},
                    {
                        g.name.removesuffix("-test"): g.score
                        for nb in sub.notebooks
                        for g in nb.grades
                    },
                    [line for line in log if "has changed" in line],
                )
        if progress is not None:
            progress(done, len(students), student, scores[student])
    return scores


def _links(folder: str, names: list[str]) -> set[str]:
    """The names in ``folder`` that are links (what a copy of a submission leaves out)."""
    return {name for name in names if os.path.islink(os.path.join(folder, name))}


def _why(log: str) -> str:
    """The line of nbgrader's log that says what it refused."""
    for line in log.splitlines():
        if "[ERROR]" in line or "Error" in line:
            return line.split("]", 1)[-1].strip()[:300]
    return "nbgrader could not grade it"


def _say_graded(done: int, of: int, student: str, result: Marks | NotGraded) -> None:
    """One line a student, as soon as the student is graded."""
    if isinstance(result, NotGraded):
        print(f"[{done}/{of}] {student} NOT GRADED: {result}", flush=True)
    else:
        print(f"[{done}/{of}] {student} {dict(result)} total {sum(result.values())}", flush=True)
        for warning in result.warnings:
            print(f"    nbgrader: {warning.split('] ', 1)[-1]}", flush=True)


# --------------------------------------------------------------------------- the exercises


def answer_key(student_id: str, notebook: str | None) -> int:
    """Print ``student_id``'s answer key (of ``notebook``, if given); 2 if it has no exercises."""
    from cardlib.exercises.key import answer_key as entries
    from cardlib.exercises.key import key_text

    if not entries(student_id, notebook):
        print(key_text(student_id, notebook).strip(), file=sys.stderr)
        return 2
    print(key_text(student_id, notebook), end="")
    return 0


def variants(n: int) -> int:
    """Check ``n`` students' variants of every exercise, an exercise a line; 1 on a problem."""
    from cardlib.exercises.key import check_variants

    reports = check_variants(n)
    for report in reports:
        print(report, flush=True)
        for problem in report.problems[:5]:
            print(f"    {problem}")
    failed = [r.exercise for r in reports if not r.passed]
    if failed:
        print(f"problems in {', '.join(failed)}")
        return 1
    print(
        f"{n} students' variants of each of the {len(reports)} exercises: all answerable, "
        "graded right, and no hint before the last states an answer"
    )
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tools/course.py", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    student = sub.add_parser("student", help="build the student edition")
    student.add_argument("--dest", type=Path, default=ROOT / "student")
    student.add_argument("--keep", action="store_true", help="keep a learner's work there")
    student.add_argument("--fallback", action="store_true", help="strip without nbgrader")
    source = sub.add_parser("source", help="nbgrader's course folder, for the hub route")
    source.add_argument("folder", type=Path)
    sub.add_parser("binder", help="what Binder's postBuild runs (see above)")
    pub = sub.add_parser("publish", help="the student edition as a git repository of its own")
    pub.add_argument("dest", type=Path)
    pub.add_argument("--binder", metavar="OWNER/NAME", help="where DEST is pushed: its badge")
    repo = sub.add_parser("repository", help="set where the course's source is published")
    repo.add_argument("name", metavar="OWNER/NAME")
    grade = sub.add_parser("autograde", help="autograde SUBMITTED/<student>/*.ipynb")
    grade.add_argument("submitted", type=Path)
    grade.add_argument(
        "--keep",
        type=Path,
        metavar="COURSE",
        help="grade in this new (or empty) folder and keep it, gradebook.db and all, for "
        "nbgrader export",
    )
    key = sub.add_parser("key", help="a student's answer key, or the grading rubric")
    who = key.add_mutually_exclusive_group(required=True)
    who.add_argument("--student", help="the student's ID, as nbgrader knows them")
    who.add_argument("--rubric", action="store_true", help="the grading rubric (Markdown)")
    key.add_argument("--notebook", help="only this notebook's exercises (NAME or NAME.ipynb)")
    check = sub.add_parser("variants", help="check N students' variants of every exercise")
    check.add_argument("--n", type=int, default=50, help="how many students (default 50)")
    args = parser.parse_args(argv)
    if args.command == "key":
        if args.rubric:
            from cardlib.exercises.key import rubric

            print(rubric(), end="")
            return 0
        return answer_key(args.student, args.notebook)
    if args.command == "variants":
        return variants(args.n)
    if args.command == "student":
        written = build_student(args.dest, keep=args.keep, fallback=args.fallback)
        how = (
            "fallback stripping"
            if args.fallback or not has_nbgrader()
            else "nbgrader generate_assignment"
        )
        print(f"student edition in {args.dest} ({how}): {', '.join(written) or 'kept as it was'}")
    elif args.command == "source":
        course_root(args.folder)
        print(
            f"nbgrader's course folder {args.folder}: nbgrader_config.py, and the source of "
            f"the assignment {ASSIGNMENT} in {args.folder / 'source' / ASSIGNMENT}"
        )
    elif args.command == "publish":
        try:
            commit = publish(args.dest, args.binder)
        except ValueError as refused:
            parser.error(str(refused))
        print(
            f"student edition published in {args.dest}: "
            + (f"commit {commit[:12]}; push it for the nbgitpuller link" if commit else "no change")
        )
    elif args.command == "repository":
        try:
            changed = set_repository(args.name)
        except ValueError as refused:
            parser.error(str(refused))
        print(f"the course's repository is {args.name}: " + (", ".join(changed) or "no change"))
    elif args.command == "binder":
        removed = binder_image()
        print(
            f"student edition in {ROOT / 'student'}; "
            + (
                f"left out of the image: {', '.join(removed)}"
                if removed
                else "not an image build (REPO_DIR is not this folder): nothing removed"
            )
        )
    else:
        if not has_nbgrader():
            print(
                'autograde needs nbgrader, a teacher\'s tool: python -m pip install -e ".[teacher]"',
                file=sys.stderr,
            )
            return 2
        if not args.submitted.is_dir():
            print(f"{args.submitted}: no such folder of submissions", file=sys.stderr)
            return 2
        students = sorted(p.name for p in args.submitted.iterdir() if p.is_dir())
        print(
            f"autograding {len(students)} student(s) with nbgrader, one at a time "
            "(some 15 s each on two cores)...",
            flush=True,
        )
        try:
            results = autograde(args.submitted, progress=_say_graded, keep=args.keep)
        except ValueError as refused:
            print(refused, file=sys.stderr)
            return 2
        if args.keep is not None:
            print(f"the gradebook is kept in {args.keep}: run nbgrader export there")
        return 1 if any(isinstance(r, NotGraded) for r in results.values()) else 0
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
