"""rate, Rating, generate_rated, RatedDeal and OutOfBand.

The expected reports are what the command line prints for the same board,
rules and settings (`lianliankan rate --border closed [SETTINGS] FILE`, the
board below in the judge format), so they check that the binding hands the
library every setting in its place and shows its answer as it is."""

import math
from typing import Tuple

import pytest

import lianliankan as llk
from conftest import CROSS

# The judge's rules with no gravity, as `lianliankan rate --border closed`.
CLOSED = llk.Rules(border="closed", gravity="none")

# `lianliankan generate --rows 6 --cols 8 --kinds 12 --border closed
# --score 50-100 --seed 1`: a deal with traps from the first step.
HARD6X8 = [
    [4, 5, 4, 8, 5, 11, 6, 6],
    [9, 1, 4, 2, 5, 7, 12, 8],
    [12, 12, 12, 7, 4, 3, 3, 9],
    [10, 8, 10, 3, 11, 1, 2, 9],
    [1, 5, 3, 2, 9, 10, 2, 6],
    [10, 6, 11, 8, 1, 7, 7, 11],
]
# Its seed and the candidates that generate tried to find it.
HARD6X8_SEED = 7892013329905487097
HARD6X8_CANDIDATES = 172

# `lianliankan rate --border closed FILE` (the defaults).
REPORT_DEFAULTS = """\
score 54 (hard)
forgiveness 0.07: 7 of 100 random games cleared the board (95% interval 0.03-0.14)
traps 1.00: 13 of 13 probed positions offer a losing pair; at a game's first trap 1.0 of 9.0 pairs lose (3 of 3 games trapped); the earliest at step 0
width 4.4: pairs on offer on average (1080 positions); forced 0.00: 0 of 13 probed positions have one winning pair
solver: 12 solves, 0 pairs undecided in the budget
"""

# `... --plays 40 --probes 2 --seed 7 FILE`.
REPORT_SEED_7 = """\
score 49 (normal)
forgiveness 0.10: 4 of 40 random games cleared the board (95% interval 0.04-0.23)
traps 1.00: 8 of 8 probed positions offer a losing pair; at a game's first trap 1.0 of 9.0 pairs lose (2 of 2 games trapped); the earliest at step 0
width 4.5: pairs on offer on average (444 positions); forced 0.00: 0 of 8 probed positions have one winning pair
solver: 8 solves, 0 pairs undecided in the budget
"""

# `... --plays 40 --probes 50 --seed 3 --budget 200 FILE`: more probes than
# games (all 40 probed), and a budget small enough to leave pairs undecided.
REPORT_SMALL_BUDGET = """\
score 39 (normal)
forgiveness 0.12: 5 of 40 random games cleared the board (95% interval 0.05-0.26)
traps 0.61: 176 of 289 probed positions offer a losing pair; at a game's first trap 1.0 of 7.5 pairs lose (37 of 40 games trapped); the earliest at step 1
width 4.3: pairs on offer on average (456 positions); forced 0.05: 15 of 289 probed positions have one winning pair
solver: 122 solves, 40 pairs undecided in the budget
"""


def test_the_report_is_the_command_lines() -> None:
    assert str(llk.rate(HARD6X8, CLOSED)) == REPORT_DEFAULTS
    assert str(llk.rate(HARD6X8, CLOSED, plays=40, probes=2, seed=7)) == REPORT_SEED_7
    small = llk.rate(HARD6X8, CLOSED, plays=40, probes=50, seed=3, budget=200)
    assert str(small) == REPORT_SMALL_BUDGET
    # Written out, the defaults are the library's.
    explicit = llk.rate(
        HARD6X8, CLOSED, plays=100, probes=3, seed=0, budget=10_000, deal_budget=1_000_000
    )
    assert explicit == llk.rate(HARD6X8, CLOSED)


def test_every_count_and_figure_is_in_its_place() -> None:
    r = llk.rate(HARD6X8, CLOSED, plays=40, probes=50, seed=3, budget=200)
    # The counts the report above shows, each from its own property.
    assert r.winnable is True
    assert (r.plays, r.cleared, r.probes) == (40, 5, 40)
    assert (r.positions, r.trap_positions, r.forced_positions) == (289, 176, 15)
    assert (r.trapped_games, r.earliest_trap) == (37, 1)
    assert (r.width_positions, r.undecided, r.solves) == (456, 40, 122)
    assert round(r.width_offered / r.width_positions, 1) == 4.3
    assert round(r.first_trap_losing / r.trapped_games, 1) == 1.0
    assert round(r.first_trap_offered / r.trapped_games, 1) == 7.5
    assert r.offered >= r.positions
    # The figures are the documented ratios of the counts.
    assert r.forgiveness == 5 / 40
    assert r.trap_rate == 176 / 289
    assert r.forced_rate == 15 / 289
    assert r.mean_width == r.width_offered / r.width_positions
    assert r.first_trap_mean_losing == r.first_trap_losing / 37
    assert r.first_trap_mean_offered == r.first_trap_offered / 37
    low, high = r.forgiveness_interval
    assert 0.0 <= low < r.forgiveness < high <= 1.0
    assert (f"{low:.2f}", f"{high:.2f}") == ("0.05", "0.26")
    # The score's formula, from the counts.
    p = (r.cleared + 0.5) / (r.plays + 1)
    h = min(1.0, max(0.0, -math.log10(p) / 2))
    assert r.score == round(100 * (0.6 * h + 0.2 * r.trap_rate + 0.2 * r.forced_rate)) == 39
    assert r.difficulty == "normal"
    assert repr(r) == 'Rating(score=39, difficulty="normal", cleared=5, plays=40)'


def test_the_same_seed_gives_the_same_rating_and_another_seed_another() -> None:
    first = llk.rate(HARD6X8, CLOSED, plays=30, probes=2, seed=11)
    again = llk.rate(HARD6X8, CLOSED, plays=30, probes=2, seed=11)
    assert first == again and str(first) == str(again)
    others = [llk.rate(HARD6X8, CLOSED, plays=30, probes=2, seed=s) for s in range(12, 16)]
    assert any(other != first for other in others)
    # A Rating is a value: equal to its equal only.
    assert first != llk.rate(HARD6X8, CLOSED, plays=31, probes=2, seed=11)
    assert first != "a rating"


def test_an_unclearable_deal_scores_100_and_an_undecided_one_is_not_probed() -> None:
    lost = llk.rate(CROSS, CLOSED)
    assert lost.winnable is False and lost.score == 100 and lost.difficulty == "hard"
    assert lost.probes == 0 and lost.positions == 0 and lost.cleared == 0
    assert str(lost) == "score 100 (hard): the deal cannot be cleared (proved)\n"
    undecided = llk.rate(HARD6X8, CLOSED, plays=10, deal_budget=0)
    assert undecided.winnable is None and undecided.probes == 0
    assert "the solver did not decide the deal in its budget" in str(undecided)
    # No game at all is refused: its figures would say nothing.
    with pytest.raises(ValueError, match="^plays must be from 1"):
        llk.rate(HARD6X8, CLOSED, plays=0)
    # Side-by-side pairs: no pair loses, and a game's last pair is no
    # choice, so no position is forced.
    easy = llk.rate([[1, 1, 2, 2], [3, 3, 4, 4]], llk.Rules(border="open", gravity="none"))
    assert (easy.forgiveness, easy.trap_positions, easy.earliest_trap) == (1.0, 0, None)
    assert (easy.forced_positions, easy.positions) == (0, 12)
    assert (easy.score, easy.difficulty) == (0, "easy")


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"plays": -1}, "plays must be from 1 to 4294967295 (a rating of no games says nothing), got -1"),
        ({"probes": 2**32}, "probes must be from 0 to 4294967295, got 4294967296"),
        ({"seed": -1}, "seed must be 0 or more, got -1"),
        ({"budget": -5}, "budget must be 0 or more, got -5"),
        ({"deal_budget": -5}, "deal_budget must be 0 or more, got -5"),
    ],
)
def test_bad_rate_arguments(kwargs: dict, message: str) -> None:
    with pytest.raises(ValueError) as caught:
        llk.rate(HARD6X8, CLOSED, **kwargs)
    assert str(caught.value) == message


def test_bad_boards_and_positional_settings_are_refused() -> None:
    with pytest.raises(ValueError, match="different length"):
        llk.rate([[1, 1], [2]], CLOSED)
    with pytest.raises(TypeError):
        llk.rate(HARD6X8, CLOSED, 100)  # type: ignore[misc]


def test_generate_rated_makes_what_the_command_line_makes() -> None:
    made = llk.generate_rated(6, 8, 12, seed=1, rules=CLOSED, difficulty="hard")
    assert made.board == HARD6X8
    assert (made.seed, made.candidates) == (HARD6X8_SEED, HARD6X8_CANDIDATES)
    assert made.rating == llk.rate(HARD6X8, CLOSED)
    assert str(made.rating) == REPORT_DEFAULTS
    assert llk.replay(made.board, CLOSED, made.certificate) == 24
    assert [m.route for m in made.certificate] == [None] * 24
    assert repr(made) == (
        f"RatedDeal(board=<6x8 board, 48 tiles>, score=54, seed={HARD6X8_SEED}, candidates=172)"
    )


@pytest.mark.parametrize(
    "rules, band",
    [
        (CLOSED, (0, 24)),
        (CLOSED, (25, 49)),
        (CLOSED, (50, 100)),
        (llk.Rules.kshisen(), (0, 24)),
        (llk.Rules.kshisen(), (25, 49)),
        (llk.Rules(border="open", gravity="left"), (10, 60)),
        (llk.Rules(slide=True, gravity="none"), (0, 100)),
    ],
)
def test_a_rated_deal_scores_in_its_band_and_its_certificate_clears_it(
    rules: llk.Rules, band: Tuple[int, int]
) -> None:
    made = llk.generate_rated(6, 8, 12, seed=5, rules=rules, score=band, plays=40)
    low, high = band
    assert low <= made.rating.score <= high
    assert made.rating.winnable is True and made.rating.plays == 40
    assert 1 <= made.candidates <= 200
    assert llk.replay(made.board, rules, made.certificate) == 24
    game = llk.Game(made.board, rules)
    for m in made.certificate:
        game.play(m)
    assert game.is_cleared()
    # Its rating is rate's, with the same settings and seed 0.
    assert made.rating == llk.rate(made.board, rules, plays=40)
    # The same arguments, the same deal.
    again = llk.generate_rated(6, 8, 12, seed=5, rules=rules, score=band, plays=40)
    assert (again.board, again.seed, again.candidates) == (made.board, made.seed, made.candidates)


def test_difficulties_are_their_bands() -> None:
    for name, (low, high) in [("easy", (0, 24)), ("normal", (25, 49)), ("hard", (50, 100))]:
        made = llk.generate_rated(6, 8, 12, seed=2, rules=CLOSED, difficulty=name, plays=40)
        assert low <= made.rating.score <= high and made.rating.difficulty == name


def test_no_deal_in_the_band_raises_out_of_band_with_the_librarys_message() -> None:
    with pytest.raises(llk.OutOfBand) as caught:
        llk.generate_rated(4, 6, 3, rules=CLOSED, score=(90, 100), candidates=5, plays=20)
    e = caught.value
    assert isinstance(e, ValueError) and isinstance(e, llk.LianliankanError)
    assert (e.band, e.candidates) == ((90, 100), 5)
    low, high = e.scores
    assert 0 <= low <= high < 90
    assert str(e) == (
        f"no deal scored 90-100 in 5 candidates under these rules (scores seen: "
        f"{low}-{high}); try another band, other rules or more candidates"
    )
    assert llk.OutOfBand.__module__ == "lianliankan"
    assert "band" in (llk.OutOfBand.__doc__ or "")


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"difficulty": "extreme"}, "unknown difficulty `extreme` (easy, normal or hard)"),
        ({"difficulty": "Hard"}, "unknown difficulty `Hard` (easy, normal or hard)"),
        ({"score": (60, 50)}, "score must be a band (low, high) of scores 0 to 100 with "
                              "low <= high, such as (50, 100); got (60, 50)"),
        ({"score": (50, 101)}, "score must be a band (low, high) of scores 0 to 100 with "
                               "low <= high, such as (50, 100); got (50, 101)"),
        ({"score": (-1, 10)}, "score must be a band (low, high) of scores 0 to 100 with "
                              "low <= high, such as (50, 100); got (-1, 10)"),
        ({}, 'give difficulty ("easy", "normal" or "hard") or score (low, high)'),
        ({"difficulty": "hard", "score": (50, 100)}, "give difficulty or score, not both"),
        ({"difficulty": "hard", "candidates": 0}, "candidates must be 1 or more, got 0"),
        ({"difficulty": "hard", "plays": -1}, "plays must be from 1 to 4294967295 (a rating of no games says nothing), got -1"),
        ({"difficulty": "hard", "budget": -1}, "budget must be 0 or more, got -1"),
    ],
)
def test_bad_generate_rated_arguments(kwargs: dict, message: str) -> None:
    with pytest.raises(ValueError) as caught:
        llk.generate_rated(4, 6, 6, rules=CLOSED, **kwargs)
    assert str(caught.value) == message
    assert not isinstance(caught.value, llk.OutOfBand)


def test_generate_rated_refuses_what_generate_refuses() -> None:
    for args, message in [
        ((1, 1, 1), "a board needs at least two cells"),
        ((-4, 6, 3), "rows must be 0 or more, got -4"),
        ((4, 6, 3, -1), "seed must be 0 or more, got -1"),
    ]:
        with pytest.raises(ValueError) as caught:
            llk.generate_rated(*args, difficulty="easy")
        assert str(caught.value) == message, args
