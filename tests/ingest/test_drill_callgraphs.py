"""drill walks the call graph of ``perf report --children`` (hand-checked against the file)."""

from __future__ import annotations

from pathlib import Path

import pytest

from perfscout.ingest.registry import load
from perfscout.ingest.summary import drill

CHILDREN = "perf_report/report-stdio-children-callgraph-cycles-P.txt"


def test_perf_children_call_graph_gives_callers_callees_and_paths(corpus: Path) -> None:
    d = drill(load(corpus / CHILDREN), "main")
    assert not any("no call tree" in n for n in d.notes)
    # read off the file: main's branches under _start -> __libc_start_main -> 0x74972e82a1ca
    callees = {c.name: c.share for c in d.callees}
    assert callees["(anonymous namespace)::BaselineCacheSim::run(csot::MemAccess const*, "
                   "unsigned long)"] == pytest.approx(0.5906, abs=1e-4)
    assert callees["asm_exc_page_fault"] == pytest.approx(0.1730, abs=1e-4)
    [caller] = d.callers
    assert caller.name == "0x74972e82a1ca" and caller.share == pytest.approx(0.9896, abs=1e-4)
    assert d.callpaths[0][-4:] == ("_start", "__libc_start_main", "0x74972e82a1ca", "main")
    assert all(0 <= (c.share or 0) <= 1.0 for c in (*d.callers, *d.callees))


def test_hpctoolkit_top_hotspot_path_carries_its_time_and_shares_stay_below_100(
        corpus: Path) -> None:
    """cpi (4 ranks, MPICH over PSM): the hot <unknown procedure> is PSM spinning in
    MPI_Finalize. Checked by hand on hatchet's own dataframe of the database: psm_dofinalize
    (under MPI_Finalize) has the whole 3998242 us inclusive, psm_doinit (under MPI_Init) 0."""
    prof = load(corpus / "hpctoolkit/cpi-database")
    top = next(h for h in prof.hotspots if h.kind != "line")
    assert top.name == "<unknown procedure>" and top.self_share == pytest.approx(0.991, abs=1e-3)
    assert "MPI_Finalize" in top.callpath and "MPI_Init" not in top.callpath, top.callpath
    d = drill(prof, "<unknown procedure>")
    callers = {c.name: c.share for c in d.callers}
    assert callers["psm_dofinalize"] == pytest.approx(1.0, abs=1e-3)
    assert callers["psm_doinit"] == pytest.approx(0.0, abs=1e-3)
    assert all(0 <= (c.share or 0) <= 1.0 + 1e-9 for c in (*d.callers, *d.callees))
    assert "<unknown procedure>" not in {c.name for c in d.callees}
    assert "MPI_Finalize" in d.callpaths[0]
