"""The typed usage file that mypy checks also runs right."""

import typed_usage


def test_typed_usage_runs() -> None:
    typed_usage.main()
