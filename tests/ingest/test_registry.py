"""The adapter registry is the project's generic registry: one instance per name, a taken
name refused, an unknown ``--format`` answered with the valid names (exit 4, not found)."""

from __future__ import annotations

from pathlib import Path

import pytest

from perfscout.ingest.base import Adapter
from perfscout.ingest.registry import adapters, get_adapter, register_adapter
from perfscout.model.errors import ExitCode
from perfscout.model.metrics import Profile
from perfscout.registry import DuplicateName, UnknownName


def test_a_second_adapter_under_a_taken_name_is_refused() -> None:
    assert "perf-stat" in adapters()

    class Again(Adapter):
        name = "perf-stat"

        def sniff(self, head: str, path: Path) -> float:
            return 0.0

        def parse(self, path: Path) -> Profile:
            raise AssertionError("never registered, never called")

    with pytest.raises(DuplicateName, match="registered twice"):
        register_adapter(Again)
    assert type(get_adapter("perf-stat")).__name__ != "Again"


def test_an_unknown_format_lists_the_valid_ones() -> None:
    with pytest.raises(UnknownName) as exc:
        get_adapter("perf-stats")
    assert "perf-stat" in exc.value.hint and "mpip" in exc.value.hint
    assert exc.value.exit_code == ExitCode.NOT_FOUND


def test_the_rule_table_is_a_registry_too() -> None:
    from perfscout.diagnose.engine import rules

    table = rules()
    assert "rt.affinity" in table
    with pytest.raises(UnknownName, match=r"valid: .*rt\.affinity"):
        table["rt.afinity"]
