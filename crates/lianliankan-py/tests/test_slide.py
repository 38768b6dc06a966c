"""KShisen's sliding tiles: Rules(slide=True) and its validation, the
routes of solutions, deals and steps (Move.route), Game.play and the
slides Game.moves lists."""

import random

import pytest

import lianliankan as llk

Move = llk.Move

# The 1 at (0, 0) pushes the 2 beside it two cells along its row, to the
# corner (0, 2) above its partner at (1, 2); no plain path joins the 1s.
SLIDE_BOARD = [[1, 2, 0, 0], [2, 0, 1, 0]]


def test_slide_rules_default_to_one_turn_on_a_closed_board() -> None:
    rules = llk.Rules(slide=True)
    assert (rules.slide, rules.turns, rules.border, rules.connect) == (True, 1, "closed", "standard")
    assert rules == llk.Rules(turns=1, border="closed", slide=True)
    assert repr(rules).endswith('connect="standard", slide=True)')
    assert not llk.Rules().slide and llk.Rules().turns == 2 and llk.Rules().border == "closed"
    assert llk.Rules.kshisen().border == "open" and not llk.Rules.kshisen().slide


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"turns": 2}, "^sliding tiles allow paths of one turn: turns must be 1, not 2$"),
        ({"turns": 0}, "^sliding tiles allow paths of one turn: turns must be 1, not 0$"),
        ({"border": "open"}, "^sliding tiles keep paths on the board: the border must be closed, not open$"),
        ({"connect": "line"}, "^sliding tiles need the standard connection rule, not line$"),
        ({"connect": "four-rivers"}, "^sliding tiles need the standard connection rule, not four-rivers$"),
    ],
)
def test_slide_off_its_rule_is_a_rules_error_with_the_librarys_sentence(kwargs: dict, words: str) -> None:
    with pytest.raises(llk.RulesError, match=words) as caught:
        llk.Rules(slide=True, **kwargs)
    assert isinstance(caught.value, ValueError) and isinstance(caught.value, llk.LianliankanError)
    # The exact text of the library's RulesError (rules/mod.rs).
    assert str(caught.value) == words.strip("^$")


def test_a_game_plays_a_slide_and_undoes_it() -> None:
    game = llk.Game(SLIDE_BOARD, llk.Rules(slide=True, gravity="none"))
    # One list, as the library's moves: the slide and the plain pair, sorted.
    slide = Move((0, 0), (1, 2), route="row")
    assert game.moves() == [slide, Move((0, 1), (1, 0))] == llk.moves(SLIDE_BOARD, game.rules)
    assert [m.is_slide for m in game.moves()] == [True, False]
    assert game.hint() == slide
    with pytest.raises(llk.IllegalMove):
        game.remove((0, 0), (1, 2))
    # A slide keeps its cells as picked: the pushed tile first.
    assert Move((1, 2), (0, 0), route="row").a == (1, 2)
    made = game.play(slide)
    assert made == slide and made.path == [(0, 0), (0, 2), (1, 2)]
    assert game.board == [[0, 0, 0, 2], [2, 0, 0, 0]]
    (step,) = game.history
    assert (step.kind, step.move) == ("removed", slide)
    assert step.move is not None and step.move.route == "row"
    assert game.undo() == step and game.board == SLIDE_BOARD
    # A plain pair through play, as remove makes it.
    game.play(Move((0, 1), (1, 0)))
    last = game.history[-1].move
    assert last is not None and last.route is None


def test_slides_and_bad_routes_are_refused_changing_nothing() -> None:
    plain = llk.Game(SLIDE_BOARD, llk.Rules(border="closed", gravity="none"))
    assert [m for m in plain.moves() if m.is_slide] == []
    with pytest.raises(llk.IllegalMove):
        plain.play(Move((0, 0), (1, 2), route="row"))
    with pytest.raises(llk.IllegalMove, match="unknown route"):
        Move((0, 0), (1, 2), route="diagonal")  # type: ignore[arg-type]
    with pytest.raises(llk.IllegalMove, match="unknown route"):
        Move((0, 0), (1, 2), route="up")  # type: ignore[arg-type]
    assert plain.board == SLIDE_BOARD and plain.history == []
    # A slide in an order under rules without slides is an illegal step.
    with pytest.raises(llk.IllegalStep) as caught:
        llk.replay(SLIDE_BOARD, llk.Rules(), [Move((0, 0), (1, 2), route="row")])
    assert caught.value.step.route == "row" and caught.value.index == 0


def test_solved_orders_with_their_routes_replay_and_play_out() -> None:
    rng = random.Random(38)
    slides = 0
    for gravity in llk.GRAVITY_MODES:
        rules = llk.Rules(slide=True, gravity=gravity)
        for seed in range(6):
            rows, cols = rng.randint(2, 4), 2 * rng.randint(1, 3)
            # At most one kind a group (a deal refuses kinds it cannot deal).
            kinds = min(rng.randint(1, 3), rows * cols // 2)
            board = llk.deal(rows, cols, kinds, seed=seed, copies=2).board
            result = llk.solve(board, rules)
            assert result.status in ("solved", "unsolvable")
            if result.order is None:
                continue
            assert llk.replay(board, rules, result.order) == len(result.order)
            game = llk.Game(board, rules)
            for m in result.order:
                assert m in game.moves()
                slides += m.is_slide
                assert game.play(m) == m
            assert game.is_cleared()
            assert [s.move for s in game.history] == result.order
    assert slides > 5, slides


def test_a_deal_under_slides_carries_its_routes() -> None:
    rules = llk.Rules(slide=True, gravity="down")
    deal = llk.generate(6, 8, 12, seed=3, rules=rules)
    assert len(deal.certificate) == 24
    assert llk.replay(deal.board, rules, deal.certificate) == 24
    # The plain-pair rules take no slide.
    assert all(m.route is None for m in llk.generate(4, 4, 4, seed=1).certificate)
