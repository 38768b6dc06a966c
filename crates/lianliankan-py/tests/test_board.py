"""Board: a board read once into the library's form, with its rules; its
queries against the module's functions (which read the lists each call)
and against a brute-force reading of `moves`, on seeded random boards; the
judge's text both ways; values (eq, hash, copy, pickle, str, repr); every
bad input."""

import copy
import pickle
import random
from typing import List, Optional, Tuple

import pytest

import lianliankan as llk
from conftest import JUDGE

Cell = Tuple[int, int]

RULES = [
    llk.Rules(),
    llk.Rules.kshisen(),
    llk.Rules(turns=3),
    llk.Rules(turns=1, border="open"),
    llk.Rules(connect="four-rivers"),
    llk.Rules(connect="line"),
    llk.Rules(groups="1-2"),
    llk.Rules(slide=True),
]


def random_board(rng: random.Random) -> List[List[int]]:
    """A small board with empty cells and few kinds, so that many pairs
    match and paths of every shape occur."""
    rows, cols = rng.randint(1, 6), rng.randint(1, 7)
    return [[rng.choice([0, 0, 1, 2, 3]) for _ in range(cols)] for _ in range(rows)]


def cells(board: List[List[int]]) -> List[Cell]:
    return [(r, c) for r in range(len(board)) for c in range(len(board[0]))]


@pytest.mark.parametrize("rules", RULES, ids=repr)
def test_queries_agree_with_the_functions_and_with_moves_on_random_boards(rules: llk.Rules) -> None:
    rng = random.Random(57)
    for _ in range(60):
        rows = random_board(rng)
        board = llk.Board(rows, rules)
        assert board.to_list() == rows
        listed = llk.moves(rows, rules)
        assert board.moves() == listed
        for a in cells(rows):
            for b in cells(rows):
                path = board.connect(a, b)
                assert path == llk.connect(rows, a, b, rules), (rows, a, b)
                # Brute force: a pair can go when `moves` lists it (a
                # plain pair either way round, a slide of the first tile).
                plain = llk.Move(a, b) in listed and a != b
                slid = any(m.is_slide and m.a == a and m.b == b for m in listed)
                assert board.can_remove(a, b) == (plain or slid), (rows, a, b)
                removal = board.path(a, b)
                assert (removal is not None) == (plain or slid)
                if plain and not rules.slide:
                    assert removal == path
                if removal is not None:
                    assert removal[0] == a and removal[-1] == b
        hint = board.hint()
        game = llk.Game(rows, rules)
        assert hint == game.hint() and (hint is None or hint.path == game.hint().path)  # type: ignore[union-attr]
        if hint is not None:
            assert hint == listed[0]


def test_game_queries_the_board_it_has_now() -> None:
    rules = llk.Rules.kshisen()
    deal = llk.generate(6, 8, 8, seed=3, rules=rules)
    game = llk.Game(llk.Board(deal.board, rules))
    assert game.rules == rules
    assert deal.certificate is not None
    for m in deal.certificate:
        position = game.position()
        assert position == llk.Board(game.board, rules)
        assert game.can_remove(m.a, m.b) and position.can_remove(m.a, m.b)
        assert game.path(m.a, m.b) == position.path(m.a, m.b)
        assert game.connect(m.a, m.b) == llk.connect(game.board, m.a, m.b, rules)
        game.play(m)
    assert game.is_cleared() and not game.can_remove((0, 0), (0, 1))


def test_the_functions_take_a_board_and_its_rules() -> None:
    rules = llk.Rules(border="open")
    board = llk.Board([[1, 2, 2, 1]], rules)
    # The board's rules unless others are given.
    assert llk.connect(board, (0, 0), (0, 3)) == [(0, 0), (-1, 0), (-1, 3), (0, 3)]
    assert llk.connect(board, (0, 0), (0, 3), llk.Rules()) is None
    assert llk.moves(board) == [llk.Move((0, 0), (0, 3)), llk.Move((0, 1), (0, 2))]
    assert llk.solve(board).status == "solved"
    assert llk.solve(board, llk.Rules()).status == "solved"
    assert llk.Game(board).rules == rules
    assert llk.replay(board, rules, [llk.Move((0, 1), (0, 2)), llk.Move((0, 0), (0, 3))]) == 2
    assert llk.Board(board) == board  # a Board keeps its rules unless others are given
    assert llk.Board(board, llk.Rules()) == llk.Board([[1, 2, 2, 1]])


def test_a_board_from_a_numpy_array_equals_the_one_from_lists() -> None:
    numpy = pytest.importorskip("numpy", reason="numpy is installed in the test venv by xtask")
    rows = llk.deal(6, 8, 12, seed=4).board
    for dtype in ["int8", "int32", "uint16", "int64"]:
        assert llk.Board(numpy.array(rows, dtype=dtype)) == llk.Board(rows)
    with pytest.raises(TypeError, match=r"^board\[0\]\[0\]: expected int, got bool$"):
        llk.Board(numpy.array([[True, False]]))
    with pytest.raises(TypeError, match=r"^board\[0\]\[0\]: expected int, got float$"):
        llk.Board(numpy.array([[1.0, 1.0]]))


def test_the_judges_text_both_ways() -> None:
    text = "3 4\n1 2 3 4\n0 0 0 0\n4 3 2 1\n"
    board = llk.Board.from_judge(text)
    assert board == llk.Board(JUDGE) and board.to_judge() == text
    assert llk.Board.from_judge(board.to_judge(), llk.Rules.kshisen()).rules == llk.Rules.kshisen()
    # Line breaks carry no meaning.
    assert llk.Board.from_judge("3 4 1 2 3 4 0 0 0 0 4 3 2 1") == board
    rng = random.Random(1175)
    for _ in range(50):
        rows = random_board(rng)
        again = llk.Board.from_judge(llk.Board(rows).to_judge())
        assert again.to_list() == rows


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "expected a board"),
        ("0 0", "expected a board"),
        ("2 2\n1 1\n", "line"),
        ("2 2\n1 1\n1 x\n", "line 3"),
        ("1 2\n1 1\n5", "nothing may follow"),
        ("1 2\n1 -1\n", "line 2"),
    ],
)
def test_bad_judge_text_is_a_board_error_with_its_place(text: str, message: str) -> None:
    with pytest.raises(llk.BoardError, match=message):
        llk.Board.from_judge(text)


def test_sizes_and_kinds() -> None:
    board = llk.Board(JUDGE)
    assert (board.rows, board.cols, board.tile_count) == (3, 4, 8)
    assert board.kind((0, 3)) == 4 and board.kind((1, 1)) == 0
    assert board.rules == llk.Rules()


def test_values_eq_hash_copy_pickle_str_repr() -> None:
    board = llk.Board(JUDGE, llk.Rules.kshisen())
    same = llk.Board([tuple(row) for row in JUDGE], llk.Rules.kshisen())
    assert board == same and hash(board) == hash(same)
    assert board != llk.Board(JUDGE) and board != JUDGE
    assert len({board, same, llk.Board(JUDGE)}) == 2
    for again in [copy.copy(board), copy.deepcopy(board), pickle.loads(pickle.dumps(board))]:
        assert again == board and again.rules == board.rules
    assert str(board) == " 1  2  3  4\n .  .  .  .\n 4  3  2  1\n"
    assert repr(board) == (
        'Board(board=<3x4 board, 8 tiles>, rules=Rules(turns=2, border="open", '
        'gravity="down", groups="", connect="standard"))'
    )
    with pytest.raises(TypeError):
        hash([board])


def test_bad_boards_and_cells() -> None:
    with pytest.raises(TypeError, match="^board: expected a sequence of rows of ints"):
        llk.Board("1 2")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^board\[0\]\[1\]: expected int, got bool$"):
        llk.Board([[1, True]])
    with pytest.raises(llk.BoardError, match="^a board needs at least one row and one column, found 0 x 0$"):
        llk.Board([])
    with pytest.raises(llk.BoardError, match="^row 1 has a different length from row 0$"):
        llk.Board([[1, 1], [1]])
    with pytest.raises(llk.BoardError, match=r"^the kind at \(0, 0\) is -1"):
        llk.Board([[-1, 1]])
    with pytest.raises(TypeError, match="^rules: expected Rules, got str"):
        llk.Board(JUDGE, "closed")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="^text: expected str, got int$"):
        llk.Board.from_judge(5)  # type: ignore[arg-type]
    board = llk.Board(JUDGE)
    for query in [board.connect, board.can_remove, board.path]:
        with pytest.raises(llk.BoardError, match=r"^\(3, 0\) is off the 3x4 board$"):
            query((0, 0), (3, 0))
        with pytest.raises(llk.BoardError, match=r"^\(-1, 0\) is off the 3x4 board$"):
            query((-1, 0), (0, 0))
        with pytest.raises(TypeError, match=r"^a: expected a cell, a sequence of two ints \(row, col\), got str$"):
            query("ab", (0, 0))  # type: ignore[arg-type]
        with pytest.raises(TypeError, match=r"^b\[0\]: expected int, got bool$"):
            query((0, 0), (True, 0))
        # Past the quick reading of a cell (a tuple of two small ints): an
        # int too large for any board raises, and leaves nothing behind for
        # the next query; an int subclass and a list are read as cells.
        with pytest.raises(OverflowError):
            query((0, 2**70), (0, 0))
        assert query((0, 0), (0, 1)) in (None, False)

        class Row(int):
            pass

        assert query((Row(0), 0), [0, 2]) == query((0, 0), (0, 2))
        # Not a pair: the same cell, an empty one, kinds that differ.
        assert query((0, 0), (0, 0)) in (None, False)
        assert query((0, 0), (1, 0)) in (None, False)
        assert query((0, 0), (0, 1)) in (None, False)
    with pytest.raises(llk.BoardError, match=r"^\(0, 9\) is off the 3x4 board$"):
        board.kind((0, 9))
    game = llk.Game(JUDGE)
    for query in [game.connect, game.can_remove, game.path]:
        with pytest.raises(llk.BoardError, match="off the 3x4 board"):
            query((0, 0), (5, 5))
    with pytest.raises(AttributeError):
        llk.Board(JUDGE).rows = 4  # type: ignore[misc]


def test_the_lists_are_read_once() -> None:
    # The handle keeps the library's board: changing the lists after does
    # not change it.
    rows = [[1, 0, 1]]
    board = llk.Board(rows)
    rows[0][1] = 2
    assert board.connect((0, 0), (0, 2)) == [(0, 0), (0, 2)]
    path: Optional[List[Tuple[int, int]]] = llk.connect(rows, (0, 0), (0, 2))
    assert path is None
