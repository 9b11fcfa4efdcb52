"""Record the golden corpus (tests/golden/data/) with today's engines, or look at one game.

    python tests/golden/record.py                  record every variant again (all CPUs)
    python tests/golden/record.py --only ID ...    record some variants again
    python tests/golden/record.py --list           the variants, from the registry
    python tests/golden/record.py --show ID SEED   the canonical record of one game, today
    python tests/golden/record.py --diff ID SEED   today's record against the one the
                                                   recorded engines write (first difference)
    python tests/golden/record.py --at REV ...     any of these with the cardlib of a git
                                                   revision (exported to a temporary folder)

Recording refuses to write a corpus in which a game does not end, a move crashes or an
illegal move is accepted.  Run it niced: ``nice -n 10 python tests/golden/record.py``.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import io
import json
import os
import subprocess
import sys
import tarfile
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.append(str(ROOT))  # after PYTHONPATH: --at puts another cardlib first

from tests.golden import canon  # noqa: E402

BATCH = 250


def _git(*args: str) -> str:
    return subprocess.run(
        ["git", *args], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.strip()


def _engines() -> str:
    """Which cardlib this process plays: a revision given with --at, or the working tree."""
    given = os.environ.get("GOLDEN_ENGINES")
    if given:
        return given
    head = _git("rev-parse", "HEAD")
    dirty = _git("status", "--porcelain", "--", "cardlib")
    return head + (" with uncommitted changes to cardlib/" if dirty else "")


def _at(rev: str, argv: list[str]) -> int:
    """Run this script again with the cardlib of ``rev`` first on the path."""
    full = _git("rev-parse", "--verify", f"{rev}^{{commit}}")
    with tempfile.TemporaryDirectory(prefix="golden-engines-") as tmp:
        data = subprocess.run(
            ["git", "archive", "--format=tar", full, "cardlib"],
            cwd=ROOT,
            capture_output=True,
            check=True,
        ).stdout
        with tarfile.open(fileobj=io.BytesIO(data)) as tar:
            tar.extractall(tmp, filter="data")
        env = {**os.environ, "PYTHONPATH": tmp, "GOLDEN_ENGINES": full}
        return subprocess.run([sys.executable, __file__, *argv], env=env).returncode


def _check_engines() -> None:
    import cardlib

    where = Path(cardlib.__file__).resolve()
    if os.environ.get("GOLDEN_ENGINES") and ROOT in where.parents:
        raise SystemExit(f"--at: cardlib was imported from the working tree ({where})")


def _pools(variant_ids: list[str], pool: concurrent.futures.Executor) -> dict[str, list[str]]:
    """Each game's pool of plausible moves: those listed in the first games of its variants."""
    found: dict[str, set[str]] = defaultdict(set)
    futures = {v: pool.submit(canon.pool_batch, v, canon.POOL_SEEDS) for v in variant_ids}
    for v, future in futures.items():
        found[canon.variants()[v].game].update(future.result())
    return {game: sorted(moves) for game, moves in found.items()}


def record(only: list[str] | None, workers: int) -> int:
    variants = canon.variants()
    unknown = [v for v in only or [] if v not in variants]
    if unknown:
        print(f"not a variant: {', '.join(unknown)} (see --list)", file=sys.stderr)
        return 2
    old = canon.read_manifest() if canon.MANIFEST.exists() else None
    if only and old is None:
        print("--only needs a recorded corpus: record everything first", file=sys.stderr)
        return 2
    chosen = only or list(variants)
    start = time.perf_counter()
    canon.DATA.mkdir(exist_ok=True)
    with concurrent.futures.ProcessPoolExecutor(workers) as pool:
        pools = old["pools"] if only and old is not None else _pools(chosen, pool)
        print(f"pools: {', '.join(f'{g} {len(p)}' for g, p in pools.items())}", flush=True)
        futures = {
            v: [
                pool.submit(
                    canon.play_batch,
                    v,
                    s,
                    min(canon.SEEDS, s + BATCH),
                    pools[variants[v].game],
                    canon.FULL,
                    True,
                )
                for s in range(0, canon.SEEDS, BATCH)
            ]
            for v in chosen
        }
        full: dict[str, list[tuple[str, int, list[str]]]] = defaultdict(list)
        for v, batches in futures.items():
            digests = []
            for future in batches:
                for seed, digest, lines in future.result():
                    digests.append(digest)
                    if lines is not None:
                        full[variants[v].game].append((v, seed, lines))
            canon.write_digests(v, digests)
            print(f"{v}: {len(digests)} games ({time.perf_counter() - start:.0f} s)", flush=True)
    games = list(dict.fromkeys(variants[v].game for v in variants))
    for game in games:
        if game not in full:
            continue
        kept = []
        if only:  # the full records of the variants not recorded again stay as they were
            recorded = canon.read_full(game)
            kept = [(v, s, lines) for (v, s), lines in recorded.items() if v not in chosen]
        records = sorted(kept + full[game], key=lambda r: (list(variants).index(r[0]), r[1]))
        canon.write_full(game, records)
    manifest = {
        "format": canon.FORMAT,
        "seeds": canon.SEEDS,
        "deep": canon.DEEP,
        "full": canon.FULL,
        "probes": [canon.PROBES, canon.BROAD_PROBES],
        "recorded_with": (
            f"{old['recorded_with']}; {', '.join(chosen)} again with {_engines()}"
            if only and old is not None
            else _engines()
        ),
        "python": ".".join(map(str, sys.version_info[:2])),
        "variants": [variants[v].describe() for v in variants],
        "pools": pools,
    }
    canon.MANIFEST.write_text(
        json.dumps(manifest, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    size = sum(p.stat().st_size for p in canon.DATA.iterdir())
    print(
        f"recorded {len(chosen)} variants x {canon.SEEDS} games in "
        f"{time.perf_counter() - start:.0f} s with {workers} workers; "
        f"the corpus is {size / 1e6:.2f} MB in {canon.DATA}"
    )
    return 0


def show(variant_id: str, seed: int) -> list[str]:
    pools = canon.read_manifest()["pools"]
    variant = canon.variants()[variant_id]
    return canon.play_game(variant, seed, pools[variant.game])


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="+", metavar="ID", help="record these variants again")
    parser.add_argument("--list", action="store_true", help="list the variants")
    parser.add_argument("--show", nargs=2, metavar=("ID", "SEED"), help="print one record")
    parser.add_argument("--diff", nargs=2, metavar=("ID", "SEED"), help="compare one record")
    parser.add_argument("--at", metavar="REV", help="use the cardlib of a git revision")
    parser.add_argument("-j", "--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seeds", type=int, help=argparse.SUPPRESS)  # a trial run
    parser.add_argument("--data", type=Path, help=argparse.SUPPRESS)  # written elsewhere
    args = parser.parse_args(argv)
    if args.seeds:
        canon.SEEDS = args.seeds
    if args.data:
        canon.DATA, canon.MANIFEST = args.data, args.data / "manifest.json"
    if args.at:
        rest = list(argv)
        i = rest.index("--at")
        del rest[i : i + 2]
        return _at(args.at, rest)
    _check_engines()
    if args.list:
        for v in canon.variants().values():
            print(f"{v.id}  players {','.join(map(str, v.counts))}  {v.options!r}")
        return 0
    if args.show:
        print("\n".join(show(args.show[0], int(args.show[1]))))
        return 0
    if args.diff:
        variant_id, seed = args.diff[0], int(args.diff[1])
        rev = canon.read_manifest()["recorded_with"].split()[0]
        before = subprocess.run(
            [sys.executable, __file__, "--at", rev, "--show", variant_id, str(seed)],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.splitlines()
        now = show(variant_id, seed)
        print(f"{variant_id} seed {seed}, the engines of {rev[:12]} against today's:")
        print(canon.show_difference(before, now))
        return 0 if before == now else 1
    return record(args.only, args.workers)


if __name__ == "__main__":
    sys.exit(main())
