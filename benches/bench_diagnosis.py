"""Accuracy of the diagnosis: the tuning suite (tests/diagnose/scenarios) and every held-out set
(each ``tests/diagnose/heldout*/`` folder with case folders holding ``label.yaml``), side by
side, plus leave-one-family-out per set.

``python benches/bench_diagnosis.py --first-run SETNAME`` scores one set once and records that
figure with the commit, date and load it ran at under ``SETNAME.first_run``; it refuses when the
set already has one. Plain runs refresh every set's ``now`` figure and keep each ``first_run``
exactly as it was recorded.

Writes benches/results/diagnosis.json. Tuning-suite cases whose inputs no ingest adapter reads
are counted separately (``unreadable``). Held-out figures: top-1 (an undecidable case is right
when it gets a data request and no confirmed finding), hazardous proposals, ``confirmed`` where
two families agree, expected proposals, hot line named, cause chains. Leave-one-family-out
re-scores each held-out case with the files of one evidence family removed (only cases whose
label can still be reached are counted as decidable), and scores held-out cases whose evidence
includes a family the tuning suite never had.
"""

from __future__ import annotations

import datetime
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "src"), str(ROOT)]

from benches._common import write_result  # noqa: E402
from tests.diagnose import heldout_score as ho  # noqa: E402
from tests.diagnose.scenarios.runner import Outcome, run_case  # noqa: E402
from tests.diagnose.scenarios.suite import CASES, TRAPS  # noqa: E402


def _status_ok(o: Outcome) -> bool:
    """The top finding's status (confirmed / hypothesis) is the labelled one."""
    assert o.analysis is not None
    return str(o.analysis.findings[0].status.value) == o.case.status


def _load() -> float:
    return round(os.getloadavg()[0], 2)


def _previous() -> dict[str, object]:
    p = ROOT / "benches" / "results" / "diagnosis.json"
    try:
        figs = json.loads(p.read_text())["figures"]
    except (OSError, ValueError, KeyError):
        return {}
    return figs if isinstance(figs, dict) else {}


def _commit() -> str:
    out = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True,
                         text=True, check=False)
    return out.stdout.strip()


def first_run(name: str) -> None:
    """Score the held-out set ``name`` once and keep that figure (with the commit, the date and
    the load) for good; refuse when the set already has one."""
    known = ho.sets()
    if name not in known:
        raise SystemExit(f"no held-out set {name!r}; sets: {', '.join(known) or 'none'}")
    figures = _previous()
    entry = dict(figures.get(name) or {})  # type: ignore[call-overload]
    if "first_run" in entry:
        raise SystemExit(f"{name} already has its first-run figure; it is never re-measured")
    load0 = _load()
    scores = [ho.score(lb) for lb in ho.labels(known[name])]
    first = ho.summary(scores)
    first["per_case"] = _per_case(scores)
    first["commit"] = _commit()
    first["date"] = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    first["load_avg1"] = [load0, _load()]
    entry["first_run"] = first
    figures[name] = entry
    write_result("diagnosis", figures)
    _print_side_by_side({f"{name} first run": first})


def _per_case(scores: list[ho.Score]) -> dict[str, object]:
    return {s.label.case: {"ranked": s.ranked[:3], "status": s.statuses[:1], "top1": s.top1,
                           "hazards": s.hazards, "families": s.families, "scopes": s.scopes[:3],
                           "skipped": s.skipped}
            for s in scores}


def main() -> None:
    corpus = Path(os.environ.get("PERFSCOUT_CORPUS", ROOT.parent / "shared" / "corpus"))
    outs = [run_case(c, corpus) for c in CASES]
    ran = [o for o in outs if o.analysis is not None]
    top1 = sum(o.top1 for o in ran)
    top2 = sum(o.top2 for o in ran)
    figures = {
        "cases": len(CASES), "evaluated": len(ran), "unreadable": len(outs) - len(ran),
        "top1_accuracy": round(top1 / len(ran), 3) if ran else None,
        "top2_accuracy": round(top2 / len(ran), 3) if ran else None,
        "status_right": round(sum(_status_ok(o) for o in ran if o.top1 and o.case.expect)
                              / max(1, sum(1 for o in ran if o.top1 and o.case.expect)), 3),
        "status_misses": [o.case.name for o in ran
                          if o.top1 and o.case.expect and not _status_ok(o)],
        "traps_right": {o.case.name: o.top1 for o in ran if o.case.name in TRAPS},
        "misses": [{"case": o.case.name, "expected": o.case.expect, "ranked": o.ranked[:3]}
                   for o in ran if not o.top1],
        "unreadable_cases": [o.case.name for o in outs if o.analysis is None],
    }
    figures["tuning_suite_families"] = sorted(_tuning_families(corpus))
    previous = _previous()
    columns: dict[str, dict[str, object]] = {}
    for name, root in ho.sets().items():
        before = dict(previous.get(name) or {})  # type: ignore[call-overload]
        entry = {k: before[k] for k in ("first_run", "seen") if k in before}
        if "top1" in before:  # the first set's figure was once written flat: it was seen
            entry["seen"] = True
        entry["now"] = _heldout(set(figures["tuning_suite_families"]), root)
        figures[name] = entry
        post_hoc = "first_run" in entry  # scored once already: "now" is after seeing it
        if post_hoc:
            entry["now_is_post_hoc"] = True
            columns[f"{name} first run"] = entry["first_run"]  # type: ignore[assignment]
        columns[f"{name} now{' (post-hoc)' if post_hoc else ''}"] = entry["now"]
    figures["load_avg1"] = _load()
    path = write_result("diagnosis", figures)
    print(path, {k: figures[k] for k in ("cases", "evaluated", "top1_accuracy", "top2_accuracy")})
    _print_side_by_side(columns)


ROWS = ("top1", "top1_decidable", "confirmed_where_two_families_agree",
        "data_request_on_undecidable", "expected_proposal_present", "hot_line_named",
        "hot_line_named_where_data_name_its_file",
        "cause_chain_right")


def _print_side_by_side(columns: dict[str, dict[str, object]]) -> None:
    """One row per figure, one column per held-out set (and its first run)."""
    def cell(v: object) -> str:
        if isinstance(v, dict) and "right" in v:
            return f"{v['right']}/{v['of']}"
        if isinstance(v, list):
            return str(len(v))
        return str(v)

    names = list(columns)
    width = max([len(n) for n in names] + [12])
    print(f"{'':36}" + "".join(f"{n:>{width + 2}}" for n in names))
    for row in (*ROWS, "hazardous_cases"):
        print(f"{row:36}" + "".join(f"{cell(columns[n].get(row)):>{width + 2}}" for n in names))


def _tuning_families(corpus: Path) -> set[str]:
    from tests.diagnose.scenarios.runner import resolve

    fams: set[str] = set()
    for c in CASES:
        for ref in c.files:
            p = resolve(ref, corpus)
            if p.exists() and p.is_file():
                fams |= ho.file_families(p)
    return fams


def _heldout(tuning_fams: set[str], root: Path) -> dict[str, object]:
    labels = ho.labels(root)
    scores = [ho.score(lb) for lb in labels]
    out = ho.summary(scores)
    out["per_case"] = _per_case(scores)
    case_fams = {lb.case: set().union(*(ho.file_families(f)
                                        for f in ho.case_files(lb.case, root=root)))
                 for lb in labels}
    unseen = [s for s in scores if case_fams[s.label.case] - tuning_fams]
    out["unseen_family_cases"] = {
        "families_not_in_tuning_suite": sorted(set().union(*case_fams.values()) - tuning_fams),
        "top1": sum(s.top1 for s in unseen), "of": len(unseen)}
    lofo: dict[str, dict[str, int]] = {}
    for fam in sorted(set().union(*case_fams.values())):
        hit = [lb for lb in labels if fam in case_fams[lb.case]]
        dropped = [ho.score(lb, drop_family=fam) for lb in hit]
        lofo[fam] = {"cases": len(hit), "top1_without_it": sum(s.top1 for s in dropped),
                     "top1_with_it": sum(s.top1 for s in scores if s.label in hit)}
    out["leave_one_family_out"] = lofo
    return out


def _cli(argv: list[str]) -> None:
    if argv[:1] == ["--first-run"]:
        if len(argv) != 2:
            raise SystemExit("usage: bench_diagnosis.py [--first-run SETNAME]; sets: "
                             + ", ".join(ho.sets()))
        first_run(argv[1])
    elif argv:
        raise SystemExit("usage: bench_diagnosis.py [--first-run SETNAME]")
    else:
        main()


if __name__ == "__main__":
    _cli(sys.argv[1:])
