"""Golf's exercise of the simulations notebook: predict, then measure (see
:mod:`cardlib.exercises.lab`) which of two rule sets or options gives the longer hole,
where one of them is the extra flip of Pagat's variant of GOLF-NO-PEEK, which turns a layout
face up sooner and so brings GOLF-END's end of the hand sooner."""

from __future__ import annotations

from cardlib.exercises import lab
from cardlib.exercises.model import Chapter

EXERCISES = Chapter("simulations.ipynb")

#: the pairs a student may be asked about, in the order compared: the extra flip against the rules without it (and
#: against the last turns of GOLF-END's variant); their intervals of decisions and of turns
#: are apart at the exercise's n on every seed below (tests/course/test_lab_exercises.py)
PAIRS = (("bicycle-pagat", "extra_flip=true"), ("last_turns=true", "extra_flip=true"))
MEASURES = {
    "decisions": ("the longer hole, in decisions", "the shorter hole, in decisions"),
    "turns": ("the longer hole, in turns", "the shorter hole, in turns"),
}
SEEDS = (1, 2, 3, 4)

lab.define(
    EXERCISES,
    id="golf-lab",
    title="Predict, then measure: the extra flip and the length of a hole",
    game="golf",
    pairs=PAIRS,
    measures=MEASURES,
    seeds=SEEDS,
    rules=("GOLF-NO-PEEK", "GOLF-END"),
    where="the rule lab's Golf question and its table (GOLF-NO-PEEK, GOLF-END)",
    nudge="Which of the two turns a layout face up sooner, and what does GOLF-END do when one is?",
)
