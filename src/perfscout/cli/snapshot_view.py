"""What the ``snapshot`` commands show: the card, the saved list, a diff table."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

if TYPE_CHECKING:
    from perfscout.model.snapshot import PlatformSnapshot
    from perfscout.pipeline.snapshots import SnapshotDiff, Taken
    from perfscout.snapshot.store import SavedSnapshot


def snapshot_data(t: Taken) -> dict[str, Any]:
    """``snapshot --json`` data: the snapshot's own fields (its schema, unchanged), the derived
    figures, and where it was saved."""
    from perfscout.model.serialize import to_jsonable

    data: dict[str, Any] = dict(to_jsonable(t.snapshot))
    data["derived"] = derived(t.snapshot)
    if t.saved:
        data["saved_id"], data["saved_path"] = t.saved.id, t.saved.path
    return data


def derived(s: PlatformSnapshot) -> dict[str, Any]:
    """Figures computed from the model (properties are not serialised)."""
    return {"cores": s.cpu.cores, "smt_on": s.cpu.smt_on, "numa_nodes": s.numa.count,
            "key": s.key}


def render_taken(con: Console, t: Taken) -> None:
    from perfscout.snapshot import render_card

    con.print(render_card(t.snapshot))
    if t.saved:
        con.print(Text(f"saved as {t.saved.id} ({t.saved.path})"))


def render_list(con: Console, entries: list[SavedSnapshot]) -> None:
    if not entries:
        con.print("no saved snapshots (use `perfscout snapshot --save`)")
        return
    t = Table("id", "taken at", "host", "platform key")
    for e in entries:
        t.add_row(*(Text(x) for x in (e.id, e.taken_at, e.hostname or "?", e.key)))
    con.print(t)


def render_diff(con: Console, d: SnapshotDiff) -> None:
    if not d.changes:
        con.print(f"no changes between {d.a} and {d.b}")
        return
    t = Table(title="snapshot diff")
    t.add_column("field", no_wrap=True)
    t.add_column(d.a, overflow="fold")
    t.add_column(d.b, overflow="fold")
    for c in d.changes:
        t.add_row(Text(c.path), Text(_short(c.old)), Text(_short(c.new)))
    con.print(t)


def _short(v: object) -> str:
    if v is None:
        return "-"
    if isinstance(v, dict):
        v = ", ".join(f"{k}={x}" for k, x in v.items() if x not in (None, "", [], {}))
    text = str(v)
    return text if len(text) <= 80 else text[:77] + "..."
