"""How ``perfscout session`` shows a session: the steps, what was not run and why, what it
waits for, the report."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table


def render(con: Console, st: dict[str, Any]) -> None:
    """The steps table, then unconvertible proposals, the combination, the wait, the report."""
    t = Table("step", "status", title=f"session {st['id']} ({st['program']})")
    for s, v in st["steps"].items():
        t.add_row(s, v)
    con.print(t)
    out = st.get("outputs", {})
    for u in (out.get("verify") or out.get("approve") or {}).get("unconvertible", []):
        con.print(f"not run: {u['id']}: {u['reason']}", markup=False)
    if (out.get("verify") or {}).get("combination"):
        con.print(f"combination: {out['verify']['combination']['note']}", markup=False)
    if st.get("waiting"):
        con.print(f"waiting: {st['waiting']}", markup=False)
    if out.get("report", {}).get("html"):
        con.print(f"report: {out['report']['html']}", markup=False)


def sessions_table(con: Console, rows: list[dict[str, Any]]) -> None:
    """One line per session: id, program, the next step."""
    t = Table("id", "program", "next step", title="sessions")
    for r in rows:
        t.add_row(r["id"], r["program"], r["next"] or "done")
    con.print(t)
