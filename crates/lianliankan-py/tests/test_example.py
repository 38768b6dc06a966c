"""The example script runs and prints a whole table."""

import pathlib
import subprocess
import sys

EXAMPLE = pathlib.Path(__file__).parent.parent / "examples" / "study_table.py"


def test_study_table_prints_a_row_per_rule() -> None:
    out = subprocess.run(
        [sys.executable, str(EXAMPLE), "20"], capture_output=True, text=True, check=True
    ).stdout
    rows = [line for line in out.splitlines() if line.startswith("| closed") or line.startswith("| open")]
    assert len(rows) == 8, out
    for row in rows:
        cells = [c.strip() for c in row.strip("|").split("|")]
        deals, solvable, unsolvable, undecided = map(int, cells[2:6])
        assert deals == 20 and solvable + unsolvable + undecided == 20, row
        assert float(cells[6]) == solvable / 20, row
    # Around the board every such deal clears (checked when this was written).
    assert all(row.split("|")[4].strip() == "20" for row in rows if row.startswith("| open")), out
