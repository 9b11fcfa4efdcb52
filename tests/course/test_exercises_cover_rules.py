"""Every rule of the catalogue is exercised (issue 28, item 7): each rule ID is among the
rules of at least one exercise of the course, and the questions that mix the games are
there.  An exercise lists a rule only where its answer depends on that rule: the test also
checks that the notebook teaches each listed rule before the exercise asks it (the section
``## RULE-ID`` comes before the exercise's cells)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardlib.catalogue import rules
from cardlib.exercises import EXERCISES
from cardlib.games import GAMES

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"

#: the rules the teacher's guide names as the misconceptions each game provokes
MISCONCEPTIONS = (
    "GF-LUCKY-DRAW",
    "GF-GO-FISH",
    "ROOK-BIRD-FORCED",
    "ROOK-NEST-LAST",
    "ROOK-VOID",
    "ROOK-GAME",
    "GOLF-NO-PEEK",
    "GOLF-DISCARD-STOCK",
)


def _exercised() -> dict[str, list[str]]:
    by_rule: dict[str, list[str]] = {}
    for exercise in EXERCISES.values():
        for rule in exercise.rules:
            by_rule.setdefault(rule, []).append(exercise.id)
    return by_rule


def test_every_rule_of_the_catalogue_has_an_exercise():
    exercised = _exercised()
    missing = [rule for rule in rules if rule not in exercised]
    assert not missing, f"{len(missing)} rules have no exercise: {', '.join(missing)}"


def test_every_rule_an_exercise_names_is_a_rule_of_the_catalogue():
    unknown = {r: ids for r, ids in _exercised().items() if r not in rules}
    assert not unknown, unknown


@pytest.mark.parametrize("rule", MISCONCEPTIONS)
def test_the_misconceptions_are_exercised_on_their_own_terms(rule):
    """A misconception is the point of an exercise: the rule is one of at most three."""
    ids = [e.id for e in EXERCISES.values() if rule in e.rules and len(e.rules) <= 3]
    assert ids, f"{rule} is named only among many rules of an exercise"


def test_some_questions_mix_the_games():
    """At least two exercises ask about rules of two games at once (how do Golf's and
    Rook's "the hand ends" differ?)."""
    mixed = [
        e.id for e in EXERCISES.values() if len({rules[r].game for r in e.rules if r in rules}) > 1
    ]
    assert len(mixed) >= 2, mixed


def _cells(notebook: str) -> list[str]:
    nb = json.loads((NOTEBOOKS / notebook).read_text(encoding="utf-8"))
    return ["".join(c["source"]) for c in nb["cells"]]


@pytest.mark.parametrize("exercise_id", sorted(EXERCISES))
def test_each_exercise_comes_after_the_sections_of_its_rules(exercise_id):
    exercise = EXERCISES[exercise_id]
    cells = _cells(exercise.notebook)
    at = next(
        (i for i, src in enumerate(cells) if f'show("{exercise_id}")' in src),
        None,
    )
    assert at is not None, f"{exercise.notebook} does not show {exercise_id}"
    before = "\n".join(cells[:at])
    for rule in exercise.rules:
        taught_elsewhere = rules[rule].game != _game_of(exercise.notebook)
        if not taught_elsewhere:
            assert f"## {rule}" in before, f"{exercise_id} asks {rule} before it is taught"


def _game_of(notebook: str) -> str | None:
    """The game a notebook teaches: each game's notebook is named for its ID."""
    game = notebook.removesuffix(".ipynb")
    return game if game in GAMES else None
