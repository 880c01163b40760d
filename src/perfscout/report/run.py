"""Reports of stored runs: the record a demo (and later a session) leaves in ``kb_runs``.

A stored run is one JSON object; every key is optional except ``experiment_ids``::

    {"experiment_ids": ["demo-triad-screen-..."],        # what was measured
     "analyses": {"triad": {<analyze --json data>}},      # findings, proposals, do_not, ...
     "proposals": {"triad": [<Proposal>, ...]},          # the proposals that actually ran
     "snapshot": {<PlatformSnapshot>} | null, "platform_key": "cpu|cc|mpi",
     "platform_info": {"cpu": "..."},                    # when no snapshot was taken
     "ceilings": {<Ceilings>}, "notes": ["..."], "title": "demo run"}

``perfscout report RUN_ID`` (and ``--demo`` for the latest demo) rebuilds the report from it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from perfscout.experiment.store import Store
from perfscout.kb.cards import CardStore
from perfscout.model.proposals import Proposal
from perfscout.model.serialize import from_jsonable
from perfscout.model.snapshot import PlatformSnapshot
from perfscout.report.collect import build, parse_analysis
from perfscout.report.data import Ceilings
from perfscout.report.write import ReportFiles, write_report

_ANALYSIS_KEYS = ("findings", "proposals", "rejected", "do_not", "limits", "rejected_scopes",
                  "do_not_scopes")


def report_from_run(store: Store, cards: CardStore, run_id: str, run: Mapping[str, Any],
                    out_dir: Path, lang: str = "en") -> ReportFiles:
    """Write the report of the stored run ``run_id`` (its cards are those with that run id)."""
    snap = from_jsonable(PlatformSnapshot, run["snapshot"]) if run.get("snapshot") else None
    analyses = []
    for scope, raw in (run.get("analyses") or {}).items():
        a = parse_analysis(raw, f"analysis of {scope}")
        a["findings"] = tuple(f if f.scope else replace(f, scope=scope) for f in a["findings"])
        a["proposals"] = tuple(p if p.scope else replace(p, scope=scope)
                               for p in a["proposals"])
        a["rejected_scopes"] = (scope,) * len(a["rejected"])
        a["do_not_scopes"] = (scope,) * len(a["do_not"])
        analyses.append(a)
    merged: dict[str, Any] = {key: tuple(x for a in analyses for x in a[key])
                              for key in _ANALYSIS_KEYS}
    merged["limits"] = tuple(dict.fromkeys(merged["limits"]))  # the same limit per scope once
    ran = tuple(replace(q, scope=q.scope or kernel)
                for kernel, ps in (run.get("proposals") or {}).items()
                for q in (from_jsonable(Proposal, p) for p in ps))
    if ran:  # the proposals that were run (the demo's fixed list when advise was absent)
        merged["proposals"] = ran
    ceilings = from_jsonable(Ceilings, run["ceilings"]) if run.get("ceilings") else Ceilings()
    inp = build(store, source=f"{run.get('title', 'run')} {run_id}",
                experiment_ids=list(run.get("experiment_ids") or ()),
                cards=cards.cards(run_id=run_id), analysis=merged, snapshot=snap,
                platform_fallback=run.get("platform_info"), ceilings=ceilings,
                notes=list(run.get("notes") or ()), platform_key=run.get("platform_key", ""))
    return write_report(inp, out_dir, lang)
