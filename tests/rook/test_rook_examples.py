"""What is Rook's own in its worked examples (the generic checks of every game's examples,
the tables of tests/rook/example_data.py among them, are tests/core/test_game_examples.py):
the worked hand claims the article's tricks and scores, the examples claim the article's
illegal plays, and a card taken out of the pack is ROOK-DECK's refusal where it is written."""

from __future__ import annotations

from cardlib.check import check_file
from cardlib.examples import read_documents
from tests.conftest import EXAMPLES
from tests.rook.example_data import CLAIM, HAND, HEAD

ROOK = sorted((EXAMPLES / "rook").glob("*.yaml"))


def test_the_article_examples_claim_the_articles_numbers():
    # the worked hand claims the article's nine tricks, each winner and its counters
    (hand,) = read_documents(EXAMPLES / "rook" / "full-hand.yaml")
    table = next(
        s["expect"]["tricks"]
        for s in hand["steps"]
        if "expect" in s and len(s["expect"].get("tricks", {})) == 9
    )
    assert [table[str(n)]["counters"] for n in range(1, 10)] == [15, 0, 5, 10, 15, 20, 0, 20, 30]
    winners = [table[str(n)]["winner"] for n in range(1, 10)]
    assert winners == ["South", "North", "North", "South", "South", "North", "North", "North"] + [
        "North"
    ]
    scores = {
        (d["setup"]["game"]["hands"][0]["took"]["NS"], d["steps"][0]["expect"]["score"]["NS"])
        for d in read_documents(EXAMPLES / "rook" / "scoring.yaml")
        if d["setup"]["game"]["hands"][0]["bid"] == {"NS": 95}
    }
    assert scores == {(120, 120), (100, 100), (90, -95)}
    illegal = {
        s["illegal"] for p in ROOK for d in read_documents(p) for s in d["steps"] if "illegal" in s
    }
    assert {"ROOK-FOLLOW", "ROOK-BIRD-LEAD", "ROOK-BIRD-FORCED", "ROOK-BID-RAISE"} <= illegal


def test_a_card_taken_out_of_the_pack_is_refused_by_rook_deck_where_it_is_written(tmp_path):
    """R4 in a hand is a ROOK-DECK refusal at the card (claimable as refused, issue 33,
    item 13); played, it is an illegal move the example can claim as one."""
    hand = HEAD + HAND.format(hands="{North: [R14, R4]}")
    for text, rule, kind, line in [
        (hand + CLAIM, "ROOK-DECK", "input", 7),
        (hand + "steps: [{expect: {refused: ROOK-DECK}}]\n", None, None, None),
        (
            HEAD + "setup: {deal: {seed: 1}}\nsteps:\n  - North: play R3\n",
            "ROOK-DECK",
            "illegal",
            7,
        ),
        (
            HEAD + "setup: {deal: {seed: 1}}\nsteps:\n  - North: play R3\n    illegal: ROOK-DECK\n",
            None,
            None,
            None,
        ),
    ]:
        path = tmp_path / "x.yaml"
        path.write_text(text)
        (report,) = check_file(path)
        if rule is None:
            assert report.passed, [str(p) for p in report.problems]
        else:
            (problem,) = report.problems
            assert (problem.rule, problem.kind, problem.line) == (rule, kind, line), str(problem)
