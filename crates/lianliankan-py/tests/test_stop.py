"""Stopping long work from Python: `timeout=` (seconds) and a `Cancel` set
from another thread, on solve, generate, generate_rated and rate; solve's
progress callback; the default budget; every bad argument. Nothing here
asserts a time: a stop is shown by work that ends (a thread joined) which
could not have ended on its own for minutes."""

import inspect
import re
import threading
import time
from typing import Callable, List

import pytest

import lianliankan as llk
from conftest import HARD, HARD_RULES

# A deal whose random games take about a millisecond each: a million of
# them take a quarter of an hour.
MEDIUM = llk.deal(10, 10, 25, seed=1).board

# Generous bound on how long a stopped call may take to return, only so
# that a broken stop fails the test instead of hanging it; the work would
# take minutes.
JOIN_SECONDS = 60.0


def run_in_thread(work: Callable[[], object]) -> "tuple[threading.Thread, List[object]]":
    """Starts `work` in a thread; the list gets its answer or exception."""
    out: List[object] = []

    def body() -> None:
        try:
            out.append(work())
        except BaseException as e:  # noqa: BLE001 - handed to the test
            out.append(e)

    thread = threading.Thread(target=body, daemon=True)
    thread.start()
    return thread, out


def cancelled_from_another_thread(work: Callable[[llk.Cancel], object]) -> object:
    """Runs `work` with a token in a thread, cancels the token from this
    one once the work is under way, and returns what the work gave."""
    token = llk.Cancel()
    thread, out = run_in_thread(lambda: work(token))
    time.sleep(0.2)
    assert thread.is_alive(), f"the work ended before it was cancelled: {out}"
    token.cancel()
    thread.join(JOIN_SECONDS)
    assert not thread.is_alive(), "the work did not stop when cancelled"
    assert token.cancelled
    return out[0]


def test_cancel_from_another_thread_stops_a_long_solve() -> None:
    states: List[int] = []
    result = cancelled_from_another_thread(
        lambda token: llk.solve(HARD, HARD_RULES, budget=None, cancel=token, progress=states.append)
    )
    assert isinstance(result, llk.SolveResult)
    assert result.status == "unknown" and result.states is not None and result.states > 0


def test_cancel_from_another_thread_stops_generate_rate_and_generate_rated() -> None:
    for work in [
        lambda token: llk.generate(100, 100, 40, rules=HARD_RULES, cancel=token),
        lambda token: llk.rate(MEDIUM, HARD_RULES, plays=1_000_000, cancel=token),
        lambda token: llk.generate_rated(
            10, 10, 25, rules=HARD_RULES, score=(100, 100), plays=1_000_000, cancel=token
        ),
    ]:
        caught = cancelled_from_another_thread(work)
        assert isinstance(caught, llk.Cancelled), caught
        assert isinstance(caught, llk.LianliankanError) and not isinstance(caught, ValueError)


def test_a_timeout_stops_each_long_call() -> None:
    result = llk.solve(HARD, HARD_RULES, budget=None, timeout=0.2)
    assert result.status == "unknown" and result.states is not None
    for work in [
        lambda: llk.generate(100, 100, 40, rules=HARD_RULES, timeout=0.2),
        lambda: llk.rate(MEDIUM, HARD_RULES, plays=1_000_000, timeout=0.2),
        lambda: llk.generate_rated(10, 10, 25, rules=HARD_RULES, score=(100, 100), plays=1_000_000, timeout=0.2),
    ]:
        with pytest.raises(TimeoutError, match="timeout"):
            work()


def test_a_token_cancelled_before_the_call_stops_it_at_once() -> None:
    token = llk.Cancel()
    assert not token.cancelled and repr(token) == "Cancel(cancelled=False)"
    token.cancel()
    assert token.cancelled and repr(token) == "Cancel(cancelled=True)"
    assert llk.solve(HARD, HARD_RULES, budget=None, cancel=token).status == "unknown"
    with pytest.raises(llk.Cancelled):
        llk.generate(100, 100, 40, cancel=token)
    # Work that is not stopped is not touched by an unused token.
    assert llk.solve([[1, 1]], cancel=llk.Cancel(), timeout=30).status == "solved"
    assert llk.generate(4, 6, 6, timeout=30, cancel=llk.Cancel()) == llk.generate(4, 6, 6)


def test_the_progress_callback_sees_the_states_and_may_stop_the_search() -> None:
    seen: List[int] = []
    result = llk.solve(HARD, HARD_RULES, budget=100_000, progress=seen.append)
    assert result.status == "unknown" and result.states is not None
    # Called along the way and once at the end, with counts that grow.
    assert seen and seen == sorted(seen) and seen[-1] == result.states

    class Enough(Exception):
        pass

    def stop(states: int) -> None:
        raise Enough(states)

    with pytest.raises(Enough):
        llk.solve(HARD, HARD_RULES, budget=None, progress=stop)
    # A quick solve still reports once.
    quick: List[int] = []
    assert llk.solve([[1, 1]], progress=quick.append).status == "solved"
    assert len(quick) == 1


def test_the_rating_progress_callback_sees_the_games_and_may_stop_the_rating() -> None:
    seen: "List[tuple[int, int]]" = []
    rating = llk.rate(
        MEDIUM, HARD_RULES, plays=60, probes=2, budget=1000, deal_budget=1000,
        progress=lambda d, t: seen.append((d, t)),
    )
    # Called along the way and once at the end: games that grow up to the
    # random games and the probed ones.
    assert rating.plays == 60
    assert seen and [d for d, _ in seen] == sorted(d for d, _ in seen)
    assert {t for _, t in seen} == {62} and seen[-1] == (62, 62)

    class Enough(Exception):
        pass

    def stop(done: int, total: int) -> None:
        raise Enough(done, total)

    for work in [
        lambda: llk.rate(MEDIUM, HARD_RULES, plays=1_000_000, progress=stop),
        lambda: llk.generate_rated(
            10, 10, 25, rules=HARD_RULES, score=(100, 100), plays=1_000_000, progress=stop
        ),
    ]:
        with pytest.raises(Enough) as caught:
            work()
        done, total = caught.value.args
        assert 0 <= done < total
    # With a timeout and a Cancel beside it: the callback runs until the
    # stop, which is the one raised.
    calls: "List[tuple[int, int]]" = []
    with pytest.raises(TimeoutError):
        llk.rate(MEDIUM, HARD_RULES, plays=1_000_000, timeout=0.5, cancel=llk.Cancel(),
                 progress=lambda d, t: calls.append((d, t)))
    assert calls and all(t == 1_000_003 for _, t in calls)
    caught_cancel = cancelled_from_another_thread(
        lambda token: llk.generate_rated(
            10, 10, 25, rules=HARD_RULES, score=(100, 100), plays=1_000_000, cancel=token,
            progress=lambda d, t: None,
        )
    )
    assert isinstance(caught_cancel, llk.Cancelled)
    with pytest.raises(TypeError, match="^progress: expected None or a callable"):
        llk.rate([[1, 1]], progress=5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="^progress: expected None or a callable"):
        llk.generate_rated(2, 2, 1, difficulty="easy", progress="x")  # type: ignore[arg-type]


def test_the_default_budget_is_the_command_lines() -> None:
    assert inspect.signature(llk.solve).parameters["budget"].default == 1_000_000
    # None is no limit, as before.
    assert llk.solve([[1, 2, 2, 1]], budget=None).status == "solved"


@pytest.mark.parametrize(
    "kwargs, error, message",
    [
        ({"timeout": -1}, ValueError, "^timeout must be a number of seconds, 0 or more, got -1"),
        ({"timeout": float("nan")}, ValueError, "^timeout must be a number of seconds"),
        ({"timeout": "1"}, TypeError, r"^timeout: expected None or seconds \(an int or float\), got str$"),
        ({"timeout": True}, TypeError, r"^timeout: expected None or seconds \(an int or float\), got bool$"),
        ({"cancel": 1}, TypeError, "^cancel: expected None or a Cancel, got int$"),
        ({"cancel": threading.Event()}, TypeError, "^cancel: expected None or a Cancel, got Event$"),
    ],
)
def test_bad_stops(kwargs: "dict[str, object]", error: type, message: str) -> None:
    for call in [
        lambda: llk.solve([[1, 1]], **kwargs),  # type: ignore[arg-type]
        lambda: llk.generate(2, 2, 1, **kwargs),  # type: ignore[arg-type]
        lambda: llk.rate([[1, 1]], **kwargs),  # type: ignore[arg-type]
        lambda: llk.generate_rated(2, 2, 1, difficulty="easy", **kwargs),  # type: ignore[arg-type]
    ]:
        with pytest.raises(error) as caught:
            call()
        # The message itself (PyO3 adds a note naming the argument again).
        assert re.match(message, str(caught.value)), str(caught.value)
    with pytest.raises(TypeError, match="^progress: expected None or a callable"):
        llk.solve([[1, 1]], progress=5)  # type: ignore[arg-type]
