"""The checker: its command, hostile files get one diagnostic line and exit status 2 without a
traceback or anything executed, the reader and the validator, refusals in a learner's words.
(Each game's shipped examples, and their corruptions, are tested beside the game's tests.)"""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from cardlib.check import check_file, check_paths, exit_status
from cardlib.examples import read_documents
from tests.conftest import EXAMPLES, ROOT, run_cli
from tests.support.examples import (
    DIAGNOSTIC,
)


def test_cli_checks_examples_by_default_and_exits_0(cli):
    result = cli("check")
    assert result.returncode == 0, result.stdout + result.stderr
    assert re.fullmatch(
        r"\d+ examples in \d+ files: (\d+) passed, 0 failed, 0 invalid \(\d+ claims checked\)\n",
        result.stdout,
    )


def test_cli_json_and_verbose(cli):
    result = cli("check", "--format", "json", "examples/golf/face-down-swap.yaml")
    data = json.loads(result.stdout)
    assert (
        data["status"] == 0
        and len(data["examples"]) == 2
        and all(e["passed"] for e in data["examples"])
    )
    verbose = cli("check", "-v", "examples/golf/face-down-swap.yaml").stdout
    assert "revealed as QD" in verbose and "GOLF-TAKE-MUST-REPLACE" in verbose and "✓" in verbose


def test_python_m_and_usage_errors(cli):
    assert cli("check", "--no-such-flag").returncode == 2
    assert cli("frobnicate").returncode == 2
    assert cli("rules", "GOLF-COLUMN").stdout.startswith("GOLF-COLUMN")
    schema = json.loads(cli("schema").stdout)
    assert schema["$defs"]["golf-expect"]["additionalProperties"] is False


# -- hostile and malformed input -----------------------------------------------------------

HOSTILE: dict[str, tuple[str, int]] = {
    "malformed-yaml": ("example: x\n  bad: [\n", 2),
    "python-tag": ("example: !!python/object/apply:os.system ['touch {marker}']\nsource: s\n", 1),
    "python-name-tag": ("example: !!python/name:os.system\n", 1),
    "deep-nesting": ("a: " + "[" * 3000 + "]" * 3000 + "\n", 1),
    "deep-mappings": ("".join("  " * i + f"k{i}:\n" for i in range(200)) + "  " * 200 + "v\n", 24),
    "alias-bomb": ("a: &a [x, x]\nb: &b [*a, *a]\nc: [*b, *b]\n", 2),
    "duplicate-key": ("example: a\nexample: b\n", 2),
    "not-utf8": (b"\xff\xfe\x00bad".decode("latin-1"), 1),
    "a-list": ("- 1\n- 2\n", 1),
    "empty": ("", 1),
    "schema-unknown-field": (
        "example: x\nsource: s\ngame: golf\nplayers: [A, B]\nsetup: {deal: {seed: 1}}\nsteps: [{expect: {stock: 39}}]\nsneaky: 1\n",
        7,
    ),
    "unknown-game": (
        "example: x\nsource: s\ngame: poker\nplayers: [A, B]\nsetup: {}\nsteps: [{expect: {}}]\n",
        3,
    ),
    "unknown-card": (
        "example: x\nsource: s\ngame: golf\nplayers: [A, B]\nsetup:\n  position:\n    layouts:\n      A: {TL: 11H}\nsteps: [{expect: {stock: 1}}]\n",
        8,
    ),
    "duplicate-card": (
        "example: x\nsource: s\ngame: golf\nplayers: [A, B]\nsetup:\n  position:\n    layouts:\n      A: {TL: 7H}\n    discard: [7H]\nsteps: [{expect: {stock: 1}}]\n",
        9,
    ),
    "unknown-player-in-setup": (
        "example: x\nsource: s\ngame: golf\nplayers: [A, B]\nsetup:\n  position:\n    layouts:\n      Z: {TL: 7H}\nsteps: [{expect: {stock: 1}}]\n",
        8,
    ),
    "unknown-player-moves": (
        "example: x\nsource: s\ngame: golf\nplayers: [A, B]\nsetup: {deal: {seed: 1}}\nsteps:\n  - Z: flip TL\n",
        7,
    ),
    "unknown-position": (
        "example: x\nsource: s\ngame: golf\nplayers: [A, B]\nsetup: {deal: {seed: 1}}\nsteps:\n  - A: flip XX\n",
        7,
    ),
    "too-many-players": (
        "example: x\nsource: s\ngame: golf\nplayers: [A, B, C, D, E]\nsetup: {deal: {seed: 1}}\nsteps: [{expect: {stock: 1}}]\n",
        5,  # the engine refuses the setup (GOLF-DECK), no longer the schema
    ),
}


@pytest.mark.parametrize("name", list(HOSTILE), ids=str)
def test_hostile_file_gets_one_line_and_exit_2(tmp_path, name):
    text, line = HOSTILE[name]
    marker = tmp_path / "executed"
    bad = tmp_path / f"{name}.yaml"
    bad.write_bytes(
        text.format(marker=marker).encode("latin-1" if name == "not-utf8" else "utf-8")
        if "{marker}" in text
        else text.encode("latin-1" if name == "not-utf8" else "utf-8")
    )
    result = run_cli("check", str(bad))
    assert result.returncode == 2, result.stdout + result.stderr
    assert result.stderr == "" and "Traceback" not in result.stdout
    out = result.stdout.splitlines()
    assert len(out) == 2, out  # the diagnostic and the summary
    m = DIAGNOSTIC.match(out[0])
    assert m and m["path"] == str(bad), out[0]
    assert int(m["line"]) == line, out[0]
    assert not marker.exists()


def test_several_wrong_keys_are_reported_the_same_whatever_the_string_hashing(tmp_path):
    """Of several wrong keys in one mapping the checker reports the first written, and the
    same under any ``PYTHONHASHSEED`` (the validator once worked through a set of the keys,
    whose order follows the string hashing)."""
    two_twos = (EXAMPLES / "golf" / "two-twos.yaml").read_text("utf-8").split("---\n")[0]
    step = "      score: {Mei: 0}\n"  # the last line of the file's last step
    assert two_twos.endswith(step)
    wrong = {
        # a step's keys besides expect, illegal and note are moves: text
        "a-step": (step + "    zeta: 1\n    alpha: [x]\n    mm: 2\n    b: {}\n", "zeta"),
        # a per-player mapping of whole numbers
        "per-player": ("      score: {Mei: 0, x1: 1, Q: none, mm: [1], '10': x, ²: 2.5}\n", "Q"),
        # fields where none may be added
        "fields": ("      sneaky: 1\n      zz: 2\n      aa: 3\n" + step, "sneaky"),
    }
    for name, (replaced, _) in wrong.items():
        (tmp_path / f"{name}.yaml").write_text(two_twos.replace(step, replaced), "utf-8")
    outputs = []
    for seed in ("1", "2", "3", "4"):
        env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONIOENCODING": "utf-8"}
        done = subprocess.run(
            [sys.executable, "-m", "cardlib", "check", str(tmp_path)],
            capture_output=True,
            text=True,
            cwd=ROOT,
            env=env,
            timeout=120,
        )
        assert done.returncode == 2 and done.stderr == "", done.stdout + done.stderr
        outputs.append(done.stdout)
    assert len(set(outputs)) == 1, outputs
    problems = outputs[0].splitlines()[:-1]
    assert len(problems) == len(wrong), problems
    for line, (name, (_, key)) in zip(problems, sorted(wrong.items()), strict=True):
        m = DIAGNOSTIC.match(line)
        assert m and Path(m["path"]).stem == name, line
        assert f"/{key}:" in line or f"{key!r} is not a field here" in line, line


def test_huge_file_is_refused_without_reading_it(tmp_path):
    bad = tmp_path / "huge.yaml"
    with bad.open("w") as f:
        f.write("example: x\nnote: |\n")
        for _ in range(200_000):
            f.write("  " + "x" * 50 + "\n")
    assert bad.stat().st_size > 10_000_000
    result = run_cli("check", str(bad))
    assert result.returncode == 2 and result.stderr == ""
    assert "INPUT-LIMIT" in result.stdout.splitlines()[0]


def test_missing_path_and_empty_folder(tmp_path):
    assert run_cli("check", str(tmp_path / "nope.yaml")).returncode == 2
    assert "INPUT-FILE" in run_cli("check", str(tmp_path)).stdout


def test_illegal_move_exits_1_and_stops_that_example(tmp_path):
    text = (EXAMPLES / "golf" / "face-down-swap.yaml").read_text()
    bad = tmp_path / "x.yaml"
    bad.write_text(text.replace("  - Mei: take\n", "  - Mei: take\n  - Mei: discard\n", 1))
    result = run_cli("check", str(bad))
    assert result.returncode == 1
    first = result.stdout.splitlines()[0]
    assert DIAGNOSTIC.match(first) and "GOLF-TAKE-MUST-REPLACE" in first and ":21:" in first


def test_claiming_a_legal_move_illegal_is_a_mismatch(tmp_path):
    text = (EXAMPLES / "golf" / "three-player-start.yaml").read_text()
    bad = tmp_path / "x.yaml"
    bad.write_text(
        text.replace(
            "  - Ann: flip TL\n  - Ann: flip TL\n",
            "  - Ann: flip TL\n    illegal: GOLF-FLIP-TWO\n  - Ann: flip TL\n",
            1,
        )
    )
    reports = check_paths([bad])
    assert exit_status(reports) == 1
    assert (
        reports[0].problems[0].rule == "GOLF-FLIP-TWO" and "allow" in reports[0].problems[0].message
    )


def test_claiming_the_wrong_rule_for_a_refusal(tmp_path):
    text = (EXAMPLES / "golf" / "face-down-swap.yaml").read_text()
    bad = tmp_path / "x.yaml"
    bad.write_text(
        text.replace("illegal: GOLF-TAKE-MUST-REPLACE", "illegal: GOLF-DISCARD-STOCK", 1)
    )
    problem = check_paths([bad])[0].problems[0]
    assert problem.rule == "GOLF-TAKE-MUST-REPLACE" and "GOLF-DISCARD-STOCK" in problem.message


def test_verify_raises_the_kind_of_wrong(tmp_path):
    from cardlib import ExampleMismatch, NotationError, RuleViolation
    from cardlib.check import verify

    assert verify(EXAMPLES / "golf" / "j-over-q.yaml")[0].passed
    text = (EXAMPLES / "golf" / "j-over-q.yaml").read_text()
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text(text.replace("left: 20", "left: 0"))
    with pytest.raises(ExampleMismatch) as err:
        verify(wrong)
    assert err.value.rule == "GOLF-COLUMN" and "wrong.yaml:12:" in str(err.value)
    illegal = tmp_path / "illegal.yaml"
    illegal.write_text(
        (EXAMPLES / "golf" / "face-down-swap.yaml")
        .read_text()
        .replace("  - Mei: take\n", "  - Mei: take\n  - Mei: discard\n", 1)
    )
    with pytest.raises(RuleViolation) as err2:
        verify(illegal)
    assert err2.value.rule == "GOLF-TAKE-MUST-REPLACE"
    invalid = tmp_path / "invalid.yaml"
    invalid.write_text("example: [\n")
    with pytest.raises(NotationError):
        verify(invalid)


def test_the_validator_is_fastjsonschemas_own_and_writes_nothing(tmp_path):
    """Every document is judged as fastjsonschema's validator of the schema judges it (the
    shipped examples and each of them with a wrong value), and checking writes no file into
    the user's home or cache folders."""
    import fastjsonschema

    from cardlib.examples import validation
    from tests.core.test_fuzz_checker import HOSTILE_VALUES, places, plain

    fresh = fastjsonschema.compile(validation.schema())
    docs = [plain(d) for p in sorted(EXAMPLES.rglob("*.yaml")) for d in read_documents(p)]
    rng = random.Random(12)
    for doc in list(docs):
        for path in rng.sample(places(doc)[1:], 4):
            damaged = plain(doc)
            parent = damaged
            for step in path[:-1]:
                parent = parent[step]
            parent[path[-1]] = rng.choice(HOSTILE_VALUES)
            docs.append(damaged)

    def outcome(validator, doc):
        try:
            validator(doc)
        except fastjsonschema.JsonSchemaValueException as e:
            return e.message, e.rule
        return None

    # each document as the checker judges it: by the validator of the schema as it applies
    # to the document's game (the other games' parts left out), or of the whole
    outcomes = [outcome(validation._document_validator(validation._game_of(d)), d) for d in docs]
    assert outcomes == [outcome(fresh, d) for d in docs]
    assert sum(o is not None for o in outcomes) > 100
    # both kinds were judged: each game's own, and the whole (a damaged game: name)
    assert {validation._game_of(d) for d in docs} == {"golf", "go-fish", "rook", None}
    home = tmp_path / "home"
    home.mkdir()
    env = {**os.environ, "HOME": str(home), "XDG_CACHE_HOME": str(home / ".cache")}
    run = subprocess.run(
        [sys.executable, "-m", "cardlib", "check", str(EXAMPLES / "golf" / "two-twos.yaml")],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
    )
    assert run.returncode == 0, run.stderr
    assert list(home.rglob("*")) == []


def test_plain_scalars_are_read_as_the_safe_loader_reads_them(monkeypatch):
    """Each plain scalar is resolved once a process and kept (a bounded memo, emptied when
    full): what it makes is what PyYAML's safe loader makes, the first time and every time
    after, in a key, a value or a list item, with the memo full or not."""
    import yaml

    from cardlib.examples import reading

    words = ["Mei", "8H", "10C", "0", "-3", "017", "0x1F", "1_000", "12:30", "yes", "No"]
    words += ["off", "null", "~", "true", "draw", "flip TL", "Y14", "2001-12-14", "+7", "-0"]
    text = "".join(f"k{i}: {w}\nl{i}: [{w}]\n" for i, w in enumerate(words))
    expected = yaml.safe_load(text.replace("2001-12-14", "'2001-12-14'"))
    for most in (10_000, 5):
        monkeypatch.setattr(reading, "_MADE", {})
        monkeypatch.setattr(reading, "_MADE_MOST", most)
        for _ in range(2):
            (doc,) = reading.read_text(text.encode())
            assert doc == expected
            made = [v[0] if isinstance(v, list) else v for v in doc.values()]
            assert [type(v) for v in made] == [
                type(v[0] if isinstance(v, list) else v) for v in expected.values()
            ]
            assert len(reading._MADE) <= most


def test_the_pure_parser_reads_as_libyaml_does(monkeypatch):
    """Without libyaml the reader falls back to PyYAML's own parser: the same data, the same
    places, the same problems at the same lines."""
    from cardlib.errors import InputError
    from cardlib.examples import reading

    def marks(node):
        if isinstance(node, dict):
            return [node.mark, {k: (node.where(k), marks(v)) for k, v in node.items()}]
        if isinstance(node, list):
            return [node.mark, [(node.where(i), marks(v)) for i, v in enumerate(node)]]
        return node

    def read(raw):
        try:
            docs = reading.read_text(raw)
        except InputError as e:
            return e.code, e.line, e.column
        return [(d, marks(d)) for d in docs]

    inputs = [p.read_bytes() for p in sorted(EXAMPLES.rglob("*.yaml"))]
    inputs += [p.read_bytes() for p in sorted((ROOT / "tests" / "hostile").iterdir())]
    inputs += [b"a: [\n", b"a: b: c\n", b"- x\n y: 1\n", b"a: 'open\n", b"{a: 1, a: 2}\n"]
    fast = [read(raw) for raw in inputs]
    monkeypatch.setattr(reading, "_make_parser", reading._pure_parser())
    pure = [read(raw) for raw in inputs]
    assert [f[:2] if isinstance(f, tuple) else f for f in fast] == [
        p[:2] if isinstance(p, tuple) else p for p in pure
    ]


@pytest.mark.parametrize(
    "argv",
    [
        ["check"],
        ["check", "examples/golf"],
        ["check", "a.yaml", "-", "b c.yaml", "", "x=y", "ünï.yaml"],
        ["check", "-v", "a.yaml"],
        ["check", "a.yaml", "--format", "json"],
        ["check", "--", "-a.yaml"],
        ["check", "-1"],
        ["--debug", "check", "a.yaml"],
        ["rules", "GOLF-COLUMN"],
        ["schema"],
    ],
)
def test_a_plain_check_is_read_as_the_parser_reads_it(argv):
    """``cardlib check PATH...`` without options is run without building the parser; it
    gives the paths the parser gives, and anything else goes to the parser."""
    from cardlib import cli

    paths = cli._plain_check(argv)
    args = cli._parser().parse_args(argv)
    if paths is not None:
        assert (args.command, args.paths, args.format, args.verbose) == (
            "check",
            paths,
            "text",
            False,
        )
    else:
        assert any(a.startswith("-") and a != "-" for a in argv) or argv[0] != "check"


_HEAD = "example: x\nsource: x\n"
_ROOK = _HEAD + "game: rook\nplayers: [North, East, South, West]\nsetup: {deal: {seed: 1}}\n"
_GOLF = _HEAD + "game: golf\nplayers: [Mei, Ben]\nsetup: {deal: {seed: 1}}\n"

#: a document the schema refuses -> (line, column, what the one line says after its path)
SCHEMA_IN_WORDS = {
    "enum": (
        _ROOK + "steps:\n  - expect: {trump: Green}\n",
        (7, 14, "steps/0/expect/trump: must be red, yellow, black, green or null"),
    ),
    "required": (
        "example: x\ngame: golf\nplayers: [Mei, Ben]\nsetup: {deal: {seed: 1}}\nsteps: [{}]\n",
        (1, 1, "the example: needs the field source:"),
    ),
    "one-of, the form of the same kind": (
        _ROOK + "steps:\n  - expect: {nest: [R5, R6, R7, R8, R9, R10]}\n",
        (7, 14, "steps/0/expect/nest: must list at most 5 items (it lists 6)"),
    ),
    "one-of, no form of that kind": (
        _HEAD + "game: go-fish\nplayers: [An, Bo]\nsetup: {deal: {seed: 1}}\n"
        "steps:\n  - expect: {winner: 5}\n",
        (7, 14, "steps/0/expect/winner: must be text, a list of text or null, not the number 5"),
    ),
    "one-of, a mapping too long": (
        _ROOK + "steps:\n  - expect: {contract: {NS: 95, EW: 0}}\n",
        (7, 14, "steps/0/expect/contract: must name at most 1 entry (it names 2)"),
    ),
    "a key of a fixed set": (
        _GOLF + "steps:\n  - expect:\n      layout:\n        Mei:\n          XX: down\n",
        (
            10,
            11,
            "steps/0/expect/layout/Mei/XX: 'XX' cannot be a key here: the keys are TL, TM, TR, "
            "BL, BM or BR",
        ),
    ),
    "a key of a pattern": (
        _ROOK + "steps:\n  - expect:\n      tricks:\n        '0': {winner: North}\n",
        (9, 9, "steps/0/expect/tricks/0: '0' cannot be a key here: a key is a trick number"),
    ),
    "type": (
        _HEAD + "game: golf\nplayers: Mei\nsetup: {deal: {seed: 1}}\nsteps: [{}]\n",
        (4, 1, "players: must be a list, not the text 'Mei'"),
    ),
    "unique": (
        _HEAD + "game: golf\nplayers: [Mei, Mei]\nsetup: {deal: {seed: 1}}\nsteps: [{}]\n",
        (4, 16, "players/1: lists Mei twice: each may be listed once"),
    ),
    "pattern": (
        _GOLF + "steps:\n  - Mei: flip TL\n    illegal: golf order\n",
        (
            8,
            5,
            "steps/0/illegal: must be a rule ID: capitals and digits in parts joined by hyphens, GAME-RULE",
        ),
    ),
    "a list too short": (
        _GOLF + "steps: []\n",
        (6, 1, "steps: must list at least 1 item (it lists 0)"),
    ),
    "a field unknown": (
        _GOLF + "foo: 1\nsteps:\n  - expect: {stock: 39}\n",
        (6, 1, "foo: 'foo' is not a field here (the fields are example:, source:, game:"),
    ),
}


@pytest.mark.parametrize("case", sorted(SCHEMA_IN_WORDS))
def test_a_schema_refusal_is_said_in_a_learners_words(tmp_path, case):
    """What the JSON Schema refuses is said as the format says it: YAML's null and true,
    the field that is missing, the most a list may hold and how many it has; never the
    validator's own terms or Python's spelling, at the line of the key or item at fault."""
    text, (line, col, said) = SCHEMA_IN_WORDS[case]
    problem = _check_text(tmp_path, text).problems[0]
    assert (problem.line, problem.column, problem.rule) == (line, col, "INPUT-SCHEMA"), problem
    assert problem.message.startswith(said), problem.message
    for jargon in ("None", "[", "definition", "propertyName", "properties", "must contain"):
        assert jargon not in problem.message, problem.message


def test_a_wrong_true_or_false_is_shown_as_the_example_writes_it(tmp_path):
    path = tmp_path / "x.yaml"
    text = (EXAMPLES / "go-fish" / "lucky-draw.yaml").read_text(encoding="utf-8")
    assert "again: true" in text
    path.write_text(text.replace("again: true", "again: false", 1), encoding="utf-8")
    messages = [p.message for r in check_file(path) for p in r.problems]
    assert any("the example claims false, the rules give true" in m for m in messages), messages


def test_a_wrong_cut_is_shown_round_by_round(tmp_path):
    path = tmp_path / "x.yaml"
    text = (EXAMPLES / "rook" / "seats-and-dealers.yaml").read_text(encoding="utf-8")
    claim = "cut: [{Ann: Y14, Ben: R14, Cy: B10, Di: G9}, {Ann: G6, Ben: Rook}]"
    assert claim in text
    path.write_text(text.replace(claim, "cut: [{Ann: G6, Ben: Rook}]", 1), encoding="utf-8")
    messages = [p.message for r in check_file(path) for p in r.problems]
    assert any(
        "the example claims [(Ann G6, Ben Rook)], the rules give "
        "[(Ann Y14, Ben R14, Cy B10, Di G9), (Ann G6, Ben Rook)]" in m
        for m in messages
    ), messages


def test_checking_collects_cycles_less_often_and_leaves_the_collector_as_it_was(monkeypatch):
    import gc

    from cardlib import check

    before = gc.get_threshold()
    seen: list[tuple[int, ...]] = []

    def spy(path, **kw):
        seen.append(gc.get_threshold())
        raise KeyboardInterrupt  # an error half-way: the thresholds still come back

    monkeypatch.setattr(check, "check_file", spy)
    with pytest.raises(KeyboardInterrupt):
        check_paths([EXAMPLES / "golf" / "two-twos.yaml"])
    assert seen == [(check._GEN0_WHILE_CHECKING, *before[1:])]
    assert gc.get_threshold() == before
    monkeypatch.undo()
    assert exit_status(check_paths([EXAMPLES / "golf"])) == 0 and gc.get_threshold() == before


def _check_text(tmp_path, text: str):
    path = tmp_path / "x.yaml"
    path.write_text(text, encoding="utf-8")
    (report,) = check_file(path)
    return report


_ROOK_AFTER_WIN = (
    _HEAD + "game: rook\nplayers: [North, East, South, West]\nsetup:\n  game:\n"
    "    totals: {NS: 290, EW: 100}\n    hands:\n"
    "      - {bid: {NS: 70}, took: {NS: 80, EW: 40}}\n"
    "      - {bid: {NS: 70}, took: {NS: 80, EW: 40}}\nsteps:\n  - expect: {%s}\n"
)


def test_a_hand_recorded_after_the_game_is_won_is_a_refusal_at_that_hand(tmp_path):
    claimed = _check_text(tmp_path, _ROOK_AFTER_WIN % "refused: ROOK-GAME")
    assert claimed.passed and claimed.claims == 1, claimed.problems
    (problem,) = _check_text(tmp_path, _ROOK_AFTER_WIN % "totals: {NS: 370, EW: 140}").problems
    assert (problem.line, problem.column, problem.rule) == (10, 9, "ROOK-GAME"), problem
    assert "the game is already over" in problem.message


def test_a_rook_card_may_be_written_with_its_colour_in_full(tmp_path):
    report = _check_text(
        tmp_path,
        _HEAD + "game: rook\nplayers: [North, East, South, West]\nsetup:\n  hand:\n"
        "    hands: {North: [yellow 10, yellow 14, green 6, Rook]}\n"
        "steps:\n  - expect: {hand: {North: [Y10, Y14, G6, Rook, 'red 5']}}\n",
    )
    problems = [(p.rule, p.message) for p in report.problems]
    # the claim is read (nine cards are dealt, so it is wrong), never refused as too long
    assert problems and all(rule != "INPUT-SCHEMA" for rule, _ in problems), problems


@pytest.mark.parametrize(
    ("setup", "over"),
    [
        (
            "game: golf\nplayers: [Jia, Yi]\nsetup:\n  match:\n    Jia: [9, 4]\n    Yi: [6, 8]\n",
            False,
        ),
        (
            "game: golf\nplayers: [Jia, Yi]\nsetup:\n  match:\n"
            "    Jia: [9, 4, 1, 1, 1, 1, 1, 1, 1]\n    Yi: [6, 8, 1, 1, 1, 1, 1, 1, 1]\n",
            True,
        ),
        ("game: go-fish\nplayers: [An, Bo]\nsetup: {deal: {seed: 1}}\n", False),
    ],
)
def test_no_winner_yet_is_claimed_with_null(tmp_path, setup, over):
    report = _check_text(tmp_path, _HEAD + setup + "steps:\n  - expect: {winner: null}\n")
    if over:
        (problem,) = report.problems
        assert "the example claims none, the rules give [Jia]" in problem.message
    else:
        assert report.passed and report.claims == 1, report.problems
