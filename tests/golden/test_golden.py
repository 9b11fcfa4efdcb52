"""The golden corpus: today's engines must play every recorded game exactly as recorded.

Every variant's games are replayed from their seeds and each canonical record's digest is
compared with the stored one (see tests/golden/README.md).  A difference names the variant
and the seeds, shows the first differing line of the first of them stored in full and says
how to reproduce any seed.  Every 53rd game of each variant is replayed (seeds 0, 53, 106,
..., 4982: 95 games a variant, a sample across the whole corpus) unless ``GOLDEN_SEEDS`` says
which (``GOLDEN_SEEDS=all``: every recorded game, ``make golden``; ``N``: the first N games;
``every-K``: seeds 0, K, 2K, ...); ``GOLDEN_WORKERS`` sets the number of worker processes
(default 2).
"""

from __future__ import annotations

import concurrent.futures
import copy
import json
import os
import re
import subprocess
import sys
from collections.abc import Callable, Iterator

import pytest

from tests.conftest import ROOT
from tests.golden import canon

pytestmark = pytest.mark.golden

MANIFEST = canon.read_manifest() if canon.MANIFEST.exists() else {"variants": [], "seeds": 0}
RECORDED = [v["id"] for v in MANIFEST["variants"]]
BATCH = 250


@pytest.fixture(scope="module")
def executor() -> Iterator[concurrent.futures.Executor]:
    workers = int(os.environ.get("GOLDEN_WORKERS", min(2, os.cpu_count() or 1)))
    with concurrent.futures.ProcessPoolExecutor(workers) as pool:
        yield pool


#: the games of each variant that ``make test`` replays: every 53rd (95 games, about a minute
#: of CPU for all variants), a sample of the whole corpus rather than its first games.  A
#: seed's setup goes round the player counts and, for each, the dealers and the default
#: dealer (and Rook's two ways of naming seats): a cycle of at most 35 seeds
#: (``canon.setup``), so a prime step above that meets every combination of them.
#: ``GOLDEN_SEEDS=all`` (``make golden``) replays every recorded game, as an engine change
#: must before it lands
DEFAULT_SEEDS = "every-53"


def golden_seeds(asked: str | None = None) -> range:
    """The seeds to replay: ``N`` (the first N), ``all``, or ``every-K`` (every K-th)."""
    asked = asked or os.environ.get("GOLDEN_SEEDS", DEFAULT_SEEDS)
    recorded = MANIFEST["seeds"]
    if asked == "all":
        return range(recorded)
    if asked.startswith("every-"):
        return range(0, recorded, int(asked.removeprefix("every-")))
    return range(min(recorded, int(asked)))


def test_golden_seeds_reads_its_three_forms() -> None:
    assert golden_seeds("all") == range(MANIFEST["seeds"])
    assert len(golden_seeds(DEFAULT_SEEDS)) == 95 and golden_seeds(DEFAULT_SEEDS)[-1] == 4982
    assert golden_seeds("7") == range(7)
    assert list(golden_seeds("every-1000")) == list(range(0, MANIFEST["seeds"], 1000))


def replay(
    variant_id: str, seeds: range | int, submit: Callable[..., concurrent.futures.Future]
) -> tuple[list[int], dict[int, list[str]]]:
    """The seeds whose digest differs from the recorded one, and today's full records."""
    recorded = canon.read_digests(variant_id)
    pool = MANIFEST["pools"][canon.variants()[variant_id].game]
    seeds = range(seeds) if isinstance(seeds, int) else seeds
    # BATCH games a task: seeds[i : i + BATCH] is a range with the same step
    futures = [
        submit(
            canon.play_batch, variant_id, part.start, part.stop, pool, canon.FULL, False, part.step
        )
        for part in (seeds[i : i + BATCH] for i in range(0, len(seeds), BATCH))
    ]
    differing: list[int] = []
    now_full: dict[int, list[str]] = {}
    for future in futures:
        for seed, digest, lines in future.result():
            if digest != recorded[seed]:
                differing.append(seed)
            if lines is not None:
                now_full[seed] = lines
    return differing, now_full


def test_the_default_sample_meets_every_setup_of_every_variant() -> None:
    """``make test``'s sample deals every player count with every dealer (and Rook's two ways
    of naming seats) that the whole corpus does: each setup of the first 70 seeds (two cycles
    of the longest, 35) is among the sample's."""

    def setups(variant: canon.Variant, seeds: range) -> set[str]:
        # the line that made the game, up to its seed (the players and the dealer)
        return {re.sub(r"(, )?seed=.*", "", canon.setup(variant, s)[1]) for s in seeds}

    for variant_id in RECORDED:
        variant = canon.variants()[variant_id]
        assert setups(variant, range(70)) <= setups(variant, golden_seeds(DEFAULT_SEEDS)), (
            variant_id
        )


def test_the_corpus_covers_every_variant_of_the_registry() -> None:
    """The registry and the options classes give the same variants as when the corpus was
    recorded (a new game, engine, option or value needs the corpus recorded again)."""
    assert MANIFEST["variants"], "no corpus: record it with python tests/golden/record.py"
    now = [v.describe() for v in canon.variants().values()]
    assert now == MANIFEST["variants"], (
        "the variants differ from the recorded ones: record the corpus again "
        "(python tests/golden/record.py) and say why in tests/golden/README.md"
    )
    assert MANIFEST["format"] == canon.FORMAT and MANIFEST["seeds"] >= 5000
    for v in RECORDED:
        assert len(canon.read_digests(v)) == MANIFEST["seeds"], v


@pytest.mark.parametrize("variant_id", RECORDED)
def test_every_recorded_game_plays_the_same(
    variant_id: str, executor: concurrent.futures.Executor
) -> None:
    if variant_id not in canon.variants():
        pytest.fail(f"{variant_id} is recorded but is no longer a variant: record again")
    seeds = golden_seeds()
    differing, now_full = replay(variant_id, seeds, executor.submit)
    if differing:
        game = canon.variants()[variant_id].game
        recorded_full = {
            s: lines for (v, s), lines in canon.read_full(game).items() if v == variant_id
        }
        pytest.fail(
            canon.report(variant_id, len(seeds), differing, recorded_full, now_full),
            pytrace=False,
        )


# -- the corpus can fail, and says where ------------------------------------------------------


CHEAP = "golf.GolfGame.bicycle-pagat.base"


def _recorded_full(variant_id: str) -> dict[int, list[str]]:
    game = canon.variants()[variant_id].game
    return {s: lines for (v, s), lines in canon.read_full(game).items() if v == variant_id}


def test_a_changed_fact_is_reported_at_its_line() -> None:
    """Mutate one fact of a real record: the digest changes, and the report names the variant,
    the seed, the line and both versions of it."""
    pool = MANIFEST["pools"]["golf"]
    recorded = canon.play_game(canon.variants()[CHEAP], 3, pool)
    changed = copy.deepcopy(recorded)
    i = next(i for i, line in enumerate(changed) if line.startswith("  draw [GOLF-DRAW]"))
    changed[i] = changed[i].replace(" 0 | ", " 1 | ")
    assert changed[i] != recorded[i] and canon.digest(changed) != canon.digest(recorded)
    assert canon.first_difference(recorded, changed) == i
    text = canon.report(CHEAP, 20, [3, 7], {3: recorded}, {3: changed})
    assert f"{CHEAP}: 2 of 20 games differ" in text and "seeds 3, 7" in text
    assert f"first difference at line {i + 1}" in text
    assert f"- recorded: {recorded[i]}" in text and f"+ now:      {changed[i]}" in text
    assert f"--show {CHEAP} 3" in text


def test_a_difference_without_a_full_record_says_how_to_see_it() -> None:
    text = canon.report(CHEAP, 5000, [4321], {}, {})
    assert "seed 4321 is not stored in full" in text and f"--diff {CHEAP} 4321" in text


def test_first_difference_counts_a_missing_line() -> None:
    assert canon.first_difference(["a", "b"], ["a", "b"]) is None
    assert canon.first_difference(["a", "b"], ["a"]) == 1
    assert canon.first_difference(["a"], ["a", "c"]) == 1
    assert "(no more lines)" in canon.show_difference(["a", "b"], ["a"])


def test_a_changed_rule_fails_the_corpus(monkeypatch: pytest.MonkeyPatch) -> None:
    """Break one scoring rule of today's Golf engine (a pair scores 1, not 0: GOLF-COLUMN's
    pair, whose points cardlib.golf.scoring.pair_points gives): games that matched the corpus
    no longer do, and the report shows the score."""
    import cardlib.golf.scoring as golf

    pool = MANIFEST["pools"]["golf"]
    recorded = canon.read_digests(CHEAP)
    full = _recorded_full(CHEAP)
    matching = [
        s
        for s in range(canon.FULL)
        if canon.play_batch(CHEAP, s, s + 1, pool, 0)[0][1] == recorded[s]
    ]
    if not matching:
        pytest.skip("today's Golf engine already differs from the corpus (see the replay test)")
    monkeypatch.setattr(golf, "pair_points", lambda rank: 1)
    differing, now_full = replay(CHEAP, canon.FULL, _run_here)
    assert set(differing) & set(matching), "breaking a rule must change a recorded game"
    text = canon.report(CHEAP, canon.FULL, differing, full, now_full)
    assert "first difference at line" in text and "- recorded:" in text and "+ now:" in text


def _run_here(fn: Callable[..., object], *args: object) -> concurrent.futures.Future:
    """``executor.submit`` in this process (so that a monkeypatched engine is played)."""
    future: concurrent.futures.Future = concurrent.futures.Future()
    future.set_result(fn(*args))
    return future


def test_records_do_not_depend_on_the_hash_seed() -> None:
    """The same digests whatever PYTHONHASHSEED (no set or dict order leaks into a record)."""
    ids = [
        next(v for v in RECORDED if v.startswith(game + "."))
        for game in ("golf", "go-fish", "rook")
    ]
    code = (
        "import json, sys; sys.path.append(sys.argv[1]); from tests.golden import canon; "
        "m = canon.read_manifest(); "
        "print(json.dumps([canon.play_batch(v, 0, 3, m['pools'][canon.variants()[v].game], 0)"
        "[i][1] for v in sys.argv[2:] for i in range(3)]))"
    )
    runs = []
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run(
            [sys.executable, "-c", code, str(ROOT), *ids],
            capture_output=True,
            text=True,
            cwd=ROOT,
            env=env,
            timeout=300,
            check=True,
        )
        runs.append(json.loads(out.stdout))
    here = [
        d
        for v in ids
        for _, d, _ in canon.play_batch(v, 0, 3, MANIFEST["pools"][v.split(".")[0]], 0)
    ]
    assert runs[0] == runs[1] == here


def test_the_corpus_is_small() -> None:
    size = sum(p.stat().st_size for p in canon.DATA.iterdir())
    assert size < 6_000_000, f"the corpus is {size / 1e6:.1f} MB"
