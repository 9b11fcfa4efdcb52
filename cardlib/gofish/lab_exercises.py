"""Go Fish's exercise of the simulations notebook: predict, then measure (see
:mod:`cardlib.exercises.lab`) which of two rule sets or options gives the longer game, where
one of them plays on to thirteen books (GF-END-ALL-BOOKS) and the other stops when a hand
or the stock runs out (GF-END-EMPTY)."""

from __future__ import annotations

from cardlib.exercises import lab
from cardlib.exercises.model import Chapter

EXERCISES = Chapter("simulations.ipynb")

#: the pairs a student may be asked about, in the order compared: one ends as GF-END-EMPTY says, the other plays on
#: to thirteen books; their intervals of decisions are apart at the exercise's n on every
#: seed below (tests/course/test_lab_exercises.py)
PAIRS = (
    ("pagat", "bicycle"),
    ("gamerules", "bicycle"),
    ("pagat", "keep_playing=true"),
    ("gamerules", "keep_playing=true"),
)
MEASURES = {"decisions": ("the longer game, in decisions", "the shorter game, in decisions")}
SEEDS = (1, 2, 3, 4)

lab.define(
    EXERCISES,
    id="gf-lab",
    title="Predict, then measure: the end of the game and its length",
    game="go-fish",
    pairs=PAIRS,
    measures=MEASURES,
    seeds=SEEDS,
    rules=("GF-END-EMPTY", "GF-END-ALL-BOOKS"),
    where="the rule lab's Go Fish question and its table (GF-END-EMPTY, GF-END-ALL-BOOKS)",
    nudge="Which of the two lets play go on after the stock is gone, and does more play "
    "mean more decisions?",
)
