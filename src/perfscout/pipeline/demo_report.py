"""The demo's last step: one card per verified proposal, the run stored, the report written.

Called at the end of :func:`perfscout.pipeline.demo.run_demo`. The run's inputs (demo result,
snapshot, the analysis of each kernel's baseline profile) are stored in the KB's ``kb_runs``
table so that ``perfscout report --demo`` rebuilds the same report later, in any language.
"""

from __future__ import annotations

import datetime as _dt
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from perfscout.experiment.store import Store
from perfscout.kb.cards import Card, CardStore, Gain
from perfscout.kb.record import make_card
from perfscout.model.findings import Finding
from perfscout.model.message import Text
from perfscout.model.proposals import Proposal
from perfscout.model.serialize import from_jsonable, to_jsonable
from perfscout.model.snapshot import PlatformSnapshot
from perfscout.report import Ceilings, ReportFiles
from perfscout.report.checks import demote_stale
from perfscout.report.run import report_from_run


def platform_key(snapshot: PlatformSnapshot | None, snap_info: Mapping[str, Any]) -> str:
    """The snapshot's key, or the CPU name the demo saw when no snapshot was taken."""
    if snapshot is not None:
        return snapshot.key
    return f"{snap_info.get('cpu') or 'unknown-cpu'}|nocc|nompi"


def _analysis(files: Sequence[str], snapshot: PlatformSnapshot | None,
              peak_MBps: float | None = None) -> dict[str, Any]:
    from perfscout.ingest.registry import load
    from perfscout.pipeline.analyze import analyze

    usable, limits = [], []
    for f in files:  # a file no adapter reads is named in the report, the others still count
        try:
            load(f)
            usable.append(f)
        except Exception as exc:
            limits.append(Text("limit.not_analysed", file=Path(f).name,
                               error=getattr(exc, "message", exc)))
    empty: dict[str, Any] = {"findings": [], "proposals": [], "rejected": [], "do_not": []}
    if not usable:
        return {**empty, "limits": limits}
    try:
        a = analyze(usable, snapshot=snapshot)
    except Exception as exc:  # the report says what it could not analyse, the demo goes on
        return {**empty, "limits": [*limits, Text("limit.analysis_failed", error=exc)]}
    findings, stale = demote_stale(a.findings, peak_MBps)  # never confirmed above a ceiling
    return {"findings": to_jsonable(findings), "proposals": to_jsonable(a.proposals),
            "rejected": to_jsonable(a.rejected), "do_not": to_jsonable(a.do_not),
            "limits": [*limits, *a.limits, *stale]}


def demo_cards(demo: Mapping[str, Any], analyses: Mapping[str, Mapping[str, Any]],
               proposals: Mapping[str, Sequence[Proposal]], key: str, run_id: str
               ) -> list[Card]:
    """One card per proposal the demo's experiments judged (combinations are not proposals)."""
    out = []
    for k in demo["kernels"]:
        by_id = {p.id: p for p in proposals.get(k["kernel"], ())}
        findings = [from_jsonable(Finding, f) for f in analyses[k["kernel"]]["findings"]]
        for po in k["proposals"]:
            if po["kind"] == "combination":
                continue
            act = po.get("actual_gain") or {}
            exps = list(dict.fromkeys(
                [*k["experiments"][:1], *([act["experiment"]] if act.get("experiment") else [])]))
            out.append(make_card(
                proposal_id=po["id"], verdict=po["verdict"], platform_key=key,
                actual=Gain(act.get("ratio"), act.get("low"), act.get("high")),
                experiments=exps, proposal=by_id.get(po["id"]), findings=findings,
                scope=k["kernel"], stage=po["stage"], reasons=po.get("reasons", ()),
                run_id=run_id))
    return out


def ceilings_of(demo: Mapping[str, Any]) -> Ceilings:
    bw = demo.get("peak_bandwidth_MBps")
    return Ceilings(bw / 1000 if bw else None, demo.get("peak_bandwidth_source") or "",
                    demo.get("numpy_dgemm_gflops"),
                    "numpy DGEMM, same run" if demo.get("numpy_dgemm_gflops") else "")


def finish_demo(demo_result: Any, snapshot: PlatformSnapshot | None, store: Store,
                proposals: Mapping[str, Sequence[Proposal]] | None = None
                ) -> tuple[str, tuple[str, ...], ReportFiles]:
    """Record cards, store the run, write the English report next to the database.

    ``proposals`` (kernel -> proposals that ran) fills expected gains and problems; when not
    given they are recovered from the analysis, or from the demo's fixed list."""
    from perfscout.pipeline.demo import FALLBACK_LABEL, fallback_proposals

    demo = to_jsonable(demo_result)
    run_id = "demo-" + _dt.datetime.now(_dt.UTC).strftime("%Y%m%dT%H%M%S%fZ")
    analyses = {k["kernel"]: _analysis(k["profile_files"], snapshot,
                                       demo.get("peak_bandwidth_MBps"))
                for k in demo["kernels"]}
    props: dict[str, Sequence[Proposal]] = dict(proposals or {})
    for k in demo["kernels"]:
        if k["kernel"] in props:
            continue
        if k["proposal_source"] == FALLBACK_LABEL:
            props[k["kernel"]] = fallback_proposals(k["kernel"])
        else:
            props[k["kernel"]] = [from_jsonable(Proposal, p)
                                  for p in analyses[k["kernel"]]["proposals"]]
    key = platform_key(snapshot, demo.get("snapshot") or {})
    notes = [Text("note.proposals_from", kernel=k["kernel"], source=k["proposal_source"])
             for k in demo["kernels"]]
    notes.append(Text("note.auto_approved"))
    run = {"title": Text("run.demo"), "demo": demo,
           "experiment_ids": [e for k in demo["kernels"] for e in k["experiments"]],
           "snapshot": to_jsonable(snapshot) if snapshot else None,
           "platform_info": demo.get("snapshot"), "analyses": analyses, "platform_key": key,
           "proposals": {k: to_jsonable(list(v)) for k, v in props.items()},
           "ceilings": to_jsonable(ceilings_of(demo)), "notes": notes}
    with CardStore(store.path) as cs:
        made = [cs.add(c) for c in demo_cards(demo, analyses, props, key, run_id)]
        cs.save_run(run_id, "demo", json.loads(json.dumps(run, default=str)), key)
        files = report_from_run(store, cs, run_id, run, store.path.parent / "reports" / run_id)
    return run_id, tuple(c.id for c in made), files
