"""``perfscout analyze FILE...``: findings by layer (root causes first), then data requests."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer
from rich.console import Console

from perfscout.cli.output import JSON_HELP, Outcome, execute
from perfscout.cli.state import OPTIONS
from perfscout.config import load_config
from perfscout.files import read_structured
from perfscout.ingest.registry import skipped_line
from perfscout.model.errors import InputError, NotFoundError, UsageError
from perfscout.model.serialize import from_jsonable, to_jsonable
from perfscout.model.snapshot import PlatformSnapshot


def load_platform(snapshot_json: str | None, snapshot_dir: str | None) -> PlatformSnapshot | None:
    """The snapshot from a saved JSON file or rebuilt from a directory of command outputs."""
    if snapshot_json and snapshot_dir:
        raise UsageError("give --platform or --platform-dir, not both")
    if snapshot_json:
        p = Path(snapshot_json)
        raw = read_structured(p, "snapshot", hint="give the output of `perfscout snapshot --json`")
        if isinstance(raw, dict) and "data" in raw and "perfscout" in raw:
            raw = raw["data"].get("snapshot", raw["data"])
        if not isinstance(raw, dict) or "cpu" not in raw:
            raise InputError(f"{p}: no snapshot object (no 'cpu' key)",
                             hint="give the output of `perfscout snapshot --json`")
        return from_jsonable(PlatformSnapshot, raw)
    if snapshot_dir:
        d = Path(snapshot_dir)
        if not d.is_dir():
            raise NotFoundError(f"{d}: no such directory")
        import perfscout.snapshot as snap

        build = getattr(snap, "snapshot_from_dir", None)
        if build is None:
            raise UsageError("--platform-dir needs the snapshot stage, which is not installed",
                             hint="use --platform SNAPSHOT.json")
        result = build(d)
        return result if isinstance(result, PlatformSnapshot) else None
    return None


def _finding_row(f: Any) -> dict[str, Any]:
    row = to_jsonable(f)
    return row if isinstance(row, dict) else {}


def top_account(a: Any) -> dict[str, Any] | None:
    """The top finding as a reader needs it: the quantities that decided it (with sources and
    families), what it was told apart from and why, and the hot line a proposal targets."""
    from perfscout.diagnose.kinds import LOOK_ALIKES

    if not a.findings:
        return None
    f = a.findings[0]
    present = {g.id: g for g in a.findings}
    apart = []
    for other, why in LOOK_ALIKES.get(f.id, ()):
        g = present.get(other)
        state = ("not found" if g is None else
                 f"found, caused by {f.id}" if f.id in g.caused_by else
                 f"found, ranked below ({g.confidence:.2f})")
        apart.append({"id": other, "why": why, "state": state})
    hot = next((p.scope for p in a.proposals if ":" in (p.scope or "")
                and p.scope.rsplit(":", 1)[-1].isdigit()), "")
    return {
        "id": f.id, "status": str(f.status.value), "confidence": f.confidence,
        "deciding": [{"quote": e.quote, "metric": e.metric, "value": e.value, "unit": e.unit,
                      "source": str(e.source) if e.source else "", "family": e.source_kind,
                      "threshold": e.threshold} for e in f.evidence],
        "distinguished_from": apart, "hot_loop": hot,
    }


def render_top(con: Console, top: dict[str, Any] | None) -> None:
    """The top finding's account in a few lines."""
    if not top:
        return
    con.print(f"[bold]top finding[/] {top['id']} ({top['status']} {top['confidence']:.2f})")
    for d in top["deciding"]:
        con.print(f"  decided by: {d['quote']}  [{d['source']}; {d['family']}]", markup=False)
    for x in top["distinguished_from"]:
        con.print(f"  not {x['id']} ({x['state']}): {x['why']}", markup=False)
    if top["hot_loop"]:
        con.print(f"  hot loop: {top['hot_loop']}", markup=False)


def register(app: typer.Typer) -> None:
    @app.command("analyze")
    def analyze_cmd(
        files: list[str] = typer.Argument(..., help="Profiler outputs (any supported format)."),
        platform: str = typer.Option(None, "--platform", help="Snapshot JSON of the machine."),
        platform_dir: str = typer.Option(None, "--platform-dir",
                                         help="Directory of saved snapshot command outputs."),
        fmt: str = typer.Option(None, "--format", help="Force one input format."),
        as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
    ) -> None:
        """Say in which layer the bottleneck lives, with the numbers; ask for what is missing."""

        def run() -> Outcome:
            from perfscout.pipeline.analyze import analyze
            from perfscout.sandbox.runner import default_runner

            cfg = load_config(config_path=OPTIONS.config_path)
            snap = load_platform(platform, platform_dir)
            from perfscout.experiment.store import default_db

            a = analyze(files, snapshot=snap, runner=default_runner(Path.cwd()),
                        thresholds=cfg.thresholds(), fmt=fmt, kb_db=default_db(cfg.home))
            data = {
                "inputs": [{"path": p.path, "format": p.format} for p in a.profiles],
                "platform": snap.key if snap else None,
                "findings": [_finding_row(f) for f in a.findings],
                "proposals": to_jsonable(a.proposals),
                "rejected": to_jsonable(a.rejected),
                "do_not": to_jsonable(a.do_not),
                "data_requests": to_jsonable(a.data_requests),
                "limits": list(a.limits),
                "skipped": to_jsonable(a.skipped),
                "top": top_account(a),
            }

            def render(con: Console) -> None:
                if a.skipped:
                    con.print(skipped_line(a.skipped), markup=False, soft_wrap=True)
                if not a.findings:
                    con.print("No finding: the data cannot decide.", markup=False)
                else:
                    render_top(con, data["top"])
                for layer in ("hardware", "system", "runtime", "algorithm", "application"):
                    fs = [f for f in a.findings if str(f.layer) == layer]
                    if not fs:
                        continue
                    con.print(f"[bold]{layer}[/]")
                    for f in fs:
                        tag = "ROOT" if f.root_cause else "caused by " + ", ".join(f.caused_by)
                        con.print(f"  {f.id}  {f.status} {f.confidence:.2f}  [{tag}]  {f.title}",
                                  markup=False)
                        for e in f.evidence:
                            con.print(f"      {e.quote}  ({e.source}; {e.source_kind})"
                                      + (f"  [{e.threshold}]" if e.threshold else ""),
                                      markup=False)
                        for c in f.conflicts:
                            con.print(f"      conflict: {c}", markup=False)
                if a.data_requests:
                    con.print("[bold]data requests[/]")
                    for q in a.data_requests:
                        ok = {True: "allowed", False: "denied", None: "unchecked"}[q.allowed]
                        con.print(f"  {' '.join(q.command)}   # {q.reason} ({ok})", markup=False)
                for lim in a.limits:
                    con.print(f"limit: {lim}", markup=False)

            return Outcome(data=data, render=render)

        execute("analyze", as_json, run)
