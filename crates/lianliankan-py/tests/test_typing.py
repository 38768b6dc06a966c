"""A typed library: every Python example of README.md, docs/python.md and
the package's README runs and passes `mypy --strict` against the installed stub; `Step` narrows by its
kind; a TypeError names the argument and the type wanted; a bool is
refused where an int is meant; `rate(plays=0)` is refused; `deal()` and
`generate()` give one type; reprs have one shape."""

import pathlib
import re
import subprocess
import sys
import textwrap
from typing import Any, Callable, List

import pytest

import lianliankan as llk
from conftest import JUDGE

ROOT = pathlib.Path(__file__).resolve().parents[3]
DOCS = [ROOT / "README.md", ROOT / "docs" / "python.md", ROOT / "crates" / "lianliankan-py" / "README.md"]


def python_blocks(path: pathlib.Path) -> List[str]:
    """The ```python blocks of a Markdown file."""
    return re.findall(r"^```python\n(.*?)^```", path.read_text(), flags=re.M | re.S)


def mypy_strict(files: List[pathlib.Path], cwd: pathlib.Path) -> "subprocess.CompletedProcess[str]":
    # mypy is one of the test tools xtask installs: its absence is a failure.
    import mypy  # noqa: F401

    return subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", *map(str, files)],
        capture_output=True,
        text=True,
        cwd=cwd,
    )


def test_the_docs_python_examples_pass_mypy_strict(tmp_path: pathlib.Path) -> None:
    files = []
    for doc in DOCS:
        blocks = python_blocks(doc)
        assert blocks, f"{doc} has no python block"
        for i, block in enumerate(blocks):
            file = tmp_path / f"{doc.parent.name}_{doc.stem.lower()}_{i}.py"
            file.write_text(block)
            files.append(file)
    # From a directory without the source stub: the installed one is read.
    checked = mypy_strict(files, tmp_path)
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_the_docs_python_examples_run() -> None:
    for doc in DOCS:
        for i, block in enumerate(python_blocks(doc)):
            exec(compile(block, f"{doc.name}, python block {i}", "exec"), {})


def test_mypy_strict_catches_an_optional_used_unchecked(tmp_path: pathlib.Path) -> None:
    # The check above can fail: the quick start as it once was does.
    file = tmp_path / "unchecked.py"
    file.write_text(textwrap.dedent(
        """
        import lianliankan as llk
        rules = llk.Rules.kshisen()
        deal = llk.generate(rows=8, cols=12, kinds=18, seed=1, rules=rules)
        result = llk.solve(deal.board, rules, budget=1_000_000)
        print(result.status, llk.replay(deal.board, rules, result.order))
        """
    ))
    checked = mypy_strict([file], tmp_path)
    assert checked.returncode == 1 and "list[Move] | None" in checked.stdout, checked.stdout


def test_step_narrows_by_kind(tmp_path: pathlib.Path) -> None:
    file = tmp_path / "steps.py"
    file.write_text(textwrap.dedent(
        """
        from typing import List, Tuple
        import lianliankan as llk

        def describe(step: llk.Step) -> str:
            if step.kind == "removed":
                move: llk.Move = step.move
                kinds: Tuple[int, int] = step.kinds
                return f"{move} {kinds}"
            after: List[Tuple[Tuple[int, int], int]] = step.after
            return str(len(after))

        def wrong(step: llk.Step) -> llk.Move:
            return step.move
        """
    ))
    checked = mypy_strict([file], tmp_path)
    # Only the unnarrowed access is an error.
    errors = [line for line in checked.stdout.splitlines() if ": error:" in line]
    assert len(errors) == 1 and "steps.py:14" in errors[0] and '"move"' in errors[0], checked.stdout
    game = llk.Game(JUDGE)
    game.remove((0, 0), (2, 3))
    game.shuffle(seed=1)
    removed, shuffled = game.history
    assert isinstance(removed, llk.RemovedStep) and removed.kind == "removed"
    assert isinstance(shuffled, llk.ShuffledStep) and shuffled.kind == "shuffled"
    assert set(llk.Step.__args__) == {llk.RemovedStep, llk.ShuffledStep}


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: llk.Rules(border=1), "^border: expected str, got int$"),
        (lambda: llk.Rules(gravity=None), "^gravity: expected str, got NoneType$"),
        (lambda: llk.Rules(groups=5), "^groups: expected str, got int$"),
        (lambda: llk.Rules(connect=b"line"), "^connect: expected str, got bytes$"),
        (lambda: llk.Rules(turns="2"), "^turns: expected int, got str$"),
        (lambda: llk.Rules(turns=True), "^turns: expected int, got bool$"),
        (lambda: llk.Rules(slide=1), "^slide: expected bool, got int$"),
        (lambda: llk.generate(True, 4, 2), "^rows: expected int, got bool$"),
        (lambda: llk.generate(4, 4.0, 2), "^cols: expected int, got float$"),
        (lambda: llk.deal(4, 4, "2"), "^kinds: expected int, got str$"),
        (lambda: llk.deal(4, 4, 2, copies=False), "^copies: expected int, got bool$"),
        (lambda: llk.deal(4, 4, 2, seed=True), "^seed: expected int, got bool$"),
        (lambda: llk.solve([[1, True]]), r"^board\[0\]\[1\]: expected int, got bool$"),
        (lambda: llk.solve([[1, 1]], budget=True), "^budget: expected int, got bool$"),
        (lambda: llk.solve([[1, 1]], "judge"), "^rules: expected Rules, got str$"),
        (lambda: llk.connect([[1, 1]], (0, 0), (0, 1), llk.Rules), "^rules: expected Rules, got type$"),
        (lambda: llk.replay([[1, 1]], None, []), "^rules: expected Rules, got NoneType$"),
        (lambda: llk.rate([[1, 1]], plays=1.5), "^plays: expected int, got float$"),
        (lambda: llk.rate([[1, 1]], probes=True), "^probes: expected int, got bool$"),
        (lambda: llk.generate_rated(4, 4, 2, difficulty=3), "^difficulty: expected str, got int$"),
        (lambda: llk.generate_rated(4, 4, 2, score=[1, 2]), r"^score: expected None or a band \(low, high\) of two ints, got list$"),
        (lambda: llk.generate_rated(4, 4, 2, score=(1, True)), r"^score\[1\]: expected int, got bool$"),
        (lambda: llk.generate_rated(4, 4, 2, difficulty="easy", candidates="9"), "^candidates: expected int, got str$"),
        (lambda: llk.Move((0, 0), (0, 1), route=1), "^route: expected str, got int$"),
        (lambda: llk.Move((0, 0), (0, True)), r"^b\[1\]: expected int, got bool$"),
        (lambda: llk.Game([[1, 1]]).shuffle(seed=False), "^seed: expected int, got bool$"),
        (lambda: llk.Game([[1, 1]]).play(((0, 0), (0, 1))), "^move: expected Move, got tuple$"),
    ],
)
def test_type_errors_name_the_argument_and_the_type_wanted(call: Callable[[], Any], message: str) -> None:
    with pytest.raises(TypeError) as caught:
        call()
    # The message itself (PyO3 adds a note naming the argument again).
    assert re.fullmatch(message.strip("^$"), str(caught.value)), str(caught.value)


def test_a_rating_of_no_games_is_refused() -> None:
    for call in [
        lambda: llk.rate([[1, 1]], plays=0),
        lambda: llk.generate_rated(4, 4, 2, difficulty="easy", plays=0),
    ]:
        with pytest.raises(ValueError, match=r"^plays must be from 1 to 4294967295 \(a rating of no games says nothing\), got 0$"):
            call()
    assert llk.rate([[1, 1]], plays=1).plays == 1


def test_deal_and_generate_give_one_type() -> None:
    dealt, made = llk.deal(4, 4, 2, seed=1), llk.generate(4, 4, 2, seed=1)
    assert type(dealt) is type(made) is llk.Deal
    assert dealt.certificate is None and made.certificate is not None


def test_reprs_have_one_shape() -> None:
    game = llk.Game(JUDGE)
    game.remove((0, 0), (2, 3))
    values = [
        llk.Rules(),
        llk.Move((0, 0), (0, 1), route="row"),
        llk.Board(JUDGE),
        llk.deal(4, 4, 2),
        llk.generate(4, 4, 2),
        llk.solve(JUDGE),
        llk.solve([[1, 2], [2, 1]]),
        game.history[0],
        game,
        llk.rate([[1, 1]], plays=2),
        llk.Cancel(),
    ]
    for value in values:
        text = repr(value)
        # The class's name, then its fields; text in double quotes, as
        # Rules and Move, whose reprs evaluate back; summaries in <...>.
        assert text.startswith(type(value).__name__ + "("), text
        assert "'" not in text, text
