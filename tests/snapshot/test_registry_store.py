"""The collector registry and the snapshot store."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from perfscout.model.errors import InputError, NotFoundError
from perfscout.model.snapshot import Compiler, CpuInfo, PlatformSnapshot
from perfscout.snapshot import (
    all_collectors,
    collect_script,
    get_collector,
    list_snapshots,
    load_snapshot,
    save_snapshot,
)
from perfscout.snapshot.registry import Collector, register


def test_registry_refuses_duplicates_and_lists_names_on_miss() -> None:
    first = all_collectors()[0]
    with pytest.raises(ValueError, match="already registered"):
        register(Collector(first.name, first.parse))
    with pytest.raises(NotFoundError) as exc:
        get_collector("no-such")
    assert "lscpu" in exc.value.hint and "numactl" in exc.value.hint


def test_collect_script_writes_every_saved_name() -> None:
    script = collect_script()
    for c in all_collectors():
        if c.files:
            assert c.files[0] in script, c.name


def test_save_list_load_roundtrip(tmp_path: Path) -> None:
    snap = PlatformSnapshot(taken_at="2026-01-02T03:04:05Z", hostname="n1",
                            cpu=CpuInfo(model_name="X", sockets=2),
                            compilers=(Compiler("gcc", "gnu", "12.2.0"),))
    saved = save_snapshot(snap, tmp_path)
    again = save_snapshot(snap, tmp_path)
    assert saved.id != again.id
    assert [e.id for e in list_snapshots(tmp_path)] == [saved.id, again.id]
    assert load_snapshot(Path(saved.path)) == snap
    assert not list((tmp_path / "snapshots").glob(".tmp-*"))


def test_load_rejects_non_snapshot_json(tmp_path: Path) -> None:
    bad = tmp_path / "x.json"
    bad.write_text(json.dumps({"hello": 1}))
    with pytest.raises(InputError):
        load_snapshot(bad)
    bad.write_text("{not json")
    with pytest.raises(InputError):
        load_snapshot(bad)
    with pytest.raises(NotFoundError):
        load_snapshot(tmp_path / "missing.json")
