"""The rules through Python, case by case from
fixtures/conformance/rules.tsv: the library's, the command line's, C's and
HTTP's test suites run the same file through their faces. Each case's
settings are keyword arguments of Rules; the rules made, or the refusal's
message, must be the fixture's."""

import json
from pathlib import Path
from typing import Dict, List, Tuple, Union

import pytest

import lianliankan as llk

FIXTURE = Path(__file__).resolve().parents[3] / "fixtures" / "conformance" / "rules.tsv"


def cases() -> List[Tuple[int, str, str]]:
    """(line number, settings, verdict) of every case."""
    found = []
    for number, line in enumerate(FIXTURE.read_text().splitlines(), start=1):
        if line.startswith("#") or not line.strip():
            continue
        settings, verdict = line.split("\t")
        found.append((number, settings, verdict))
    assert len(found) >= 20, f"{FIXTURE}: {len(found)} cases"
    return found


def make(settings: str) -> llk.Rules:
    """The rules the settings name: a preset, or Rules(...) with the flags
    as keyword arguments."""
    if settings.startswith("preset "):
        return {"judge": llk.Rules.judge, "kshisen": llk.Rules.kshisen}[settings[7:]]()
    words = settings.split()
    kwargs: Dict[str, Union[int, str, bool]] = {}
    i = 0
    while i < len(words):
        flag = words[i][2:]
        if flag == "slide":
            kwargs["slide"] = True
            i += 1
            continue
        value = words[i + 1]
        kwargs[flag] = int(value) if flag == "turns" else value
        i += 2
    return llk.Rules(**kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize(("number", "settings", "verdict"), cases())
def test_python_agrees_with_the_case(number: int, settings: str, verdict: str) -> None:
    kind, _, rest = verdict.partition(" ")
    if kind == "ok":
        expected = json.loads(rest)
        rules = make(settings)
        got = {
            "turns": rules.turns,
            "border": rules.border,
            "gravity": rules.gravity,
            "groups": rules.groups,
            "connect": rules.connect,
            "slide": rules.slide,
        }
        assert got == {**expected, "slide": expected.get("slide", False)}, f"line {number}"
    else:
        assert kind == "error"
        with pytest.raises(llk.LianliankanError) as caught:
            make(settings)
        assert isinstance(caught.value, ValueError)
        assert str(caught.value).startswith(rest), f"line {number}: {caught.value}"
        if rest.startswith("sliding tiles"):
            assert isinstance(caught.value, llk.RulesError), f"line {number}"
