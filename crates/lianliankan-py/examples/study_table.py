"""A small study table: how many random 6x8 deals can be cleared?

For both border rules and a few gravity modes, deals `DEALS` random boards of 6 rows and 8 columns (12 kinds, 4 tiles of each),
solves each exactly and prints a Markdown table of solvable, unsolvable and
undecided deals with the solvable fraction. Every "solved" answer is
checked by replaying its order.

Run: python examples/study_table.py [DEALS]
"""

import sys
import time
from typing import Dict, List

import lianliankan as llk

ROWS, COLS, KINDS = 6, 8, 12
GRAVITY: List[llk.GravityMode] = ["none", "down", "left", "outward"]
BUDGET = 1_000_000


def study(border: llk.Border, gravity: llk.GravityMode, deals: int) -> Dict[str, int]:
    """Counts of each solve status over `deals` seeded deals."""
    rules = llk.Rules(border=border, gravity=gravity)
    counts = {"solved": 0, "unsolvable": 0, "unknown": 0}
    for seed in range(deals):
        board = llk.deal(ROWS, COLS, KINDS, seed=seed).board
        result = llk.solve(board, rules, budget=BUDGET)
        if result.order is not None:
            steps = llk.replay(board, rules, result.order)
            assert steps == ROWS * COLS // 2, (border, gravity, seed, steps)
        counts[result.status] += 1
    return counts


def table(deals: int) -> List[str]:
    """The table's lines, a row per border rule and gravity mode."""
    lines = [
        f"Random {ROWS}x{COLS} deals, {KINDS} kinds of 4 tiles, {BUDGET:,} states at most:",
        "",
        "| border | gravity | deals | solvable | unsolvable | undecided | solvable fraction | time |",
        "|---|---|---:|---:|---:|---:|---:|---:|",
    ]
    for border in llk.BORDERS:
        for gravity in GRAVITY:
            lines.append(row(border, gravity, deals))
    return lines


def row(border: llk.Border, gravity: llk.GravityMode, deals: int) -> str:
    """The table's row for one border rule and gravity mode."""
    started = time.perf_counter()
    counts = study(border, gravity, deals)
    seconds = time.perf_counter() - started
    fraction = counts["solved"] / deals
    return (
        f"| {border} | {gravity} | {deals} | {counts['solved']} | {counts['unsolvable']} "
        f"| {counts['unknown']} | {fraction:.2f} | {seconds:.2f} s |"
    )


def main() -> None:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    print("\n".join(table(deals)))


if __name__ == "__main__":
    main()
