"""The module's values as Python values: pickling and copying of every
value type (a Game with its history and the steps undone), equality and
hashing, reprs, the exception hierarchy and the Literal aliases."""

import copy
import pickle
import typing
from typing import Any, Callable, List

import pytest

import lianliankan as llk
from conftest import CROSS, JUDGE, JUDGE_RULES

Move = llk.Move

# docs/rules.md's gravity board under a pair of 9s that the first removal takes.
GRAVITY_BOARD = [[9, 9, 0], [1, 0, 2], [0, 3, 0], [4, 0, 5], [0, 6, 0], [7, 0, 8]]


def round_trips(value: Any) -> List[Any]:
    """`value` through pickle (every protocol), copy and deepcopy."""
    out = [pickle.loads(pickle.dumps(value, protocol)) for protocol in range(pickle.HIGHEST_PROTOCOL + 1)]
    return out + [copy.copy(value), copy.deepcopy(value)]


def values() -> List[Any]:
    """One or more of each value type, made by the module."""
    gravity = llk.Game(GRAVITY_BOARD, llk.Rules(gravity="down"))
    gravity.remove((0, 0), (0, 1))
    shuffled = llk.Game(CROSS, JUDGE_RULES)
    shuffled.shuffle(seed=3)
    hard = llk.deal(24, 12, 72, seed=1).board
    return [
        llk.Rules(),
        llk.Rules.kshisen(),
        llk.Rules(turns=3, border="open", gravity="apart-vertical", groups="28-31,39+41", connect="line"),
        llk.Rules(slide=True, gravity="left"),
        Move((0, 0), (2, 3)),
        Move((0, 0), (1, 2), route="row", path=[(0, 0), (0, 2), (1, 2)]),
        Move((1, 0), (0, 0), route="column"),
        llk.generate(6, 8, 12, seed=1),
        llk.generate(4, 6, 6, seed=2, rules=llk.Rules(slide=True)),
        llk.deal(4, 6, 6, seed=2),
        llk.Board(JUDGE),
        llk.Board(JUDGE, llk.Rules.kshisen()),
        llk.Board(GRAVITY_BOARD, llk.Rules(gravity="down")),
        llk.solve([[1, 2, 2, 1]]),
        llk.solve(CROSS),
        llk.solve(hard, llk.Rules.kshisen(), budget=50),
        gravity.history[0],
        shuffled.history[0],
        llk.rate(JUDGE, plays=10, probes=1),
        llk.rate(CROSS),
        llk.generate_rated(4, 6, 6, seed=1, difficulty="easy", plays=10),
    ]


@pytest.mark.parametrize("value", values(), ids=lambda v: type(v).__name__)
def test_every_value_pickles_and_copies_to_an_equal_value(value: Any) -> None:
    for again in round_trips(value):
        assert type(again) is type(value)
        assert again == value and hash(again) == hash(value)
        assert repr(again) == repr(value)


def test_values_equal_only_their_equals() -> None:
    made = values()
    for i, a in enumerate(made):
        for j, b in enumerate(made):
            assert (a == b) == (i == j), (a, b)
            if i == j:
                assert hash(a) == hash(b)
    # Deals compare equal when equal: the same arguments, the same deal.
    assert llk.generate(6, 8, 12, seed=1) == llk.generate(6, 8, 12, seed=1)
    assert len({llk.generate(6, 8, 12, seed=1), llk.generate(6, 8, 12, seed=1)}) == 1
    assert llk.generate(6, 8, 12, seed=1) != llk.generate(6, 8, 12, seed=2)
    assert llk.solve(CROSS) == llk.solve(CROSS) and llk.solve(CROSS) != "unsolvable"


def test_a_moves_fields_survive_the_round_trip() -> None:
    slide = Move((0, 0), (1, 2), route="row", path=[(0, 0), (0, 2), (1, 2)])
    for again in round_trips(slide):
        assert (again.a, again.b, again.route, again.path) == ((0, 0), (1, 2), "row", [(0, 0), (0, 2), (1, 2)])


def test_moves_compare_by_cells_and_route_not_path() -> None:
    plain = Move((0, 3), (0, 0), path=[(0, 3), (0, 0)])
    # A plain pair puts its smaller cell first, its path turned round.
    assert (plain.a, plain.b, plain.path) == ((0, 0), (0, 3), [(0, 0), (0, 3)])
    assert plain == Move((0, 0), (0, 3)) and hash(plain) == hash(Move((0, 0), (0, 3)))
    assert plain != Move((0, 0), (0, 3), route="row")
    # A slide keeps its cells as picked: the other pick is another move.
    assert Move((0, 3), (0, 0), route="row") != Move((0, 0), (0, 3), route="row")
    # Sorted by a, then b, then route (a plain pair first), as the library.
    moves = [Move((1, 0), (1, 1)), Move((0, 0), (0, 1), route="column"),
             Move((0, 0), (0, 1), route="row"), Move((0, 0), (0, 1))]
    assert sorted(moves) == [moves[3], moves[2], moves[1], moves[0]]
    assert Move((0, 0), (0, 1)) != ((0, 0), (0, 1))


@pytest.mark.parametrize(
    "value",
    [
        llk.Rules(),
        llk.Rules.kshisen(),
        llk.Rules(turns=3, border="open", gravity="apart-vertical", groups="28-31,39+41", connect="line"),
        llk.Rules(slide=True, gravity="left"),
        Move((0, 0), (2, 3)),
        Move((0, 0), (1, 2), route="row", path=[(0, 0), (0, 2), (1, 2)]),
        Move((0, 1), (0, 2), path=[(0, 1), (-1, 1), (-1, 2), (0, 2)]),
    ],
    ids=repr,
)
def test_reprs_of_rules_and_moves_evaluate_to_equal_values(value: Any) -> None:
    again = eval(repr(value), {"Rules": llk.Rules, "Move": llk.Move})
    assert again == value and repr(again) == repr(value)


def test_reprs() -> None:
    assert repr(Move((0, 0), (1, 2), route="row", path=[(0, 0), (0, 2), (1, 2)])) == (
        'Move((0, 0), (1, 2), route="row", path=[(0, 0), (0, 2), (1, 2)])'
    )
    assert repr(llk.generate(4, 6, 6)) == "Deal(board=<4x6 board, 24 tiles>, certificate=<12 moves>)"
    step = llk.Game(JUDGE).play(Move((0, 0), (2, 3)))
    assert repr(step) == "Move((0, 0), (2, 3), path=[(0, 0), (1, 0), (1, 3), (2, 3)])"
    game = llk.Game(JUDGE)
    game.remove((0, 0), (2, 3))
    assert repr(game.history[0]) == "RemovedStep(move=Move((0, 0), (2, 3)), kinds=(1, 1), moved=<0 tiles>)"


def test_a_game_pickles_and_copies_with_its_history_and_the_steps_undone() -> None:
    start = llk.deal(4, 4, 4, seed=1).board
    game = llk.Game(start, llk.Rules.kshisen())
    first = game.hint()
    assert first is not None
    game.play(first)
    game.shuffle(seed=5)
    hint = game.hint()
    assert hint is not None
    game.play(hint)
    game.undo()
    assert [s.kind for s in game.history] == ["removed", "shuffled"]
    assert len(game.history) == 2 and len(game.undone) == 1
    for again in round_trips(game):
        assert isinstance(again, llk.Game) and again is not game
        assert (again.board, again.rules) == (game.board, game.rules)
        assert (again.history, again.undone) == (game.history, game.undone)
        # It redoes and undoes as the original would, apart from it.
        assert again.redo() == game.undone[0] and again.undone == []
        assert len(again.history) == 3 and len(game.undone) == 1
        while again.undo() is not None:
            pass
        assert again.board == start != game.board
    # The original is untouched by its copies.
    assert len(game.history) == 2 and len(game.undone) == 1


def test_a_deepcopied_game_is_independent() -> None:
    game = llk.Game(JUDGE)
    twin = copy.deepcopy(game)
    game.remove((0, 0), (2, 3))
    assert twin.history == [] and twin.board == JUDGE
    assert pickle.loads(pickle.dumps(game)).history == game.history


EXCEPTIONS = ["RulesError", "BoardError", "DealError", "IllegalMove", "IllegalStep", "NoMovePossible", "OutOfBand"]


def test_the_exception_hierarchy() -> None:
    assert issubclass(llk.LianliankanError, Exception)
    assert not issubclass(llk.LianliankanError, ValueError)
    for name in EXCEPTIONS:
        cls = getattr(llk, name)
        assert issubclass(cls, llk.LianliankanError) and issubclass(cls, ValueError), name
        assert cls.__module__ == "lianliankan" and cls.__name__ == name
        assert cls.__mro__[1:3] == (llk.LianliankanError, ValueError)
    # Each refusal raises its class, catchable as the old ValueError.
    cases: List[Callable[[], object]] = [
        lambda: llk.Rules(border="round"),
        lambda: llk.solve([[1, 2], [1]]),
        lambda: llk.deal(3, 3, 2),
        lambda: llk.Game(JUDGE).remove((0, 0), (0, 1)),
        lambda: llk.replay(JUDGE, JUDGE_RULES, [Move((0, 0), (0, 1))]),
        lambda: llk.Game([[1, 2, 0]]).shuffle(0),
        lambda: llk.generate_rated(4, 6, 3, score=(90, 100), candidates=1, plays=5),
    ]
    for name, case in zip(EXCEPTIONS, cases):
        with pytest.raises(getattr(llk, name)):
            case()
        with pytest.raises(ValueError):
            case()
        with pytest.raises(llk.LianliankanError):
            case()


def test_exceptions_pickle_with_their_attributes() -> None:
    with pytest.raises(llk.IllegalStep) as caught:
        llk.replay([[1, 2, 2, 1]], JUDGE_RULES, [Move((0, 0), (0, 1))])
    again = pickle.loads(pickle.dumps(caught.value))
    assert type(again) is llk.IllegalStep and str(again) == str(caught.value)
    assert (again.index, again.step, again.reason) == (0, Move((0, 0), (0, 1)), caught.value.reason)


def test_the_literal_aliases_list_the_librarys_names() -> None:
    assert typing.get_args(llk.Border) == llk.BORDERS == ("closed", "open")
    assert typing.get_args(llk.GravityMode) == llk.GRAVITY_MODES
    assert typing.get_args(llk.ConnectRule) == llk.CONNECT_RULES
    assert typing.get_args(llk.Route) == ("row", "column")
    for border in typing.get_args(llk.Border):
        assert llk.Rules(border=border).border == border
    for connect in typing.get_args(llk.ConnectRule):
        assert llk.Rules(connect=connect).connect == connect
