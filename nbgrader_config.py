# nbgrader's configuration for the course (the teacher's extra: pip install -e ".[teacher]").
# The committed notebooks in notebooks/ are the source of one assignment, "cardlib".
# See docs/teaching.md for the commands; tools/course.py copies this file into the
# course folder it builds.
c = get_config()  # noqa: F821

c.CourseDirectory.course_id = "cardlib"
# An unanswered exercise must say so, not raise: the solution region becomes a comment,
# and the cell's own check(...) call reports "not answered yet".
c.ClearSolutions.code_stub = {"python": "# YOUR ANSWER HERE"}
c.ClearSolutions.text_stub = "YOUR ANSWER HERE"
# Autograding runs the widgets' notebooks headless; Rook's is the longest.
c.ExecutePreprocessor.timeout = 300
