"""Shared boards of the suite."""

import lianliankan as llk

# The judge's first sample board (HDU 1175), 0 = empty.
JUDGE = [[1, 2, 3, 4], [0, 0, 0, 0], [4, 3, 2, 1]]
# The judge's rule: two turns, the path stays on the board, no gravity
# (written out: it is also Rules() and Rules.judge()).
JUDGE_RULES = llk.Rules(border="closed", gravity="none")
# Two crossed pairs: no path on a closed board, so no move at all.
CROSS = [[1, 2], [2, 1]]

# A deal whose search takes long: 24x12, 72 kinds of 4 tiles, KShisen's
# rules (open border, gravity down). 20,000 states of its search took 3 s
# in a release build here, and the search needs more than that.
HARD = llk.deal(24, 12, 72, seed=1).board
HARD_RULES = llk.Rules.kshisen()
