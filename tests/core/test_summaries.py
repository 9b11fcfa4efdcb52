"""One-line rules with their numbers (``summary:`` in cardlib/<game>/catalogue.yaml).

Each rule's summary is one line, says more than the title, and keeps the rule's numbers.
Which numbers of a rule's text are *rule numbers*, checkably:

* a number is written in digits (``52``, ``-2``, ``minus 4``) or in words (``six``,
  ``forty-one``, ``fourth``); "first" is an order, not a count, and ``one`` used as a pronoun
  (``the one who said``, ``play one.``) is not a number;
* a rule's ``worked_case``, when it has one, is a verbatim part of its text that works one
  case through (the three-player deal: 18 dealt, 33 left; a jack over a queen: 20); numbers
  that occur only there are example numbers;
* every other number of the text is a rule number, and the summary must contain it (in
  digits or words: ``six`` and ``6`` are the same number); the summary may repeat a number
  of the worked case, but may contain no number the text does not have, so it cannot drift
  from the rule.
"""

from __future__ import annotations

import inspect
import re

import pytest

from cardlib.catalogue import ENFORCED_BY, Rule, rules


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z]+", text)


WORDS = {
    w: i
    for i, w in enumerate(
        _words(
            "zero one two three four five six seven eight nine ten eleven twelve thirteen "
            "fourteen fifteen sixteen seventeen eighteen nineteen twenty"
        )
    )
}
TENS = {
    w: 10 * (i + 3) for i, w in enumerate(_words("thirty forty fifty sixty seventy eighty ninety"))
}
ORDINALS = {
    w: i + 2
    for i, w in enumerate(
        _words(
            "second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth "
            "thirteenth fourteenth"
        )
    )
}
PRONOUN = re.compile(
    r"\b(?:the|same|no|any|each)\s+one\b|\bone\s+another\b|\bone\b(?=\s*(?:[.,;:)]|$))", re.I
)
UNITS = "|".join(list(WORDS)[1:10])
NUMBER = re.compile(
    r"(?P<neg>\bminus\s+|(?<![\w)])[-−])?(?P<digits>\d+)"
    rf"|\b(?P<tens>{'|'.join(TENS)})(?:-(?P<unit>{UNITS}))?\b"
    rf"|\b(?P<word>{'|'.join(WORDS)})\b"
    rf"|\b(?P<ordinal>{'|'.join(ORDINALS)})\b",
    re.I,
)
MAX_LENGTH = 160


def numbers(text: str) -> set[int]:
    """The numbers ``text`` states, by the criterion above.

    >>> sorted(numbers("Two 2s in one column score 0, not minus 4; forty-one cards, -2 each"))
    [-4, -2, 0, 1, 2, 41]
    >>> sorted(numbers("the one who said it asks first; hold at least one card"))
    [1]
    """
    out = set()
    for m in NUMBER.finditer(PRONOUN.sub(" ", text)):
        if m["digits"]:
            out.add(-int(m["digits"]) if m["neg"] else int(m["digits"]))
        elif m["tens"]:
            unit = WORDS[m["unit"].lower()] if m["unit"] else 0
            out.add(TENS[m["tens"].lower()] + unit)
        elif m["word"]:
            out.add(WORDS[m["word"].lower()])
        else:
            out.add(ORDINALS[m["ordinal"].lower()])
    return out


def summary_problems(rule: Rule) -> list[str]:
    """What is wrong with a rule's summary (empty: nothing)."""
    s = rule.summary
    if not s.strip():
        return [f"{rule.id}: no summary"]
    problems = []
    if "\n" in s or s != s.strip() or len(s) > MAX_LENGTH:
        problems.append(f"{rule.id}: not one line of at most {MAX_LENGTH} characters")
    if re.sub(r"\W", "", s.lower()) == re.sub(r"\W", "", rule.title.lower()):
        problems.append(f"{rule.id}: the summary only repeats the title")
    if rule.worked_case and rule.worked_case not in rule.text:
        problems.append(f"{rule.id}: the worked case is not a part of the text")
    ruling = rule.text.replace(rule.worked_case, " ") if rule.worked_case else rule.text
    missing = numbers(ruling) - numbers(s)
    if missing:
        problems.append(f"{rule.id}: the summary leaves out the rule's numbers {sorted(missing)}")
    invented = numbers(s) - numbers(rule.text)
    if invented:
        problems.append(f"{rule.id}: the summary has numbers the rule does not: {sorted(invented)}")
    return problems


def test_every_rule_has_a_summary_with_its_numbers():
    assert rules
    problems = [p for rule in rules.values() for p in summary_problems(rule)]
    assert problems == []


def _rule(text: str, summary: str, worked_case: str = "") -> Rule:
    return Rule(
        "X-DEAL", "x", "Deal", text, (), ("base",), summary=summary, worked_case=worked_case
    )


@pytest.mark.parametrize(
    ("text", "summary", "worked", "expected"),
    [
        ("Deal six each to two, three or four.", "6 each to 2, 3 or 4 players", "", []),
        ("Deal six each to two, three or four.", "6 each to 2-4", "", ["numbers [3]"]),
        ("Deal six each to two, three or four.", "Six each, for two, three, four", "", []),
        ("A two is worth minus 2.", "A 2 is worth 2", "", ["numbers [-2]"]),
        ("Deal 7 each. With three, 21 are dealt.", "7 each", "With three, 21 are dealt.", []),
        ("Deal 7 each. With three, 21 are dealt.", "7 each", "", ["numbers [3, 21]"]),
        ("Deal 7 each.", "7 each, 8 for five", "", ["numbers the rule does not: [5, 8]"]),
        ("Deal 7 each.", "Deal", "", ["only repeats the title"]),
        ("Deal 7 each.", "7 each", "Deal 8", ["worked case is not a part"]),
        ("Deal 7 each.", "7 each\nthen play", "", ["not one line"]),
    ],
)
def test_the_criterion_fails_a_summary_for_each_reason(text, summary, worked, expected):
    problems = "\n".join(summary_problems(_rule(text, summary, worked)))
    assert all(e in problems for e in expected), problems
    assert bool(problems) == bool(expected), problems


def test_the_rules_are_grouped_as_the_game_is_played():
    """Every rule has a phase, and the rules of one phase are together in catalogue order,
    so the groups follow the catalogue's order of play."""
    for game in rules.games():
        ordered = [r.phase for r in rules.for_game(game)]
        assert all(ordered), game
        runs = [p for i, p in enumerate(ordered) if i == 0 or ordered[i - 1] != p]
        assert len(runs) == len(set(runs)) == len(rules.phases(game)), (game, runs)


def test_a_values_table_is_what_the_rules_own_function_says(monkeypatch):
    tabled = [r for r in rules.values() if r.table is not None]
    assert {r.game for r in tabled} >= {"golf", "rook"}
    for rule in tabled:
        rows = rule.table.rows()
        assert [label for label, _ in rows] == [label for label, _ in rule.table.ask]
        assert all(isinstance(v, int) for _, v in rows), rule.id

        # the values come from the function that enforces the rule, asked now (or from the
        # function of its module that the table names with `of`)
        def asked(argument):
            return f"asked {argument!r}"

        if rule.table.of is None:
            monkeypatch.setitem(ENFORCED_BY, rule.id, asked)
        else:
            module = inspect.getmodule(rule.enforced_by)
            monkeypatch.setattr(module, rule.table.of, asked)
        assert [v for _, v in rule.table.rows()] == [f"asked {a!r}" for _, a in rule.table.ask]


def test_the_command_prints_the_line(cli):
    out = cli("rules", "golf").stdout
    for rule in rules.for_game("golf"):
        assert f"  In one line: {rule.summary}\n" in out
