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
