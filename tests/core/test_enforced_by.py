"""The catalogue's link from a rule ID to the one function that enforces it."""

from __future__ import annotations

import pytest

from cardlib.catalogue import ENFORCED_BY, enforces, rules
from cardlib.cli import main


def test_a_rule_enforced_twice_is_refused() -> None:
    @enforces("TEST-TWICE")
    def first() -> None:
        """A rule."""

    try:
        with pytest.raises(RuntimeError, match="TEST-TWICE is enforced twice"):

            @enforces("TEST-TWICE")
            def second() -> None:
                """The same rule again."""

        assert ENFORCED_BY["TEST-TWICE"] is first
    finally:
        ENFORCED_BY.pop("TEST-TWICE", None)


def test_rules_code_prints_the_enforcing_function(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def golf_column() -> None:
        """Columns pair by rank."""
        raise AssertionError("never called")

    monkeypatch.setitem(ENFORCED_BY, "GOLF-COLUMN", golf_column)
    assert rules["GOLF-COLUMN"].enforced_by is golf_column
    assert main(["rules", "GOLF-COLUMN", "--code"]) == 0
    out = capsys.readouterr().out
    assert "Enforced by: " in out and "golf_column" in out
    assert '        """Columns pair by rank."""' in out


def test_rules_code_says_when_no_function_is_marked(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delitem(ENFORCED_BY, "GOLF-COLUMN", raising=False)
    assert rules["GOLF-COLUMN"].code is None
    assert main(["rules", "GOLF-COLUMN", "--code"]) == 0
    assert "no single function marks this rule yet" in capsys.readouterr().out
