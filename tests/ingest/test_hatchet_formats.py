"""Tree formats read through hatchet, checked against values read off the corpus files."""

from __future__ import annotations

import pstats
from pathlib import Path

import pytest

from perfscout.ingest.registry import detect, load
from perfscout.model.metrics import Profile, ScopeKind


def _hot(p: Profile, name: str):  # type: ignore[no-untyped-def]
    return next(h for h in p.hotspots if h.name == name)


def _rank(p: Profile, name: str, rank: str) -> float:
    return next(m.value for m in p.get(name, ScopeKind.RANK) if m.scope.name == rank)


def test_tau_cpi_mpi(corpus: Path) -> None:
    p = load(corpus / "tau" / "cpi-mpi")
    assert p.format == "tau"
    # profile.N.0.0: '"MPI_Init()  " 1 0 17983 ...' (rank 0), 21441, 20059, 18991 (ranks 1-3)
    assert _hot(p, "MPI_Init()").self_value == pytest.approx(17983 + 21441 + 20059 + 18991)
    # profile.0.0.0: '".TAU application" 1 7 449 51781 0' -> 51781 us inclusive on rank 0
    assert _rank(p, "app.time", "0") == pytest.approx(0.051781)
    assert _rank(p, "app.time", "3") == pytest.approx(0.052908)  # "... 409 52908 0"
    assert len(p.get("app.time", ScopeKind.RANK)) == 4


def test_pyinstrument(corpus: Path) -> None:
    p = load(corpus / "pyinstrument" / "pyinstrument-hatchet-profile.json")
    assert p.format == "pyinstrument"
    # root_frame: "function": "<module>", "time": 0.47815
    assert p.first("profile.total").value == pytest.approx(0.47815)  # type: ignore[union-attr]
    assert _hot(p, "<module>").inclusive_share == pytest.approx(1.0)
    # "function": "read", "file_path_short": "hatchet/readers/caliper_reader.py", "line_no": 164
    read = _hot(p, "read")
    assert read.location is not None and read.location.line == 164


def test_caliper_cali_spot(corpus: Path) -> None:
    p = load(corpus / "caliper" / "example-profile.cali")
    assert detect(corpus / "caliper" / "example-profile.cali").name == "caliper"
    # "main" record: 0.301407=0.301407=0.301407=0.301407 (Min/Max/Avg/Total time, inclusive)
    assert _hot(p, "main").inclusive_value == pytest.approx(0.301407)
    assert any("inclusive" in n for n in p.notes)


@pytest.mark.parametrize("name", ["cprofile-cycle.pstats", "cprofile-cycle-py2.pstats"])
def test_cprofile_against_stdlib(corpus: Path, name: str) -> None:
    path = corpus / "cprofile" / name
    p = load(path)
    assert p.format == "cprofile"
    assert _hot(p, "recursive").location.file.endswith("pstats_reader_test.py")  # type: ignore[union-attr]
    if name.endswith("py2.pstats"):
        assert "read from Python 2 pstats" in p.notes
        # values cross-checked with our Python 2 marshal reader only; names from the file
        assert {h.name for h in p.hotspots} >= {"recursive", "f", "g"}
        return
    st = pstats.Stats(str(path))
    tt = {k[2]: v[2] for k, v in st.stats.items()}  # type: ignore[attr-defined]
    assert _hot(p, "recursive").self_value == pytest.approx(tt["recursive"])
    assert _hot(p, "g").self_value == pytest.approx(tt["g"])


def test_hpctoolkit_cpi(corpus: Path) -> None:
    p = load(corpus / "hpctoolkit" / "cpi-database")
    assert p.format == "hpctoolkit"
    # experiment.xml: <Procedure i="7" n="main"/>, file ./src/cpi.c, line 19; 4 ranks
    main = _hot(p, "main")
    assert main.location is not None and str(main.location) == "./src/cpi.c:19"
    assert len(p.get("app.time", ScopeKind.RANK)) == 4
    # the whole run sits under MPI_Finalize (psm_dofinalize): MPI share is ~1 on every rank
    assert _rank(p, "mpi.time_share", "0") == pytest.approx(1.0, abs=1e-3)


def test_hpctoolkit_osu_allgather(corpus: Path) -> None:
    p = load(corpus / "hpctoolkit" / "osu-allgather-database")
    # 10 ranks x 2 threads (file names 000000-000 ... 000009-001)
    assert len(p.get("app.time", ScopeKind.RANK)) == 10
    assert p.meta["levels"] == "rank,thread"
    assert p.calltree is not None


def test_timemory_and_caliper_json(corpus: Path) -> None:
    t = load(corpus / "timemory" / "wall.tree.json")
    assert t.format == "timemory"
    assert len(t.get("app.time", ScopeKind.RANK)) == 2
    assert t.hotspots[0].name == "generate_history/inner-loop-1"
    j = load(corpus / "caliper" / "lulesh-annotation-profile.json")
    assert j.format == "caliper_json"
    # data rows: [5882425.0, 0, 121489.0, 0] -> rank 0 exclusive time in node 0 ("main")
    assert j.calltree is not None and j.calltree.name == "main"
    assert len(j.get("app.time", ScopeKind.RANK)) == 8
