"""Typed use of the whole API, checked by mypy against lianliankan.pyi (the
test step runs `mypy --strict` over this file and the example); also run
by test_typed_usage.py, so that what it does is right as well as typed."""

import copy
import pickle
from typing import List, Literal, Optional, Tuple

import numpy

import lianliankan as llk

Cell = Tuple[int, int]


def play_out(board: List[List[int]], rules: llk.Rules) -> int:
    """Clears `board` with the solver's order; the number of pairs removed."""
    result: llk.SolveResult = llk.solve(board, rules, budget=1_000_000, memory_cap=64 << 20)
    if result.status != "solved" or result.order is None:
        return 0
    game = llk.Game(board, rules)
    for m in result.order:
        a: Cell = m.a
        b: Cell = m.b
        made: llk.Move = game.play(m)
        corners: Optional[List[Tuple[int, int]]] = made.path
        assert corners is not None and corners[0] == a and corners[-1] == b
    steps: List[llk.Step] = game.history
    last: Optional[llk.Step] = game.undo()
    assert last is not None and last.kind == "removed"
    assert game.redo() == last and game.is_cleared()
    return len(steps)


def literals() -> None:
    """The Literal aliases type the rules' names."""
    border: llk.Border = "open"
    gravity: llk.GravityMode = "apart-vertical"
    connect: llk.ConnectRule = "four-rivers"
    route: llk.Route = "column"
    rules = llk.Rules(turns=3, border=border, gravity=gravity, connect=connect)
    named: Tuple[llk.Border, llk.GravityMode, llk.ConnectRule] = (rules.border, rules.gravity, rules.connect)
    assert named == ("open", "apart-vertical", "four-rivers")
    assert llk.Move((0, 0), (1, 0), route=route).route == "column"
    borders: Tuple[llk.Border, ...] = llk.BORDERS
    connects: Tuple[llk.ConnectRule, ...] = llk.CONNECT_RULES
    assert borders == ("closed", "open") and connects[0] == "standard"
    assert llk.Rules() == llk.Rules.judge() != llk.Rules.kshisen()


def values() -> None:
    """Values pickle, copy, compare and hash; errors form one hierarchy."""
    rules = llk.Rules.kshisen()
    assert pickle.loads(pickle.dumps(rules)) == rules and hash(rules) == hash(copy.copy(rules))
    game = llk.Game([[1, 1, 2, 2]])
    game.remove([0, 0], [0, 1])
    again: llk.Game = pickle.loads(pickle.dumps(game))
    twin: llk.Game = copy.deepcopy(game)
    assert again.history == twin.history == game.history
    moves = {llk.Move((0, 2), (0, 3)), llk.Move([0, 3], [0, 2])}
    assert len(moves) == 1
    try:
        llk.Rules(slide=True, border="open")
    except llk.RulesError as e:
        error: llk.LianliankanError = e
        wrong: ValueError = e
        assert str(error) == str(wrong)
    try:
        llk.solve([])
    except llk.BoardError as e:
        assert str(e) == "a board needs at least one row and one column, found 0 x 0"
    assert llk.solve([[1, 1]], budget=2**64 - 1).status == "solved"


def arrays() -> None:
    """Boards and cells as numpy arrays type-check as sequences do."""
    board = numpy.array([[1, 2], [2, 1]], dtype=numpy.uint8)
    assert llk.solve(board).status == "unsolvable"
    game = llk.Game(numpy.asarray([[1, 1]], dtype=numpy.int64))
    game.remove(numpy.array([0, 0]), (numpy.int64(0), 1))
    back: numpy.typing.NDArray[numpy.uint32] = numpy.asarray(game.board, dtype=numpy.uint32)
    assert back.shape == (1, 2) and game.is_cleared()


def main() -> None:
    literals()
    values()
    arrays()
    rules = llk.Rules(turns=2, border="open", gravity="down", groups="")
    deal: llk.Deal = llk.generate(rows=8, cols=12, kinds=18, seed=1, rules=rules)
    certificate: Optional[List[llk.Move]] = deal.certificate
    assert certificate is not None  # None only for deal()'s boards
    assert llk.replay(deal.board, rules, certificate) == 48
    handle = llk.Board(deal.board, rules)
    corners: Optional[List[Tuple[int, int]]] = handle.connect((0, 0), (0, 1))
    can: bool = handle.can_remove((0, 0), (0, 1)) or handle.path((0, 0), (0, 1)) is None
    again: llk.Board = llk.Board.from_judge(handle.to_judge(), rules)
    assert again == handle and (corners is None or can) and handle.hint() in handle.moves() + [None]
    token = llk.Cancel()
    stopped: llk.SolveResult = llk.solve(handle, timeout=1.5, cancel=token, progress=lambda n: None)
    assert stopped.status in ("solved", "unknown") and not token.cancelled
    games: List[Tuple[int, int]] = []
    measured: llk.Rating = llk.rate(deal.board, rules, plays=4, probes=1, progress=lambda d, t: games.append((d, t)))
    assert measured.plays == 4 and games[-1] == (5, 5)
    assert play_out(deal.board, rules) == 48
    board: List[List[int]] = llk.deal(6, 8, 12, seed=2, copies=4).board
    path: Optional[List[Tuple[int, int]]] = llk.connect(board, (0, 0), (0, 1), rules)
    pairs: List[llk.Move] = llk.moves(board, rules)
    assert (path is not None) == (llk.Move((0, 0), (0, 1)) in pairs)
    game = llk.Game(board, llk.Rules.kshisen())
    hint: Optional[llk.Move] = game.hint()
    if hint is not None:
        game.play(hint)
    game.shuffle(seed=1)
    step = game.history[-1]
    # Step is a tagged union: its kind narrows it.
    if step.kind == "shuffled":
        before: List[Tuple[Cell, int]] = step.before
        assert len(before) == len(step.after)
    else:
        moved: List[Tuple[int, Cell, Cell]] = step.moved
        made_move: llk.Move = step.move
        assert moved == [] and made_move.path is None
    assert step.kind == "shuffled"
    modes: Tuple[str, ...] = llk.GRAVITY_MODES
    assert llk.BORDERS == ("closed", "open") and modes[0] == "none"
    try:
        llk.replay(board, rules, [llk.Move((0, 0), (0, 0))])
    except llk.IllegalStep as e:
        index: int = e.index
        reason: str = e.reason
        step_given: llk.Move = e.step
        assert index == 0 and reason == "both tiles are the one at (0, 0)" and step_given.a == (0, 0)
    sliding = llk.Rules(slide=True)
    slide_game = llk.Game([[1, 2, 0, 0], [2, 0, 1, 0]], sliding)
    slides: List[llk.Move] = [m for m in slide_game.moves() if m.is_slide]
    for m in slides:
        slide_game.play(m)
    solved = llk.solve([[1, 2, 0, 0], [2, 0, 1, 0]], sliding)
    assert sliding.slide and solved.order is not None
    routes: List[Optional[llk.Route]] = [m.route for m in solved.order]
    assert len(routes) == 2 and all(r in (None, "row", "column") for r in routes)
    assert llk.replay([[1, 2, 0, 0], [2, 0, 1, 0]], sliding, solved.order) == 2
    first = slide_game.history[0]
    assert first.kind == "removed" and first.move.route == "row"
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
    assert llk.replay(rated.board, closed, rated.certificate) == 24
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
