"""KShisen's sliding tiles: Rules(slide=True) and its validation, the
routes of solutions, deals and steps, Game.play and Game.slides."""

import random

import pytest

import lianliankan as llk

# The 1 at (0, 0) pushes the 2 beside it two cells along its row, to the
# corner (0, 2) above its partner at (1, 2); no plain path joins the 1s.
SLIDE_BOARD = [[1, 2, 0, 0], [2, 0, 1, 0]]


def test_slide_rules_default_to_one_turn_on_a_closed_board() -> None:
    rules = llk.Rules(slide=True)
    assert (rules.slide, rules.turns, rules.border, rules.connect) == (True, 1, "closed", "standard")
    assert rules == llk.Rules(turns=1, border="closed", slide=True)
    assert repr(rules).endswith('connect="standard", slide=True)')
    assert not llk.Rules().slide and llk.Rules().turns == 2 and llk.Rules().border == "open"


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
def test_slide_off_its_rule_is_a_value_error_with_a_sentence(kwargs: dict, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        llk.Rules(slide=True, **kwargs)


def test_a_game_plays_a_slide_and_undoes_it() -> None:
    game = llk.Game(SLIDE_BOARD, llk.Rules(slide=True, gravity="none"))
    assert game.slides() == [((0, 0), (1, 2), "row")]
    assert game.moves() == [((0, 1), (1, 0))] == llk.moves(SLIDE_BOARD, game.rules)
    with pytest.raises(ValueError):
        game.remove((0, 0), (1, 2))
    assert game.play((0, 0), (1, 2), "row") == [(0, 0), (0, 2), (1, 2)]
    assert game.board == [[0, 0, 0, 2], [2, 0, 0, 0]]
    (step,) = game.history
    assert (step.kind, step.pair, step.route) == ("removed", ((0, 0), (1, 2)), "row")
    assert game.undo() == step and game.board == SLIDE_BOARD
    # A plain pair through play, as remove makes it.
    game.play((0, 1), (1, 0))
    assert game.history[-1].route is None


def test_slides_and_bad_routes_are_refused_changing_nothing() -> None:
    plain = llk.Game(SLIDE_BOARD, llk.Rules(border="closed", gravity="none"))
    assert plain.slides() == []
    with pytest.raises(ValueError):
        plain.play((0, 0), (1, 2), "row")
    with pytest.raises(ValueError, match="unknown route"):
        plain.play((0, 0), (1, 2), "diagonal")  # type: ignore[arg-type]
    assert plain.board == SLIDE_BOARD and plain.history == []
    with pytest.raises(ValueError, match="routes has 2 entries"):
        llk.replay(SLIDE_BOARD, llk.Rules(slide=True), [((0, 0), (1, 2))], [None, None])
    with pytest.raises(ValueError, match="unknown route"):
        llk.replay(SLIDE_BOARD, llk.Rules(slide=True), [((0, 0), (1, 2))], ["up"])


def test_solved_orders_with_their_routes_replay_and_play_out() -> None:
    rng = random.Random(38)
    slides = 0
    for gravity in llk.GRAVITY_MODES:
        rules = llk.Rules(slide=True, gravity=gravity)
        for seed in range(6):
            rows, cols = rng.randint(2, 4), 2 * rng.randint(1, 3)
            # At most one kind a group (a deal refuses kinds it cannot deal).
            kinds = min(rng.randint(1, 3), rows * cols // 2)
            board = llk.deal(rows, cols, kinds, seed=seed, copies=2)
            result = llk.solve(board, rules)
            assert result.status in ("solved", "unsolvable")
            if result.order is None:
                assert result.routes is None
                continue
            assert result.routes is not None and len(result.routes) == len(result.order)
            assert llk.replay(board, rules, result.order, result.routes) == len(result.order)
            game = llk.Game(board, rules)
            for (a, b), route in zip(result.order, result.routes):
                if route is not None:
                    assert (a, b, route) in game.slides()
                    slides += 1
                else:
                    assert (min(a, b), max(a, b)) in game.moves()
                game.play(a, b, route)
            assert game.is_cleared()
            assert [s.route for s in game.history] == result.routes
    assert slides > 5, slides


def test_a_deal_under_slides_carries_its_routes() -> None:
    rules = llk.Rules(slide=True)
    deal = llk.generate(6, 8, 12, seed=3, rules=rules)
    assert len(deal.routes) == len(deal.certificate) == 24
    assert llk.replay(deal.board, rules, deal.certificate, deal.routes) == 24
    # Without routes the plain-pair rules take no slide.
    assert all(r is None for r in llk.generate(4, 4, 4, seed=1).routes)
