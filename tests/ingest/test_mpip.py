"""mpiP reports embedded in the mpiP user guides: per-rank and per-callsite values."""

from __future__ import annotations

from pathlib import Path

import pytest

from ingest.fuzzing import make_fuzz_test
from perfscout.ingest.registry import detect, get_adapter, load
from perfscout.model.errors import ParseError
from perfscout.model.metrics import Profile, ScopeKind

V28 = "mpiP-UserGuide-v2.8.2-4rank-report-sections.txt"
V35 = "mpiP-UserGuide-v3.5.0-AMG-4rank-report-sections.md"


def _rank(p: Profile, name: str, rank: str) -> float:
    return next(m.value for m in p.get(name, ScopeKind.RANK) if m.scope.name == rank)


def _site(p: Profile, name: str, site: str, parent: str = "") -> float:
    return next(m.value for m in p.get(name, ScopeKind.CALLSITE)
                if m.scope.name == site and m.scope.parent == parent)


def test_v282_task_times(corpus: Path) -> None:
    p = load(corpus / "mpip" / V28)
    assert p.format == "mpip"
    # "   0         10   0.000243    0.00"  and  "   1         10         10   99.92"
    assert _rank(p, "app.time", "0") == 10
    assert _rank(p, "mpi.time", "0") == pytest.approx(0.000243)
    assert _rank(p, "mpi.time_share", "1") == pytest.approx(0.9992)
    assert len(p.get("app.time", ScopeKind.RANK)) == 4
    assert p.meta["Version"] == "2.8.2"
    assert p.unparsed_lines == 0


def test_v282_callsites(corpus: Path) -> None:
    p = load(corpus / "mpip" / V28)
    # "Barrier                 2      3e+04   75.00  100.00    0.67"
    assert _site(p, "mpi.call_time", "MPI_Barrier@2") == pytest.approx(3e4)
    assert _site(p, "mpi.call_share", "MPI_Barrier@2") == pytest.approx(1.0)
    # "  2   0 9-test-mpip-time.c    61 main                     Barrier"
    top = p.hotspots[0]
    assert top.name == "MPI_Barrier@2"
    assert top.location is not None and top.location.line == 61
    assert top.callpath == ("main", "MPI_Barrier")
    # "Send                    7        320   1.92e+06   6e+03     99.96"
    assert _site(p, "mpi.msg_size_mean", "MPI_Send@7") == pytest.approx(6e3)
    assert _site(p, "mpi.msg_count", "MPI_Send@7") == 320
    # "Send                 5    2      80      6000      6000      6000   4.8e+05"
    assert _site(p, "mpi.bytes_sent", "MPI_Send@5", "rank 2") == pytest.approx(4.8e5)


def test_v350_amg(corpus: Path) -> None:
    p = load(corpus / "mpip" / V35)
    # "   2       9.51      0.228     2.40"
    assert _rank(p, "mpi.time", "2") == pytest.approx(0.228)
    assert _rank(p, "mpi.time_share", "2") == pytest.approx(0.024)
    # "Isend                  25        926    1.45   16.06      71742   0.20"
    assert p.hotspots[0].name == "MPI_Isend@25"
    assert p.hotspots[0].self_share == pytest.approx(0.0145)
    assert p.hotspots[0].calls == 71742
    # "Isend                  25      71742   1.47e+08   2.04e+03  63.34"
    assert _site(p, "mpi.msg_size_mean", "MPI_Isend@25") == pytest.approx(2.04e3)
    # 3-level call site: "  1   0 mpistubs.c 1172 hypre_MPI_Allreduce Allreduce" ... "amg.c 421 main"  # noqa: E501
    assert p.meta["callsites"] == "2"
    aggregate = [m for m in p.get("app.time") if m.scope.kind == ScopeKind.PROCESS]
    assert aggregate[0].value == pytest.approx(38.1)  # "   *       38.1      0.783     2.06"


def test_sniffed_inside_prose(corpus: Path) -> None:
    assert detect(corpus / "mpip" / V35).name == "mpip"


def test_text_without_report(tmp_path: Path) -> None:
    f = tmp_path / "guide.txt"
    f.write_text("mpiP is a lightweight profiler.\nIt prints @ mpiP headers.\n")
    with pytest.raises(ParseError):
        get_adapter("mpip").parse(f)


test_fuzz_v28 = make_fuzz_test("mpip", f"mpip/{V28}", examples=40)
test_fuzz_v35 = make_fuzz_test("mpip", f"mpip/{V35}", examples=40)
