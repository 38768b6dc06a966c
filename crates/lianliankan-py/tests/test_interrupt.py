"""A long solve (or rating) releases the GIL and stops promptly when a
signal handler raises: Ctrl-C in a real process, and a timer's handler in
this one."""

import functools
import signal
import subprocess
import sys
import textwrap
import threading
import time
from typing import Any, Callable, List

import pytest

import lianliankan as llk
from conftest import HARD, HARD_RULES

# States the hard board's search cannot be decided in: the time they take
# is a lower bound on the time the whole search would take (1 to 3 s in a
# release build on this machine, under load).
PROOF_BUDGET = 40_000

# A deal whose random games take about a millisecond each (release build,
# here): a rating stops within one game of its token's cancel.
MEDIUM = llk.deal(10, 10, 25, seed=1).board


@functools.lru_cache(maxsize=None)
def budgeted_seconds() -> float:
    """Seconds a search of PROOF_BUDGET states takes on the hard board,
    which it cannot decide in that many."""
    started = time.perf_counter()
    result = llk.solve(HARD, HARD_RULES, budget=PROOF_BUDGET)
    seconds = time.perf_counter() - started
    assert result.status == "unknown", "the hard board is no longer hard"
    return seconds


def interrupted_by_a_timer(work: Callable[[], Any]) -> float:
    """Runs `work` with a timer whose handler raises KeyboardInterrupt
    after 0.1 s; the seconds until `work` raised it."""

    def interrupt(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGALRM, interrupt)
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.1)
        started = time.perf_counter()
        with pytest.raises(KeyboardInterrupt):
            work()
        return time.perf_counter() - started
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def test_a_timer_handler_interrupts_a_long_solve() -> None:
    lower_bound = budgeted_seconds()
    elapsed = interrupted_by_a_timer(lambda: llk.solve(HARD, HARD_RULES))
    # Stopped within a fraction of a second of the signal, and well before
    # the search could have ended (it needs more than PROOF_BUDGET states).
    assert elapsed < 0.1 + 0.5, elapsed
    assert elapsed < lower_bound / 2, (elapsed, lower_bound)


def test_any_exception_a_handler_raises_comes_out_of_solve() -> None:
    class Stop(Exception):
        pass

    def stop(signum: int, frame: object) -> None:
        raise Stop("stopped by the timer")

    previous = signal.signal(signal.SIGALRM, stop)
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.1)
        with pytest.raises(Stop, match="stopped by the timer"):
            llk.solve(HARD, HARD_RULES)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


CHILD = textwrap.dedent(
    """
    import signal, sys, time
    import lianliankan as llk
    # What Python installs for SIGINT unless its parent ignored the signal
    # (a background job's may): Ctrl-C raises KeyboardInterrupt.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    board = llk.deal(24, 12, 72, seed=1).board
    print("solving", flush=True)
    started = time.perf_counter()
    try:
        llk.solve(board, llk.Rules.kshisen())
    except KeyboardInterrupt:
        print(f"interrupted after {time.perf_counter() - started:.3f} s", flush=True)
        sys.exit(0)
    print("finished", flush=True)
    sys.exit(1)
    """
)


def test_ctrl_c_interrupts_a_solve_in_another_process() -> None:
    lower_bound = budgeted_seconds()
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD], stdout=subprocess.PIPE, text=True
    )
    try:
        assert child.stdout is not None
        assert child.stdout.readline() == "solving\n"
        time.sleep(0.1)
        sent = time.perf_counter()
        child.send_signal(signal.SIGINT)
        out, _ = child.communicate(timeout=30)
        after_signal = time.perf_counter() - sent
    finally:
        child.kill()
    assert child.returncode == 0, out
    assert out.startswith("interrupted after "), out
    assert after_signal < 1.0, after_signal
    assert float(out.split()[2]) < lower_bound, (out, lower_bound)


def test_the_gil_is_released_while_solving() -> None:
    stamps: List[float] = []
    window: List[float] = []
    done = threading.Event()

    def solve() -> None:
        window.append(time.perf_counter())
        llk.solve(HARD, HARD_RULES, budget=PROOF_BUDGET // 2)
        window.append(time.perf_counter())
        done.set()

    worker = threading.Thread(target=solve)
    worker.start()
    while not done.is_set():
        stamps.append(time.perf_counter())
    worker.join()
    start, end = window
    # This thread ran all along the solve: its longest pause within it is
    # a small part of it (with the GIL held it would be all of it).
    points = [start] + [t for t in stamps if start < t < end] + [end]
    longest = max(b - a for a, b in zip(points, points[1:]))
    assert end - start > 0.1, end - start
    assert longest < (end - start) / 4, (longest, end - start)


def test_a_timer_handler_interrupts_a_long_rating_and_a_long_generate_rated() -> None:
    # A million random games take a quarter of an hour (the rating looks
    # at its token between games); the deal's solve on the hard board takes
    # minutes (the solver looks at the token every state).
    for run in [
        lambda: llk.rate(MEDIUM, HARD_RULES, plays=1_000_000),
        lambda: llk.rate(HARD, HARD_RULES, plays=1, deal_budget=10**12),
        lambda: llk.generate_rated(
            10, 10, 25, rules=HARD_RULES, score=(100, 100), plays=1_000_000
        ),
    ]:
        elapsed = interrupted_by_a_timer(run)
        assert elapsed < 0.1 + 0.5, elapsed


def test_the_gil_is_released_while_rating() -> None:
    stamps: List[float] = []
    window: List[float] = []
    done = threading.Event()

    def rate() -> None:
        window.append(time.perf_counter())
        llk.rate(MEDIUM, HARD_RULES, plays=1500, probes=0)
        window.append(time.perf_counter())
        done.set()

    worker = threading.Thread(target=rate)
    worker.start()
    while not done.is_set():
        stamps.append(time.perf_counter())
    worker.join()
    start, end = window
    points = [start] + [t for t in stamps if start < t < end] + [end]
    longest = max(b - a for a, b in zip(points, points[1:]))
    assert end - start > 0.1, end - start
    assert longest < (end - start) / 4, (longest, end - start)


GENERATE_CHILD = textwrap.dedent(
    """
    import signal, sys, time
    import lianliankan as llk
    signal.signal(signal.SIGINT, signal.default_int_handler)
    print("generating", flush=True)
    try:
        # The largest board generate makes (100 x 100): over a second of
        # work, thousands of placements, each a sort of the free cells and
        # a few path searches.
        llk.generate(100, 100, 40, rules=llk.Rules.kshisen())
    except KeyboardInterrupt:
        # perf_counter is the system's monotonic clock, shared with the parent.
        print(f"interrupted at {time.perf_counter():.6f}", flush=True)
        sys.exit(0)
    print("finished", flush=True)
    sys.exit(1)
    """
)


def test_ctrl_c_interrupts_a_generate_within_100_ms() -> None:
    child = subprocess.Popen(
        [sys.executable, "-c", GENERATE_CHILD], stdout=subprocess.PIPE, text=True
    )
    try:
        assert child.stdout is not None
        assert child.stdout.readline() == "generating\n"
        time.sleep(0.5)
        sent = time.perf_counter()
        child.send_signal(signal.SIGINT)
        out, _ = child.communicate(timeout=30)
    finally:
        child.kill()
    assert child.returncode == 0, out
    assert out.startswith("interrupted at "), out
    answered = float(out.split()[2]) - sent
    assert 0 <= answered < 0.1, answered


def test_a_timer_handler_interrupts_a_long_generate() -> None:
    elapsed = interrupted_by_a_timer(lambda: llk.generate(100, 100, 40, rules=HARD_RULES))
    assert elapsed < 0.1 + 0.1, elapsed


@pytest.mark.parametrize("gravity", ["down", "none"])
def test_a_timer_handler_interrupts_a_big_solve_inside_its_first_state(gravity: str) -> None:
    # A 300 x 300 deal: its first dead-position test alone takes 17 s
    # (gravity down) or 14 s (none) in a release build; the search looks
    # at its cancel token between two of the test's path searches.
    board = llk.deal(300, 300, 200, seed=1).board
    rules = llk.Rules(turns=2, border="open", gravity=gravity)
    elapsed = interrupted_by_a_timer(lambda: llk.solve(board, rules))
    assert elapsed < 0.1 + 0.5, elapsed
