"""Typed use of the whole API, checked by mypy against lianliankan.pyi (the
test step runs `mypy --strict` over this file and the example); also run
by test_typed_usage.py, so that what it does is right as well as typed."""

from typing import List, Literal, Optional, Tuple

import lianliankan as llk

Cell = Tuple[int, int]
Pair = Tuple[Cell, Cell]


def play_out(board: List[List[int]], rules: llk.Rules) -> int:
    """Clears `board` with the solver's order; the number of pairs removed."""
    result: llk.SolveResult = llk.solve(board, rules, budget=1_000_000, memory_cap=64 << 20)
    if result.status != "solved" or result.order is None:
        return 0
    game = llk.Game(board, rules)
    for a, b in result.order:
        corners: List[Tuple[int, int]] = game.remove(a, b)
        assert corners[0] == a and corners[-1] == b
    steps: List[llk.Step] = game.history
    last: Optional[llk.Step] = game.undo()
    assert last is not None and last.kind == "removed"
    assert game.redo() == last and game.is_cleared()
    return len(steps)


def main() -> None:
    rules = llk.Rules(turns=2, border="open", gravity="down", groups="")
    deal: llk.Deal = llk.generate(rows=8, cols=12, kinds=18, seed=1, rules=rules)
    certificate: List[Pair] = deal.certificate
    assert llk.replay(deal.board, rules, certificate) == 48
    assert play_out(deal.board, rules) == 48
    board: List[List[int]] = llk.deal(6, 8, 12, seed=2, copies=4)
    path: Optional[List[Tuple[int, int]]] = llk.connect(board, (0, 0), (0, 1), rules)
    pairs: List[Pair] = llk.moves(board, rules)
    assert (path is not None) == (((0, 0), (0, 1)) in pairs)
    game = llk.Game(board)
    hint: Optional[Pair] = game.hint()
    if hint is not None:
        game.remove(*hint)
    game.shuffle(seed=1)
    step = game.history[-1]
    moved: List[Tuple[int, Cell, Cell]] = step.moved
    before: List[Tuple[Cell, int]] = step.before
    assert step.kind == "shuffled" and moved == [] and len(before) == len(step.after)
    modes: Tuple[str, ...] = llk.GRAVITY_MODES
    assert llk.BORDERS == ("closed", "open") and modes[0] == "none"
    try:
        llk.replay(board, rules, [((0, 0), (0, 0))])
    except llk.IllegalStep as e:
        index: int = e.index
        reason: str = e.reason
        assert index == 0 and reason == "both tiles are the one at (0, 0)" and e.step[0] == (0, 0)
    sliding = llk.Rules(slide=True, gravity="none")
    slide_game = llk.Game([[1, 2, 0, 0], [2, 0, 1, 0]], sliding)
    slides: List[Tuple[Cell, Cell, Literal["row", "column"]]] = slide_game.slides()
    for a, b, route in slides:
        slide_game.play(a, b, route)
    solved = llk.solve([[1, 2, 0, 0], [2, 0, 1, 0]], sliding)
    routes: Optional[List[Optional[Literal["row", "column"]]]] = solved.routes
    assert sliding.slide and routes is not None and solved.order is not None
    assert llk.replay([[1, 2, 0, 0], [2, 0, 1, 0]], sliding, solved.order, routes) == 2
    assert slide_game.history[0].route == "row"
    closed = llk.Rules(border="closed", gravity="none")
    rating: llk.Rating = llk.rate(board, closed, plays=20, probes=1, seed=3, budget=5_000)
    score: int = rating.score
    level: Literal["easy", "normal", "hard"] = rating.difficulty
    interval: Tuple[float, float] = rating.forgiveness_interval
    earliest: Optional[int] = rating.earliest_trap
    winnable: Optional[bool] = rating.winnable
    assert 0 <= score <= 100 and interval[0] <= rating.forgiveness <= interval[1]
    assert rating.plays == 20 and (earliest is None or earliest >= 0) and winnable is not False
    assert str(rating).startswith(f"score {score} ({level})")
    rated: llk.RatedDeal = llk.generate_rated(
        6, 8, 12, seed=2, rules=closed, difficulty="normal", plays=40, candidates=100
    )
    assert 25 <= rated.rating.score <= 49 and rated.candidates >= 1 and rated.seed >= 0
    assert llk.replay(rated.board, closed, rated.certificate, rated.routes) == 24
    try:
        llk.generate_rated(4, 6, 3, rules=closed, score=(90, 100), candidates=2, plays=10)
    except llk.OutOfBand as e:
        band: Tuple[int, int] = e.band
        seen: Tuple[int, int] = e.scores
        assert band == (90, 100) and e.candidates == 2 and seen[1] < 90
    version: str = llk.__version__
    assert version


if __name__ == "__main__":
    main()
