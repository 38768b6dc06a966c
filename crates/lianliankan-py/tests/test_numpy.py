"""Boards and cells as numpy arrays: accepted wherever a board or a cell
is (by length and indexing; the module itself imports no numpy), with the
same answers as lists, the same refusals, and the board back as an array
with numpy.asarray."""

from typing import Any

import numpy
import pytest

import lianliankan as llk
from conftest import CROSS, JUDGE, JUDGE_RULES

DTYPES = [numpy.uint8, numpy.int16, numpy.uint32, numpy.int64]


@pytest.mark.parametrize("dtype", DTYPES)
def test_an_array_board_gets_the_answers_of_its_list(dtype: Any) -> None:
    deal = llk.generate(6, 8, 6, seed=4, rules=llk.Rules.kshisen())
    board = numpy.array(deal.board, dtype=dtype)
    rules = llk.Rules.kshisen()
    assert llk.solve(board, rules) == llk.solve(deal.board, rules)
    assert llk.Game(board, rules).moves() == llk.Game(deal.board, rules).moves()
    assert llk.Game(board, rules).board == deal.board
    assert llk.rate(board, rules, plays=5, probes=1) == llk.rate(deal.board, rules, plays=5, probes=1)
    for sample in [JUDGE, CROSS]:
        assert llk.solve(numpy.array(sample, dtype=dtype), JUDGE_RULES) == llk.solve(sample, JUDGE_RULES)


def test_cells_as_arrays_and_numpy_ints() -> None:
    game = llk.Game(numpy.array([[1, 1], [2, 2]]))
    assert game.remove(numpy.array([0, 0]), (numpy.int64(0), numpy.uint8(1))) == [(0, 0), (0, 1)]
    assert game.board == [[0, 0], [2, 2]]
    move = llk.Move(numpy.array([1, 0], dtype=numpy.int32), [numpy.int16(1), 1])
    assert game.play(move) == llk.Move((1, 0), (1, 1))
    assert game.is_cleared()


def test_the_board_comes_back_as_an_array() -> None:
    game = llk.Game(JUDGE, JUDGE_RULES)
    array = numpy.asarray(game.board, dtype=numpy.uint32)
    assert array.shape == (3, 4)
    assert llk.Game(array, JUDGE_RULES).board == JUDGE
    deal = llk.deal(4, 6, 6, seed=2).board
    assert numpy.asarray(deal).tolist() == deal


def test_arrays_are_refused_as_lists_are() -> None:
    # The library's refusals: a negative kind, no row.
    with pytest.raises(llk.BoardError, match="the kind at \\(0, 1\\) is -3"):
        llk.solve(numpy.array([[1, -3]]))
    with pytest.raises(llk.BoardError, match="at least one row and one column"):
        llk.solve(numpy.zeros((0, 3), dtype=numpy.uint8))
    # Not ints, a row that is a number, a cell that is one number: a
    # TypeError naming the argument, as for lists.
    with pytest.raises(TypeError, match="board\\[0\\]\\[0\\]: expected int, got float"):
        llk.solve(numpy.array([[1.0, 1.0]]))
    with pytest.raises(TypeError, match="board\\[0\\]: expected a sequence of ints \\(a row\\), got int"):
        llk.solve(numpy.array([1, 1], dtype=numpy.int64))
    with pytest.raises(TypeError, match="board\\[0\\]\\[0\\]: expected int, got list"):
        llk.solve(numpy.ones((1, 2, 2), dtype=numpy.uint8))
    with pytest.raises(TypeError, match="board: expected a sequence of rows of ints"):
        llk.solve(numpy.int64(5))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="board: expected a sequence of rows of ints"):
        llk.solve(numpy.array(5))
    game = llk.Game([[1, 1]])
    with pytest.raises(TypeError, match="a: expected a cell, a sequence of two ints \\(row, col\\), got 3 items"):
        game.remove(numpy.array([0, 0, 0]), (0, 1))
    with pytest.raises(TypeError, match="a: expected a cell"):
        game.remove(numpy.int64(0), (0, 1))  # type: ignore[arg-type]
