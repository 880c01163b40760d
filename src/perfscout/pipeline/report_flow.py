"""Which report ``perfscout report`` writes: a stored run (the latest demo, or a run id) or an
experiment with a saved analysis and platform; one call, :func:`write_report_for`."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from perfscout.experiment.store import Store, default_db
from perfscout.kb import CardStore
from perfscout.model.errors import NotFoundError, UsageError
from perfscout.report import Ceilings, ReportFiles, build, read_analysis, write_report
from perfscout.report.messages import CATALOGS
from perfscout.report.run import report_from_run

if TYPE_CHECKING:
    from perfscout.experiment.store import StoredExperiment
    from perfscout.model.snapshot import PlatformSnapshot


def check_request(run_ref: str | None, demo: bool, analysis: str | None, platform: str | None,
                  lang: str) -> None:
    """Refuse a report request that names no run, names two, or an unknown language."""
    if lang not in CATALOGS:
        raise UsageError(f"no report language {lang!r}", hint="languages: " + ", ".join(CATALOGS))
    if demo == bool(run_ref):
        raise UsageError("give a run or experiment id, or --demo (one of them)",
                         hint="perfscout report --demo, or perfscout report EXP_ID "
                              "--analysis A.json")
    if demo and (analysis or platform):
        raise UsageError("--analysis/--platform go with an experiment id, not --demo")


def write_report_for(home: Path, run_ref: str | None, demo: bool, analysis: str | None,
                     snap: PlatformSnapshot | None, platform_given: bool, out: Path | None,
                     lang: str) -> tuple[str, ReportFiles]:
    """Write the report of the latest demo (``demo``), of stored run ``run_ref``, or of the
    experiment ``run_ref`` names; into ``out`` or ``home/reports/ID``. Returns (id, files)."""
    db = default_db(home)
    if not db.is_file():
        raise NotFoundError(f"no perfscout database at {db}",
                            hint="run `perfscout demo` or an experiment first")
    with Store(db) as store, CardStore(db) as cards:
        run_id, data = None, None
        if demo:
            run_id, data = cards.latest_run("demo")
        elif not analysis and not platform_given:
            try:
                run_id, data = cards.run(run_ref or "")
            except NotFoundError:
                run_id = None
        if run_id is not None and data is not None:
            return run_id, report_from_run(store, cards, run_id, data,
                                           out or home / "reports" / run_id, lang)
        exp = store.get(run_ref or "")
        return exp.id, _experiment_report(store, cards, exp, analysis, snap,
                                          out or home / "reports" / exp.id, lang)


def _experiment_report(store: Store, cards: CardStore, exp: StoredExperiment,
                       analysis: str | None, snap: PlatformSnapshot | None, out: Path,
                       lang: str) -> ReportFiles:
    if exp.result is None:
        raise NotFoundError(f"experiment {exp.id} has not finished",
                            hint="re-run its spec to complete it, then report")
    bw = exp.spec.peak_bandwidth_MBps if exp.spec else None
    mine = [c for c in cards.cards() if exp.id in c.experiments]
    inp = build(store, source=f"experiment {exp.id}", experiment_ids=[exp.id],
                cards=mine, analysis=read_analysis(analysis) if analysis else None,
                snapshot=snap, ceilings=Ceilings(bw / 1000 if bw else None,
                                                 "spec peak_bandwidth_MBps" if bw else ""),
                platform_key=mine[0].platform_key if mine and snap is None else "")
    return write_report(inp, out, lang)
