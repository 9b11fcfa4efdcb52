"""Recompute the card-game perft (tests/perft/perft.json) with timings, or record it again.

    python tests/perft/record.py                   every root to its quick depth, as the test
    python tests/perft/record.py --deep            every root to its deep depth (minutes)
    python tests/perft/record.py --only ID ...     the roots of some variants
    python tests/perft/record.py --record          record every root again (a change on purpose)
    python tests/perft/record.py --record --only ID ...   record some variants again

Each root prints its deepest count and its positions a second (CPU time: the perft is also a
measure of an engine's listing, copy and play).  Recording chooses the roots and their
depths afresh (``perft.py``) and writes ``perft.json`` with the revision it was recorded
with; say why in tests/perft/README.md.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.append(str(ROOT))  # after PYTHONPATH, which may put another cardlib first

from tests.golden import canon  # noqa: E402
from tests.perft import perft  # noqa: E402


def _engines() -> str:
    """The revision of the checkout, and whether its cardlib/ has uncommitted changes."""

    def git(*args: str) -> str:
        out = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True)
        return out.stdout.strip()

    dirty = git("status", "--porcelain", "--", "cardlib")
    return git("rev-parse", "HEAD") + (" with uncommitted changes to cardlib/" if dirty else "")


def record(only: list[str] | None) -> int:
    """Record every root of the variants asked (all by default) again; keep the others."""
    start = time.process_time()
    kept: dict[str, list[dict[str, Any]]] = {}
    if only and perft.DATA.exists():
        for entry in perft.entries():
            kept.setdefault(entry["variant"], []).append(entry)
    out: list[dict[str, Any]] = []
    for variant in canon.variants().values():
        if only and variant.id not in only:
            out += kept.get(variant.id, [])
            continue
        for root in perft.roots_of(variant):
            out.append(perft.record_root(root))
            print(f"{root.id}: quick {out[-1]['quick']}, perft {out[-1]['nodes']}", flush=True)
    perft.write(out, _engines())
    print(f"recorded {len(out)} roots in {time.process_time() - start:.1f} s CPU")
    return 0


def recompute(only: list[str] | None, deep: bool) -> int:
    """Every recorded root (of the variants asked) against its counts, with timings."""
    start = time.process_time()
    failed = positions = 0
    for entry in perft.entries():
        if only and entry["variant"] not in only:
            continue
        where = f"{entry['variant']} seed {entry['seed']} after {len(entry['moves'])}"
        begun = time.process_time()
        try:
            nodes, over, depth = perft.check(entry, deep)
        except perft.PerftError as e:
            print(f"FAIL {e}", flush=True)
            failed += 1
            continue
        spent = max(time.process_time() - begun, 1e-9)
        positions += sum(nodes)
        problem = perft.mismatch(entry, nodes, over)
        if problem is not None:
            failed += 1
            print(f"FAIL {problem}", flush=True)
        else:
            print(
                f"ok   {where}: perft {depth} {nodes[-1]} "
                f"({sum(nodes)} positions, {sum(nodes) / spent:.0f} a second)",
                flush=True,
            )
    spent = max(time.process_time() - start, 1e-9)
    print(f"{positions} positions in {spent:.1f} s CPU ({positions / spent:.0f} a second)")
    print(f"{failed} roots differ" if failed else "every root as recorded")
    return 1 if failed else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deep", action="store_true", help="recompute to the deep depths")
    parser.add_argument("--record", action="store_true", help="record the counts again")
    parser.add_argument("--only", nargs="+", metavar="VARIANT", help="these variants only")
    args = parser.parse_args(argv)
    unknown = set(args.only or ()) - set(canon.variants())
    if unknown:
        parser.error(f"no such variant: {', '.join(sorted(unknown))} (see record.py of golden)")
    return record(args.only) if args.record else recompute(args.only, args.deep)


if __name__ == "__main__":
    sys.exit(main())
