"""The snapshot commands' one calls: this machine's snapshot (optionally saved) and the diff
of two snapshots named the way a user names them (saved ids, JSON paths, "this machine now")."""

from __future__ import annotations

import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from perfscout.model.errors import NotFoundError, UsageError
from perfscout.model.snapshot import PlatformSnapshot
from perfscout.snapshot import (
    diff_snapshots,
    list_snapshots,
    resolve,
    save_snapshot,
    snapshot_from_dir,
    take_snapshot,
)
from perfscout.snapshot.store import SavedSnapshot


@dataclass(frozen=True)
class Taken:
    """A snapshot, and where it was saved (None when not asked to save)."""

    snapshot: PlatformSnapshot
    saved: SavedSnapshot | None


@dataclass(frozen=True)
class SnapshotDiff:
    """What changed from snapshot ``a`` to ``b`` (labels as the user named them)."""

    a: str
    b: str
    changes: list[Any]


def live() -> PlatformSnapshot:
    """This machine now, collected in a throwaway sandbox workspace."""
    from perfscout.sandbox import default_runner

    with tempfile.TemporaryDirectory(prefix="perfscout-snapshot-") as ws:
        return take_snapshot(default_runner(Path(ws)))


def take(from_dir: str | None, save: bool, home: Path) -> Taken:
    """The snapshot of this machine, or of the node whose saved outputs ``from_dir`` holds;
    stored under ``home/snapshots`` when ``save``."""
    snap = snapshot_from_dir(Path(from_dir)) if from_dir else live()
    return Taken(snap, save_snapshot(snap, home) if save else None)


def diff(refs: Sequence[str], home: Path) -> SnapshotDiff:
    """Diff two snapshots: ``A B``; ``A`` against this machine now; none: the two latest saved."""
    names = list(refs)
    if len(names) > 2:
        raise UsageError("snapshot diff takes at most two snapshots",
                         hint="perfscout snapshot diff [A [B]]")
    if len(names) == 2:
        a, b = resolve(names[0], home), resolve(names[1], home)
        labels = names
    elif len(names) == 1:
        a, b = resolve(names[0], home), live()
        labels = [names[0], "this machine now"]
    else:
        entries = list_snapshots(home)
        if len(entries) < 2:
            raise NotFoundError(f"need two saved snapshots to diff, found {len(entries)}",
                                hint="save with `perfscout snapshot --save`, or name A and B")
        a, b = resolve(entries[-2].path, home), resolve(entries[-1].path, home)
        labels = [entries[-2].id, entries[-1].id]
    return SnapshotDiff(labels[0], labels[1], list(diff_snapshots(a, b)))
