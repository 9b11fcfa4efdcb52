"""What is Go Fish's own in its worked examples (the generic checks of every game's examples,
the tables of tests/gofish/example_data.py among them, are tests/core/test_game_examples.py):
the deal table covers every rule set and number of players, and asking a stranger is the
engine's refusal."""

from __future__ import annotations

from cardlib.cli import main
from cardlib.examples import read_documents
from tests.conftest import EXAMPLES
from tests.gofish.example_data import HEAD, POSITION


def test_the_article_tables_cover_every_rule_set():
    docs = read_documents(EXAMPLES / "go-fish" / "deal-table.yaml")
    cells = {(d.get("rule_set"), len(d["players"])) for d in docs}
    assert {(rs, n) for rs in ("pagat", "bicycle", "gamerules") for n in range(2, 7)} <= cells
    for name in ("after-a-miss", "empty-hand", "stock-runs-out"):
        sets = {d["rule_set"] for d in read_documents(EXAMPLES / "go-fish" / f"{name}.yaml")}
        assert sets == {"pagat", "bicycle", "gamerules"}, name


def test_asking_a_stranger_is_the_engines_refusal(tmp_path, capsys):
    """Whom a request may name is the engine's rule (GF-ASK-TARGET), not an input check of
    the checker: the example's move is illegal, at its line, and the exit is 1."""
    bad = tmp_path / "stranger.yaml"
    bad.write_text(
        HEAD
        + POSITION.format(hands="{Lin: [8S], An: [3C], Mei: [4D]}")
        + "steps:\n  - Lin: ask Zed 8\n"
    )
    assert main(["check", str(bad)]) == 1
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith(f"{bad}:10:") and " GF-ASK-TARGET " in first
    assert "Lin cannot ask 'Zed': nobody of that name is playing" in first
