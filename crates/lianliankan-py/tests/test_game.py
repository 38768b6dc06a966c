"""Game: removals with their paths and gravity, undo and redo, hints,
moves, shuffles and the history, and the errors of each."""

import pytest

import lianliankan as llk
from conftest import CROSS, JUDGE, JUDGE_RULES

Move = llk.Move

# docs/rules.md's gravity board under a pair of 9s that the first removal takes.
GRAVITY_BOARD = [
    [9, 9, 0],
    [1, 0, 2],
    [0, 3, 0],
    [4, 0, 5],
    [0, 6, 0],
    [7, 0, 8],
]


def test_remove_returns_the_path_and_undo_redo_walk_the_history() -> None:
    game = llk.Game(JUDGE, JUDGE_RULES)
    assert game.board == JUDGE and game.rules == JUDGE_RULES
    assert game.history == [] and game.undone == [] and game.undo() is None
    assert game.remove((0, 0), (2, 3)) == [(0, 0), (1, 0), (1, 3), (2, 3)]
    assert game.board == [[0, 2, 3, 4], [0, 0, 0, 0], [4, 3, 2, 0]]
    (step,) = game.history
    assert (step.kind, step.move, step.kinds, step.moved) == ("removed", Move((0, 0), (2, 3)), (1, 1), [])
    assert step.move is not None and step.move.route is None and step.move.path is None
    assert isinstance(step, llk.RemovedStep) and not hasattr(step, "before")
    undone = game.undo()
    assert undone == step and game.board == JUDGE
    assert game.history == [] and game.undone == [step]
    assert game.redo() == step and game.redo() is None
    assert game.board == [[0, 2, 3, 4], [0, 0, 0, 0], [4, 3, 2, 0]]
    assert "1 steps" in repr(game)


def test_undone_lists_the_next_redo_first() -> None:
    game = llk.Game([[1, 1, 2, 2, 3, 3]], JUDGE_RULES)
    first = game.play(Move((0, 0), (0, 1)))
    second = game.play(Move((0, 2), (0, 3)))
    assert first.path == [(0, 0), (0, 1)] and second == Move((0, 2), (0, 3))
    game.undo()
    game.undo()
    assert [s.move for s in game.undone] == [first, second]
    redone = game.redo()
    assert redone is not None and redone.move == first


def test_gravity_compacts_after_a_removal_and_undo_restores_exactly() -> None:
    game = llk.Game(GRAVITY_BOARD, llk.Rules(border="closed", gravity="down"))
    game.remove((0, 0), (0, 1))
    # The "down" column of the example, under an empty row.
    assert game.board == [
        [0, 0, 0],
        [0, 0, 0],
        [0, 0, 0],
        [1, 0, 2],
        [4, 3, 5],
        [7, 6, 8],
    ]
    (step,) = game.history
    assert (2, (1, 2), (3, 2)) in step.moved and (3, (2, 1), (4, 1)) in step.moved
    assert len(step.moved) == 6  # 7 and 8 and 6 stay; the others fall
    game.undo()
    assert game.board == GRAVITY_BOARD


def test_gravity_left_down_right_up() -> None:
    game = llk.Game(GRAVITY_BOARD, llk.Rules(border="closed", gravity="left-down-right-up"))
    game.remove((0, 0), (0, 1))
    # Columns 0 and 1 (the left half of 3) fall, column 2 rises.
    assert game.board == [
        [0, 0, 2],
        [0, 0, 5],
        [0, 0, 8],
        [1, 0, 0],
        [4, 3, 0],
        [7, 6, 0],
    ]


@pytest.mark.parametrize(
    "a, b, message",
    [
        ((0, 0), (0, 0), "both tiles are the one at (0, 0)"),
        ((1, 0), (0, 0), "the cell at (1, 0) is empty"),
        ((0, 0), (2, 2), "the tiles are of different kinds (1 and 2)"),
        ((0, 0), (3, 0), "(3, 0) is off the board"),
        ((0, -1), (0, 0), "(0, -1) is off the 3x4 board"),
    ],
)
def test_bad_removals_change_nothing(a: tuple, b: tuple, message: str) -> None:
    game = llk.Game(JUDGE, JUDGE_RULES)
    with pytest.raises(llk.IllegalMove) as caught:
        game.remove(a, b)
    assert isinstance(caught.value, ValueError)
    assert str(caught.value) == message
    with pytest.raises(llk.IllegalMove) as caught:
        game.play(Move(a, b))
    assert str(caught.value) == message
    assert game.board == JUDGE and game.history == []


def test_no_path_on_a_dead_board() -> None:
    game = llk.Game(CROSS, JUDGE_RULES)
    assert game.is_dead() and not game.is_cleared()
    assert game.hint() is None and game.moves() == []
    with pytest.raises(llk.IllegalMove, match="^no path with few enough turns joins the tiles$"):
        game.remove((0, 0), (1, 1))


def test_hint_and_moves_agree_with_the_functions() -> None:
    game = llk.Game(JUDGE, JUDGE_RULES)
    assert game.moves() == llk.moves(JUDGE, JUDGE_RULES)
    hint = game.hint()
    assert hint is not None and hint in game.moves()
    # The hint carries the path play would take; moves() computes none.
    assert hint == Move((0, 0), (2, 3)) and hint.path == [(0, 0), (1, 0), (1, 3), (2, 3)]
    assert all(m.path is None for m in game.moves())
    assert game.play(hint).path == hint.path


def test_play_takes_a_move_only() -> None:
    game = llk.Game(JUDGE, JUDGE_RULES)
    with pytest.raises(TypeError, match="^move: expected Move, got tuple$"):
        game.play(((0, 0), (2, 3)))  # type: ignore[arg-type]
    assert game.history == []


def test_a_certificate_clears_the_game() -> None:
    rules = llk.Rules(border="open", gravity="outward", groups="1-3")
    deal = llk.generate(6, 6, 9, seed=4, rules=rules)
    game = llk.Game(deal.board, rules)
    for m in deal.certificate:
        game.play(m)
    assert game.is_cleared() and not game.is_dead()
    assert [s.move for s in game.history if s.kind == "removed"] == deal.certificate
    assert len(game.history) == 18
    assert all(row == [0] * 6 for row in game.board)


def test_shuffle_keeps_the_tiles_and_makes_a_move() -> None:
    game = llk.Game(CROSS, JUDGE_RULES)
    game.shuffle(seed=3)
    assert not game.is_dead()
    assert sorted(k for row in game.board for k in row) == [1, 1, 2, 2]
    (step,) = game.history
    assert isinstance(step, llk.ShuffledStep) and step.kind == "shuffled"
    assert not hasattr(step, "move") and not hasattr(step, "kinds")
    assert step.before == [((0, 0), 1), ((0, 1), 2), ((1, 0), 2), ((1, 1), 1)]
    assert sorted(k for _, k in step.after) == [1, 1, 2, 2]
    assert repr(step) == "ShuffledStep(after=<4 tiles>)"
    game.undo()
    assert game.board == CROSS


def test_shuffle_errors() -> None:
    game = llk.Game([[1, 2, 0]], JUDGE_RULES)
    with pytest.raises(llk.NoMovePossible, match="^no arrangement of the remaining tiles has a move$"):
        game.shuffle(0)
    with pytest.raises(ValueError) as caught:
        game.shuffle(-1)
    assert str(caught.value) == "seed must be 0 or more, got -1"
    assert game.history == []


def test_game_default_rules_are_the_judges() -> None:
    assert llk.Game([[1, 1]]).rules == llk.Rules() == llk.Rules.judge()
    # On a closed board the crossed pairs are dead.
    assert llk.Game(CROSS).is_dead()
