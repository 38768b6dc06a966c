"""The module's functions and Rules: answers on known boards, and every bad
argument raising the module's exception (a ValueError), or TypeError for a
value of the wrong type, with the library's message."""

import copy
import json
import pathlib
import pickle

import pytest

import lianliankan as llk
from conftest import CROSS, JUDGE, JUDGE_RULES

Move = llk.Move


def test_rules_defaults_names_and_equality() -> None:
    # Rules() is the judge's rules, as the library's Rules::default().
    rules = llk.Rules()
    assert (rules.turns, rules.border, rules.gravity, rules.groups) == (2, "closed", "none", "")
    assert rules == llk.Rules.judge() == JUDGE_RULES
    assert hash(rules) == hash(llk.Rules.judge())
    assert repr(rules) == (
        'Rules(turns=2, border="closed", gravity="none", groups="", connect="standard")'
    )
    # KShisen's game: around the board, gravity down.
    kshisen = llk.Rules.kshisen()
    assert (kshisen.turns, kshisen.border, kshisen.gravity, kshisen.slide) == (2, "open", "down", False)
    assert kshisen == llk.Rules(turns=2, border="open", gravity="down", groups="")
    assert kshisen != rules and hash(kshisen) == hash(llk.Rules(border="open", gravity="down"))
    assert repr(kshisen) == (
        'Rules(turns=2, border="open", gravity="down", groups="", connect="standard")'
    )
    line = llk.Rules(connect="line")
    assert line.connect == "line" and line != rules
    assert llk.Rules(connect="four-rivers").connect == "four-rivers"
    grouped = llk.Rules(turns=3, border="closed", gravity="apart-vertical", groups="28-31,39+41")
    assert (grouped.turns, grouped.groups) == (3, "28-31,39+41")
    assert llk.GRAVITY_MODES[0] == "none" and len(llk.GRAVITY_MODES) == 13
    assert "left-down-right-up" in llk.GRAVITY_MODES
    assert llk.BORDERS == ("closed", "open")
    assert llk.CONNECT_RULES == ("standard", "four-rivers", "line")
    for mode in llk.GRAVITY_MODES:
        assert llk.Rules(gravity=mode).gravity == mode


SAMPLES = pathlib.Path(__file__).resolve().parents[3] / "fixtures" / "rules" / "samples.json"


def test_every_setting_of_the_samples_is_a_keyword_and_a_getter_kept_by_pickle_and_repr() -> None:
    # The samples (the library's rules keys) set every setting between them:
    # a setting that Rules() does not take, or reads back otherwise, fails.
    for sample in json.loads(SAMPLES.read_text()):
        rules = llk.Rules(**sample)
        for name, value in sample.items():
            assert getattr(rules, name) == value, name
        for again in [pickle.loads(pickle.dumps(rules)), copy.deepcopy(rules)]:
            assert again == rules and hash(again) == hash(rules)
        assert eval(repr(rules), {"Rules": llk.Rules}) == rules
        written = ", ".join(
            f"{name}={value!r}" if isinstance(value, (bool, int)) else f"{name}={json.dumps(value)}"
            for name, value in sample.items()
        )
        assert repr(rules) == f"Rules({written})"


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"turns": -1}, "turns must be 0 or more, got -1"),
        ({"border": "round"}, "unknown border rule `round` (one of: closed, open)"),
        ({"gravity": "sideways"}, "unknown gravity mode `sideways` (one of: none, down, up, "),
        ({"groups": "3-1"}, "bad group `3-1`: a range must run from the smaller kind"),
        ({"groups": "0+1"}, "bad group `0`: kind 0 is an empty cell, not a tile"),
        ({"groups": "1-4,3+7"}, "bad group `1-4,3+7`: a kind is listed twice"),
        ({"groups": "a"}, "bad group `a`: expected a kind (a whole number)"),
        ({"connect": "river"}, "unknown connection rule `river` (one of: standard, "),
    ],
)
def test_bad_rules_raise_the_librarys_message(kwargs: dict, message: str) -> None:
    with pytest.raises(llk.RulesError) as caught:
        llk.Rules(**kwargs)
    assert isinstance(caught.value, ValueError)
    assert str(caught.value).startswith(message)


def test_rules_of_the_wrong_type_raise_type_error() -> None:
    with pytest.raises(TypeError):
        llk.Rules(turns="two")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        llk.Rules(gravity=None)  # type: ignore[arg-type]


def test_generate_gives_a_board_and_its_certificate() -> None:
    rules = llk.Rules(turns=2, border="open", gravity="down", groups="")
    deal = llk.generate(rows=8, cols=12, kinds=18, seed=1, rules=rules)
    assert len(deal.board) == 8 and all(len(row) == 12 for row in deal.board)
    tiles = [k for row in deal.board for k in row]
    assert 0 not in tiles and set(tiles) == set(range(1, 19))
    assert all(tiles.count(k) % 2 == 0 for k in set(tiles))
    assert len(deal.certificate) == 48
    assert all(isinstance(m, Move) and m.route is None and m.path is None for m in deal.certificate)
    assert llk.replay(deal.board, rules, deal.certificate) == 48
    # The same arguments, the same board; another seed, another board.
    again = llk.generate(8, 12, 18, 1, rules)
    assert again.board == deal.board and again.certificate == deal.certificate
    assert llk.generate(8, 12, 18, 2, rules).board != deal.board
    # Every gravity mode's deal clears under its own rules.
    for mode in llk.GRAVITY_MODES:
        mode_rules = llk.Rules(border="closed", gravity=mode)
        made = llk.generate(4, 6, 5, seed=3, rules=mode_rules)
        assert llk.replay(made.board, mode_rules, made.certificate) == 12
    assert repr(deal) == "Deal(board=<8x12 board, 96 tiles>, certificate=<48 moves>)"


@pytest.mark.parametrize(
    "args, message",
    [
        ((1, 1, 1), "a board needs at least two cells"),
        ((4, 6, 0), "0 kinds cannot be used on a board of 12 pairs (1 to 12 allowed)"),
        ((4, 6, 13), "13 kinds cannot be used on a board of 12 pairs (1 to 12 allowed)"),
        ((-4, 6, 3), "rows must be 0 or more, got -4"),
        ((4, -6, 3), "cols must be 0 or more, got -6"),
        ((4, 6, -3), "kinds must be from 1 to 4294967294, got -3"),
        ((4, 6, 3, -1), "seed must be 0 or more, got -1"),
    ],
)
def test_bad_generate_arguments(args: tuple, message: str) -> None:
    with pytest.raises(ValueError, match=None) as caught:
        llk.generate(*args)
    assert str(caught.value) == message
    # The library's refusals are DealErrors; a negative number a plain ValueError.
    assert isinstance(caught.value, llk.DealError) == ("must be" not in message)


def test_deal_is_a_seeded_shuffle_in_groups_of_copies() -> None:
    dealt = llk.deal(8, 18, 36, seed=7)
    # The same type as generate's, without a certificate.
    assert isinstance(dealt, llk.Deal) and dealt.certificate is None
    assert repr(dealt) == "Deal(board=<8x18 board, 144 tiles>, certificate=None)"
    board = dealt.board
    tiles = [k for row in board for k in row]
    assert len(board) == 8 and len(tiles) == 144
    assert all(tiles.count(k) == 4 for k in range(1, 37))
    assert llk.deal(8, 18, 36, seed=7) == dealt
    assert llk.deal(8, 18, 36, seed=8) != dealt
    pairs = llk.deal(2, 3, 3, seed=1, copies=2).board
    assert sorted(k for row in pairs for k in row) == [1, 1, 2, 2, 3, 3]


def test_bad_deal_arguments() -> None:
    with pytest.raises(llk.DealError, match="^9 cells cannot be dealt in groups of 4 tiles of one kind$"):
        llk.deal(3, 3, 2)
    with pytest.raises(ValueError, match="in groups of 0 tiles"):
        llk.deal(2, 2, 1, copies=0)
    with pytest.raises(ValueError, match=r"^0 kinds cannot all be dealt in 1 groups of 4 tiles \(1 to 1 allowed\)$"):
        llk.deal(2, 2, 0)
    # Every kind asked for is dealt, or the deal is refused.
    with pytest.raises(ValueError, match=r"^100 kinds cannot all be dealt in 12 groups of 4 tiles \(1 to 12 allowed\)$"):
        llk.deal(6, 8, 100)
    with pytest.raises(ValueError, match="^copies must be 0 or more, got -2$"):
        llk.deal(2, 2, 1, copies=-2)


def test_sizes_beyond_the_librarys_limit_are_refused_before_any_allocation() -> None:
    for make in [
        lambda: llk.deal(10**5, 10**5, 12),
        lambda: llk.generate(10**5, 10**5, 12),
        lambda: llk.generate_rated(10**5, 10**5, 12, difficulty="easy"),
    ]:
        with pytest.raises(
            llk.DealError,
            match=r"^a 100000 x 100000 board is larger than the largest board, 1000 x 1000$",
        ):
            make()
    with pytest.raises(
        ValueError, match=r"^a 2000 x 2000 board is larger than the largest board, 1000 x 1000$"
    ):
        llk.generate(2000, 2000, 5)
    # generate's own limit: 10,000 cells (its time grows about as n^4).
    with pytest.raises(
        ValueError,
        match=r"^a 200 x 200 board has more than 10000 cells, the most a generated board may have$",
    ):
        llk.generate(200, 200, 5)
    # Beyond usize: still the same refusal, no overflow.
    with pytest.raises(ValueError, match="board is larger than the largest board, 1000 x 1000$"):
        llk.deal(2**62, 2**62, 4)
    # The process goes on: a deal at the limit's scale works.
    assert len(llk.deal(1000, 1000, 1000, seed=1).board) == 1000


def test_solve_answers_and_proves() -> None:
    row = [[1, 2, 2, 1]]
    result = llk.solve(row, JUDGE_RULES, budget=100)
    assert result.status == "solved" and result.states is None
    assert result.order == [Move((0, 1), (0, 2)), Move((0, 0), (0, 3))]
    unsolvable = llk.solve(CROSS, JUDGE_RULES)
    assert (unsolvable.status, unsolvable.order) == ("unsolvable", None)
    # Three turns around the board take the crossed pairs apart.
    loose = llk.solve(CROSS, llk.Rules(turns=3, border="open", gravity="none"))
    assert loose.status == "solved"
    assert llk.replay(CROSS, llk.Rules(turns=3, border="open"), loose.order or []) == 2
    # A board without tiles is solved by the empty order.
    assert llk.solve([[0, 0], [0, 0]]).order == []
    assert repr(result) == 'SolveResult(status="solved", order=<2 moves>)'
    # Rules() is the judge's: the crossed pairs cannot go.
    assert llk.solve(CROSS).status == "unsolvable"


def test_solve_under_gravity_names_pairs_on_the_board_of_each_step() -> None:
    rules = llk.Rules(border="open", gravity="left")
    deal = llk.generate(6, 8, 12, seed=5, rules=rules)
    result = llk.solve(deal.board, rules, budget=1_000_000)
    assert result.status == "solved" and result.order is not None
    assert llk.replay(deal.board, rules, result.order) == 24


def test_solve_runs_out_of_budget_with_unknown() -> None:
    from conftest import HARD, HARD_RULES

    result = llk.solve(HARD, HARD_RULES, budget=100)
    assert (result.status, result.order) == ("unknown", None)
    assert result.states is not None and result.states >= 100
    assert repr(result).startswith('SolveResult(status="unknown", states=')


@pytest.mark.parametrize(
    "board, message",
    [
        ([[1, 2], [1]], "row 1 has a different length from row 0"),
        ([[1, -2]], "the kind at (0, 1) is -2: kinds run from 0 (empty) to 4294967294"),
        ([[1, 4294967295]], "the kind at (0, 1) is 4294967295: kinds run from 0 (empty) to 4294967294"),
    ],
)
def test_bad_boards(board: list, message: str) -> None:
    for call in (
        lambda: llk.solve(board),
        lambda: llk.moves(board),
        lambda: llk.connect(board, (0, 0), (0, 1)),
        lambda: llk.replay(board, llk.Rules(), []),
        lambda: llk.Game(board),
        lambda: llk.rate(board),
    ):
        with pytest.raises(llk.BoardError) as caught:
            call()
        assert isinstance(caught.value, ValueError)
        assert str(caught.value) == message


def test_boards_and_cells_of_the_wrong_type_raise_type_error_naming_the_argument() -> None:
    with pytest.raises(TypeError, match="^board: expected a sequence of rows of ints .*got str$"):
        llk.solve("1 2\n2 1")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^board\[0\]\[1\]: expected int, got str$"):
        llk.solve([[1, "2"]])  # type: ignore[list-item]
    with pytest.raises(TypeError, match=r"^board\[1\]: expected a sequence of ints \(a row\), got int$"):
        llk.Game([[1, 1], 2])  # type: ignore[list-item]
    with pytest.raises(TypeError, match=r"^a: expected a cell, a sequence of two ints \(row, col\), got str$"):
        llk.connect(JUDGE, "00", (0, 1))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^b: expected a cell, .*got 3 items$"):
        llk.connect(JUDGE, (0, 0), (0, 1, 2))
    with pytest.raises(TypeError, match=r"^b\[1\]: expected int, got float$"):
        Move((0, 0), (0, 1.5))  # type: ignore[list-item]


def test_cells_and_boards_may_be_lists_or_tuples() -> None:
    assert llk.connect(JUDGE, [0, 0], [2, 3], JUDGE_RULES) == llk.connect(JUDGE, (0, 0), (2, 3), JUDGE_RULES)
    as_tuples = tuple(tuple(row) for row in JUDGE)
    assert llk.moves(as_tuples) == llk.moves(JUDGE)
    assert Move([0, 3], [0, 0]) == Move((0, 0), (0, 3))
    game = llk.Game(as_tuples)
    assert game.remove([0, 0], [2, 3]) == [(0, 0), (1, 0), (1, 3), (2, 3)]


def test_a_board_without_rows_or_columns_is_refused_as_c_refuses_it() -> None:
    # The C library's words (llk_board_new).
    for board, size in [([], "0 x 0"), ([[]], "1 x 0"), ([[], []], "2 x 0")]:
        for call in (lambda: llk.solve(board), lambda: llk.Game(board), lambda: llk.moves(board)):
            with pytest.raises(llk.BoardError) as caught:
                call()
            assert str(caught.value) == f"a board needs at least one row and one column, found {size}"


def test_cells_beyond_64_bits_raise_overflow_error() -> None:
    with pytest.raises(OverflowError):
        llk.connect(JUDGE, (2**64, 0), (0, 0))
    # Within 64 bits a far cell is off the board, as the library says.
    with pytest.raises(ValueError, match=r"^\(9223372036854775807, 0\) is off the 3x4 board$"):
        llk.connect(JUDGE, (2**63 - 1, 0), (0, 0))


def test_bad_budgets() -> None:
    # (Python 3.11 and later add a note "while processing 'budget'"; the
    # message itself is the text compared.)
    with pytest.raises(ValueError) as caught:
        llk.solve(CROSS, budget=-1)
    assert str(caught.value) == "budget must be 0 or more, got -1"
    with pytest.raises(ValueError) as caught:
        llk.solve(CROSS, memory_cap=-5)
    assert str(caught.value) == "memory_cap must be 0 or more, got -5"
    with pytest.raises(TypeError) as type_error:
        llk.solve(CROSS, budget=1.5)  # type: ignore[arg-type]
    assert str(type_error.value) == "budget: expected int, got float"


def test_budgets_and_seeds_take_every_64_bit_number() -> None:
    # As C's uint64_t: 2**64 - 1 is a budget (no limit in practice)...
    assert llk.solve(CROSS, JUDGE_RULES, budget=2**64 - 1).status == "unsolvable"
    rating = llk.rate([[1, 1, 2, 2]], plays=2, budget=2**64 - 1, deal_budget=2**64 - 1)
    assert rating.winnable is True
    # ... and 2**64 a ValueError, not an overflow.
    for call, name in [
        (lambda: llk.solve(CROSS, budget=2**64), "budget"),
        (lambda: llk.rate(CROSS, budget=2**64), "budget"),
        (lambda: llk.rate(CROSS, deal_budget=2**64), "deal_budget"),
        (lambda: llk.generate_rated(4, 6, 6, difficulty="easy", budget=2**64), "budget"),
        (lambda: llk.deal(2, 2, 1, seed=2**64), "seed"),
    ]:
        with pytest.raises(ValueError) as caught:
            call()
        assert str(caught.value) == (
            f"{name} must be at most 18446744073709551615 (2**64 - 1), got 18446744073709551616"
        )
    with pytest.raises(ValueError) as caught:
        llk.rate(CROSS, deal_budget=-1)
    assert str(caught.value) == "deal_budget must be 0 or more, got -1"
    # Seeds above 2**63 (generate_rated's drawn seeds may be) are seeds.
    assert llk.deal(2, 2, 1, seed=2**64 - 1).board == [[1, 1], [1, 1]]
    assert llk.generate(2, 2, 2, seed=2**63 + 5).board != []
    # Nothing remembered: still exact.
    assert llk.solve(CROSS, JUDGE_RULES, memory_cap=0).status == "unsolvable"


def test_connect_gives_the_corners_or_none() -> None:
    assert llk.connect(JUDGE, (0, 0), (2, 3), JUDGE_RULES) == [(0, 0), (1, 0), (1, 3), (2, 3)]
    assert llk.connect(JUDGE, (0, 0), (2, 2), JUDGE_RULES) is None  # different kinds
    row = [[1, 2, 1]]
    assert llk.connect(row, (0, 0), (0, 2), JUDGE_RULES) is None
    # Rules() is the judge's: the same answer.
    assert llk.connect(row, (0, 0), (0, 2)) is None
    # Around the board: the ring above it is row -1.
    assert llk.connect(row, (0, 0), (0, 2), llk.Rules.kshisen()) == [(0, 0), (-1, 0), (-1, 2), (0, 2)]
    # Groups make kinds match.
    grouped = [[5, 7]]
    assert llk.connect(grouped, (0, 0), (0, 1), llk.Rules(groups="5-8")) == [(0, 0), (0, 1)]
    assert llk.connect(grouped, (0, 0), (0, 1), llk.Rules()) is None


def test_connect_off_the_board() -> None:
    with pytest.raises(llk.BoardError) as caught:
        llk.connect(JUDGE, (0, 0), (5, 5), JUDGE_RULES)
    assert str(caught.value) == "(5, 5) is off the 3x4 board"
    with pytest.raises(llk.BoardError) as caught:
        llk.connect(JUDGE, (-1, 0), (0, 0), JUDGE_RULES)
    assert str(caught.value) == "(-1, 0) is off the 3x4 board"


def test_moves_lists_every_removable_pair() -> None:
    # Every pair of the sample goes through the empty middle row.
    assert llk.moves(JUDGE, JUDGE_RULES) == [
        Move((0, 0), (2, 3)),
        Move((0, 1), (2, 2)),
        Move((0, 2), (2, 1)),
        Move((0, 3), (2, 0)),
    ]
    assert llk.moves(CROSS, JUDGE_RULES) == []
    listed = llk.moves([[1, 1, 2, 2]], JUDGE_RULES)
    assert listed == [Move((0, 0), (0, 1)), Move((0, 2), (0, 3))]
    assert all(m.route is None and m.path is None for m in listed)
    # The default rules are the judge's.
    assert llk.moves(JUDGE) == llk.moves(JUDGE, JUDGE_RULES)


def test_replay_counts_the_steps() -> None:
    order = [Move((0, 1), (0, 2)), Move((0, 0), (0, 3))]
    assert llk.replay([[1, 2, 2, 1]], JUDGE_RULES, order) == 2
    assert llk.replay([[1, 2, 2, 1]], JUDGE_RULES, order[:1]) == 1
    assert llk.replay([[1, 2, 2, 1]], JUDGE_RULES, []) == 0


def test_replay_raises_illegal_step_at_the_first_bad_step() -> None:
    board = [[1, 2, 2, 1]]
    with pytest.raises(llk.IllegalStep) as caught:
        llk.replay(board, JUDGE_RULES, [Move((0, 1), (0, 2)), Move((0, 1), (0, 3))])
    e = caught.value
    assert isinstance(e, ValueError) and isinstance(e, llk.LianliankanError)
    assert (e.index, e.step, e.reason) == (1, Move((0, 1), (0, 3)), "the cell at (0, 1) is empty")
    assert str(e) == "order[1] = Move((0, 1), (0, 3)) is illegal: the cell at (0, 1) is empty"
    # Closed border: the outer pair cannot go first.
    with pytest.raises(llk.IllegalStep) as caught:
        llk.replay(board, JUDGE_RULES, [Move((0, 0), (0, 3))])
    assert caught.value.reason == "no path with few enough turns joins the tiles"
    with pytest.raises(llk.IllegalStep) as caught:
        llk.replay(board, JUDGE_RULES, [Move((0, 0), (0, 1))])
    assert caught.value.reason == "the tiles are of different kinds (1 and 2)"
    with pytest.raises(llk.IllegalStep) as caught:
        llk.replay(board, JUDGE_RULES, [Move((0, 2), (0, 2))])
    assert caught.value.reason == "both tiles are the one at (0, 2)"
    with pytest.raises(llk.IllegalStep) as caught:
        llk.replay(board, JUDGE_RULES, [Move((0, 1), (0, 9))])
    assert caught.value.reason == "(0, 9) is off the board"


def test_replay_takes_moves_only_and_names_the_entry_that_is_not_one() -> None:
    with pytest.raises(TypeError, match=r"^order\[1\]: expected Move, got tuple$"):
        llk.replay([[1, 2, 2, 1]], JUDGE_RULES, [Move((0, 1), (0, 2)), ((0, 0), (0, 3))])  # type: ignore[list-item]


def test_replay_refuses_a_negative_cell_after_the_steps_before_it() -> None:
    board = [[1, 2, 2, 1]]
    with pytest.raises(llk.IllegalStep) as caught:
        llk.replay(board, JUDGE_RULES, [Move((0, 1), (0, 2)), Move((0, -1), (0, 3))])
    e = caught.value
    assert (e.index, e.step, e.reason) == (1, Move((0, -1), (0, 3)), "(0, -1) is off the 1x4 board")
    # An earlier illegal step is the one reported.
    with pytest.raises(llk.IllegalStep) as caught:
        llk.replay(board, JUDGE_RULES, [Move((0, 0), (0, 1)), Move((0, -1), (0, 3))])
    assert caught.value.index == 0


def test_illegal_step_is_exported_and_documented() -> None:
    assert issubclass(llk.IllegalStep, ValueError) and issubclass(llk.IllegalStep, llk.LianliankanError)
    assert llk.IllegalStep.__module__ == "lianliankan"
    assert "index" in (llk.IllegalStep.__doc__ or "")


def test_everything_has_a_docstring() -> None:
    names = ["Rules", "Move", "Deal", "SolveResult", "Game", "RemovedStep", "ShuffledStep",
             "Board", "Cancel", "Cancelled", "IllegalStep",
             "generate", "deal", "solve", "replay", "connect", "moves",
             "Rating", "RatedDeal", "OutOfBand", "rate", "generate_rated",
             "LianliankanError", "RulesError", "BoardError", "DealError",
             "IllegalMove", "NoMovePossible"]
    for name in names:
        assert (getattr(llk, name).__doc__ or "").strip(), name
    for method in ["remove", "play", "undo", "redo", "hint", "moves", "shuffle", "is_cleared", "is_dead",
                   "connect", "can_remove", "path", "position"]:
        assert (getattr(llk.Game, method).__doc__ or "").strip(), method
    for method in ["connect", "can_remove", "path", "moves", "hint", "from_judge", "to_judge", "to_list", "kind"]:
        assert (getattr(llk.Board, method).__doc__ or "").strip(), method
    assert (llk.__doc__ or "").strip()


def test_the_wheel_ships_the_stub_and_the_typed_marker() -> None:
    package = pathlib.Path(llk.__file__).parent
    assert (package / "py.typed").is_file()
    stub = (package / "__init__.pyi").read_text()
    for name in ["class Rules", "class Game", "class Move", "class IllegalStep(LianliankanError, ValueError)",
                 "def solve(", "Border = Literal["]:
        assert name in stub, name
