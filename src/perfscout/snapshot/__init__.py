"""The platform snapshot: what machine this is, and where each fact came from.

Public API:

- :func:`take_snapshot` runs every collector's command through the Runner passed in;
- :func:`snapshot_from_dir` rebuilds a snapshot from saved outputs of another node;
- :func:`save_snapshot`, :func:`list_snapshots`, :func:`load_snapshot` manage the store;
- :func:`diff_snapshots` lists what changed between two snapshots;
- :func:`render_card` is the one-screen platform card; :func:`collect_script` the POSIX sh
  script that saves on a node exactly the files ``snapshot_from_dir`` reads.
"""

from __future__ import annotations

from pathlib import Path

from perfscout.model.runs import Runner
from perfscout.model.snapshot import PlatformSnapshot
from perfscout.snapshot.assemble import assemble
from perfscout.snapshot.card import card_rows, render_card
from perfscout.snapshot.collect import collect_dir, collect_live
from perfscout.snapshot.diff import diff_snapshots
from perfscout.snapshot.registry import Collector, all_collectors, collector, get_collector
from perfscout.snapshot.script import collect_script
from perfscout.snapshot.store import (
    SavedSnapshot,
    list_snapshots,
    load_snapshot,
    resolve,
    save_snapshot,
)


def take_snapshot(runner: Runner) -> PlatformSnapshot:
    """Profile the machine the runner runs on. Never fails for a missing or denied tool: the
    fact is unknown and ``unknown_reasons`` / ``provenance`` say why."""
    return assemble(collect_live(runner), "live")


def snapshot_from_dir(path: Path | str) -> PlatformSnapshot:
    """Rebuild a snapshot from saved outputs (any subset of the names in docs/snapshot.md,
    or files recognised by content). Raises NotFoundError for a missing directory and
    InputError when nothing in it is usable."""
    p = Path(path)
    return assemble(collect_dir(p), f"from:{p}")


__all__ = [
    "Collector", "SavedSnapshot", "all_collectors", "card_rows", "collect_script", "collector",
    "diff_snapshots", "get_collector", "list_snapshots", "load_snapshot", "render_card",
    "resolve", "save_snapshot", "snapshot_from_dir", "take_snapshot",
]
