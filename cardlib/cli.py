"""The ``cardlib`` command: ``cardlib check [PATH...]``, ``cardlib rules [ID...]``, ``cardlib schema``.

Exit status of ``check``: 0 when every example passes, 1 when a move is illegal or a claim
is wrong, 2 when a file cannot be read or is invalid, and on a usage error.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        print(f"cardlib: error: {message}", file=sys.stderr)
        raise SystemExit(2)


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="cardlib", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    check = sub.add_parser("check", help="replay worked examples and verify every claim")
    check.add_argument(
        "paths", nargs="*", default=["examples"], help="files or folders (default: examples)"
    )
    check.add_argument("--format", choices=["text", "json"], default="text")
    check.add_argument(
        "-v",
        "--verbose",
        action="store_true",
        help="narrate every step and the rule that decided it",
    )
    rules = sub.add_parser("rules", help="explain rules of the catalogue")
    rules.add_argument("ids", nargs="*", help="rule IDs or a game (golf); default: all")
    sub.add_parser("schema", help="print the JSON Schema of a worked example")
    sim = sub.add_parser("simulate", help="play N seeded games with bots; write a row a game")
    sim.add_argument("game", choices=["golf", "go-fish", "rook"])
    sim.add_argument("-n", type=int, default=1000, help="games (default 1000)")
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--players", nargs="+", help="a number, or the names in seat order")
    sim.add_argument("--rule-set", help="Go Fish: pagat, bicycle or gamerules")
    sim.add_argument("--option", action="append", default=[], help="an option: NAME=VALUE")
    sim.add_argument("--bots", nargs="+", default=["random"], help="random, simple or module:fn")
    sim.add_argument("--full-game", action="store_true", help="Rook: play games to 300")
    sim.add_argument("--max-moves", type=int, default=10_000, help="cap on decisions a game")
    sim.add_argument("--format", choices=["csv", "jsonl"], default="csv")
    sim.add_argument("-o", "--output", help="file to write (default: standard output)")
    sim.add_argument("--workers", type=int, help="worker processes (default: by size)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        return _main(argv)
    except BrokenPipeError:  # the reader went away (``cardlib check | head``): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


def _main(argv: Sequence[str] | None) -> int:
    args = _parser().parse_args(argv)
    if args.command == "schema":
        from cardlib.examples import schema

        print(json.dumps(schema(), indent=2, ensure_ascii=False))
        return 0
    if args.command == "rules":
        return _rules(args.ids)
    if args.command == "simulate":
        from cardlib.simulate import command

        return command(args)
    return _check(args.paths, args.format, args.verbose)


def _rules(ids: list[str]) -> int:
    from cardlib.catalogue import rules

    games = {r.game for r in rules.values()}
    chosen = []
    for i in ids or list(rules):
        if i in games:
            chosen.extend(rules.for_game(i))
        elif i in rules:
            chosen.append(rules[i])
        else:
            print(f"cardlib: {i!r} is not a rule ID or a game", file=sys.stderr)
            return 2
    for rule in chosen:
        print(f"{rule.id}  {rule.title}\n  {rule.text}\n  Source: {'; '.join(rule.sources)}\n")
    return 0


def _check(paths: list[str], fmt: str, verbose: bool) -> int:
    from cardlib.check import check_paths, exit_status, summary

    reports = check_paths(paths)
    status = exit_status(reports)
    if fmt == "json":
        out = {
            "status": status,
            "summary": summary(reports),
            "examples": [r.as_dict() for r in reports],
        }
        print(json.dumps(out, indent=2, ensure_ascii=False))
        return status
    for r in reports:
        if verbose:
            print(f"{r.path}: {r.title}")
            for line in r.narration:
                print(f"  {line}")
        for p in r.problems:
            print(p)
        if verbose:
            print("  passed\n" if r.passed else "  FAILED\n")
    print(summary(reports))
    return status


if __name__ == "__main__":
    raise SystemExit(main())
