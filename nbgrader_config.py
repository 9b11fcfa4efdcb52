# nbgrader's configuration for the course (the teacher's extra: python -m pip install -e ".[teacher]").
# The committed notebooks in notebooks/ are the source of one assignment, "cardlib", with
# examples/ and docs/ beside them (`python tools/course.py source DIR` lays the folder out).
# See docs/teaching.md for the commands; tools/course.py copies this file into the
# course folder it builds, and the guide's hub route copies it by hand: everything the
# course needs of nbgrader is in this one file (it imports nothing of cardlib).
from nbgrader.api import Gradebook, MissingEntry
from nbgrader.converters import Autograde, GenerateAssignment
from nbgrader.preprocessors import ClearHiddenTests, Execute, NbGraderPreprocessor, OverwriteCells
from nbgrader.utils import is_grade, is_solution

c = get_config()  # noqa: F821

c.CourseDirectory.course_id = "cardlib"
# An unanswered exercise must say so, not raise: the solution region becomes a comment,
# and the cell's own check(...) call reports "not answered yet".
c.ClearSolutions.code_stub = {"python": "# YOUR ANSWER HERE"}
c.ClearSolutions.text_stub = "YOUR ANSWER HERE"
# Autograding runs the widgets' notebooks headless; Rook's is the longest.
c.ExecutePreprocessor.timeout = 300

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


class ClearWidgetState(NbGraderPreprocessor):
    """Leave no widget state in a released notebook.

    The teacher's notebooks are saved executed, and ipywidgets keeps every widget's state
    in the notebook's ``metadata.widgets``: the layouts scored, the hands played and the
    answers shown ("Total: -6", "South won the auction at 80"), hundreds of kilobytes of
    them.  nbgrader's ClearOutput empties the cells' outputs but keeps that metadata, so
    this clears it, and any widget view left in an output, for every route to the student
    edition (``nbgrader generate_assignment`` as the teacher's guide gives it, and
    ``tools/course.py``)."""

    def preprocess(self, nb, resources):
        nb.metadata.pop("widgets", None)
        for cell in nb.cells:
            if cell.cell_type != "code":
                continue
            cell.outputs = [o for o in cell.outputs if WIDGET_VIEW not in o.get("data", {})]
        return nb, resources


# nbgrader's own preprocessors, in its order, then the widget state cleared
c.GenerateAssignment.preprocessors = [
    *GenerateAssignment.class_traits()["preprocessors"].default(),
    ClearWidgetState,
]


class RestoreHiddenTests(NbGraderPreprocessor):
    """Put the hidden tests back into each test cell a student left as released.

    nbgrader's gradebook keeps every locked cell's checksum with its hidden tests in, while
    the released test cell has them removed, so nbgrader's own OverwriteCells warned for
    every test cell of every student ("Attribute 'checksum' for cell golf-1-test has
    changed!") before putting the hidden tests back itself.  Doing it first for the cells
    that are exactly as released (the source cell with its hidden tests cleared, as
    generate_assignment cleared them) leaves the warning for a cell really changed."""

    def preprocess(self, nb, resources):
        names = resources["nbgrader"]
        clear = ClearHiddenTests()
        with Gradebook(names["db_url"]) as gb:
            for cell in nb.cells:
                if cell.cell_type != "code" or not is_grade(cell) or is_solution(cell):
                    continue
                try:
                    source = gb.find_source_cell(
                        cell.metadata.nbgrader["grade_id"], names["notebook"], names["assignment"]
                    ).source
                except MissingEntry:
                    continue
                released = cell.copy()
                released.source = source
                clear._remove_hidden_test_region(released)
                if cell.source == released.source:
                    cell.source = source
        return nb, resources


# nbgrader's own sanitising steps at autograde, the hidden tests restored before OverwriteCells
_sanitize = list(Autograde.class_traits()["sanitize_preprocessors"].default())
c.Autograde.sanitize_preprocessors = [
    *_sanitize[: _sanitize.index(OverwriteCells)],
    RestoreHiddenTests,
    *_sanitize[_sanitize.index(OverwriteCells) :],
]


class ExecuteGraded(Execute):
    """Run at autograde only a notebook that has something to grade.

    The assignment holds notebooks with no graded cell (the appendix rule-writers.ipynb):
    released with the others, so that the links between the notebooks hold, but running them
    grades nothing (simulations.ipynb, before it had graded exercises, was a third of a
    student's autograde).  Whether a notebook has graded cells is read from the gradebook, the
    teacher's source, never from the submission, so a student cannot skip a notebook's tests
    by deleting them; a notebook left unrun is saved as sanitized, its outputs cleared."""

    def preprocess(self, nb, resources=None, km=None):
        names = resources["nbgrader"]
        with Gradebook(names["db_url"]) as gb:
            source = gb.find_notebook(names["notebook"], names["assignment"])
            graded = bool(source.grade_cells or source.task_cells)
        if not graded:
            self.log.info("Not running %s: it has no graded cells", names["notebook"])
            return nb, resources
        return super().preprocess(nb, resources, km)


# nbgrader's own autograding steps, in its order, with its Execute run only where there is
# something to grade
c.Autograde.autograde_preprocessors = [
    ExecuteGraded if step is Execute else step
    for step in Autograde.class_traits()["autograde_preprocessors"].default()
]
