"""Score-P: scorep-score tables (also embedded in the user-guide pages) and otf2-print METRIC
dumps, checked against values read off the corpus files; wrong rows counted; fuzzing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.conftest import run_cli

from ingest.fuzzing import make_fuzz_test
from perfscout.ingest import load
from perfscout.ingest.derive import derive
from perfscout.ingest.registry import detect
from perfscout.model.errors import ParseError
from perfscout.model.metrics import Metric, Profile, ScopeKind

SCORE = "scorep/scorep-score-doc-06_score.dox"
EXAMPLE = "scorep/scorep-workflow-example-doc-07_example.dox"
DEFS = "scorep/otf2-print-metric-definitions-jacobi-mpi-papi.out"
EVENTS = "scorep/otf2-print-metric-events-jacobi-mpi-papi.out"


def _m(p: Profile, name: str, kind: ScopeKind, sname: str, parent: str = "") -> Metric:
    hits = [m for m in p.metrics if m.name == name and m.scope.kind == kind
            and m.scope.name == sname and m.scope.parent == parent]
    assert len(hits) == 1, (name, kind, sname, parent, hits)
    return hits[0]


def test_score_doc_group_table_and_estimates(corpus: Path) -> None:
    p = load(corpus / SCORE)
    assert p.format == "scorep-score" and p.meta["scores"] == "3"
    run1 = (ScopeKind.RUN, "score 1")
    # "Estimated aggregate size of event trace:                   20MB"
    assert _m(p, "trace.total_bytes", *run1).value == 20 * 1024**2
    # "Estimated memory requirements (SCOREP_TOTAL_MEMORY):       24MB"
    assert _m(p, "trace.total_memory", *run1).value == 24 * 1024**2
    # "     OMP       3,328,344       117,881        26.92     98.0          228.37  OMP"
    omp = ("OMP", "score 1")
    assert _m(p, "trace.buffer_bytes", ScopeKind.REGION, *omp).value == 3328344
    assert _m(p, "calls", ScopeKind.REGION, *omp).value == 117881
    assert _m(p, "region.time", ScopeKind.REGION, *omp).value == pytest.approx(26.92)
    assert _m(p, "region.time_share", ScopeKind.REGION, *omp).value == pytest.approx(0.98)
    assert _m(p, "region.time_per_visit", ScopeKind.REGION, *omp).value == pytest.approx(
        228.37e-6)
    # "     ALL      19,377,048       786,577        27.48    100.0           34.93  ALL"
    assert _m(p, "app.time", *run1).value == pytest.approx(27.48)
    assert p.meta["command 1"] == "scorep-score profile.cubex"


def test_score_doc_region_listing_is_the_hotspot_table(corpus: Path) -> None:
    p = load(corpus / SCORE)
    assert p.meta["hotspots_from"] == "score 2"
    # "     COM              24             4         0.48      7.7       120338.17  Jacobi"
    top = p.hotspots[0]
    assert (top.name, top.group, top.calls, top.kind) == ("Jacobi", "COM", 4, "region")
    assert (top.self_value, top.self_share) == (pytest.approx(0.48), pytest.approx(0.077))
    # "     USR    24    4    0.12    2.0    30931.14  InitializeMatrix" (spaces shortened)
    init = next(h for h in p.hotspots if h.name == "InitializeMatrix")
    assert (init.group, init.self_value) == ("USR", pytest.approx(0.12))
    assert init.source is not None and init.source.line == 127
    assert len(p.hotspots) == 7  # seven region rows in the -r example


def test_score_doc_filter_flags_and_mpi_fraction(corpus: Path) -> None:
    p = derive(load(corpus / SCORE))
    run3 = (ScopeKind.RUN, "score 3")
    # "Estimated requirements for largest trace buffer (max_buf): 1806 bytes"
    assert _m(p, "trace.max_buffer_bytes", *run3).value == 1806
    # "Estimated aggregate size of event trace:                   7kB"
    assert _m(p, "trace.total_bytes", *run3).value == 7 * 1024
    # " -    ALL           2,093           172         5.17    100.0        30066.64  ALL"
    # " -    MPI           1,805           124         4.20     81.3        33910.31  MPI"
    share = _m(p, "mpi.time_share", *run3)
    assert share.derived and share.value == pytest.approx(4.20 / 5.17)
    # " +    FLT             288            48         0.97     18.7        20137.15  FLT"
    assert p.meta["filtered"] == "FLT"
    assert _m(p, "region.time", ScopeKind.REGION, "FLT", "score 3").value == pytest.approx(0.97)
    # " *    ALL           1,805           124         4.20     81.3        33910.31  ALL-FLT"
    assert _m(p, "calls", ScopeKind.REGION, "ALL-FLT", "score 3").value == 124
    # the hybrid example has no MPI group, so no MPI fraction is made up for it
    assert not [m for m in p.get("mpi.time_share") if m.scope.name == "score 1"]


def test_workflow_example_old_columns(corpus: Path) -> None:
    p = derive(load(corpus / EXAMPLE))
    assert detect(corpus / EXAMPLE).name == "scorep-score"
    assert p.meta["scores"] == "4"
    run1 = (ScopeKind.RUN, "score 1")
    # "Estimated aggregate size of event trace (total_tbc):" / "   990247448 bytes"
    est = _m(p, "trace.total_bytes", *run1)
    assert est.value == 990247448 and est.source is not None and est.source.line == 201
    # "     MPI           93776        99.86    1.8 MPI" / "     ALL       256229936      5549.78"
    assert _m(p, "mpi.time_share", *run1).value == pytest.approx(99.86 / 5549.78)
    assert _m(p, "trace.buffer_bytes", ScopeKind.REGION, "USR", "score 1").value == 253654608
    # -r listing: "     USR    79176312     559.15   31.8 binvcrhs_"
    b = next(h for h in p.hotspots if h.name == "binvcrhs_")
    assert (b.group, b.self_value, b.self_share) == ("USR", 559.15, pytest.approx(0.318))
    # "     OMP     1550400    1752.20   99.7 !$omp implicit barrier" (largest time)
    assert (p.hotspots[0].name, p.hotspots[0].group) == ("!$omp implicit barrier", "OMP")
    # the same region name printed three times stays three regions
    assert {h.name for h in p.hotspots} >= {"!$omp parallel @exch_qbc.f",
                                            "!$omp parallel @exch_qbc.f #3"}
    # the printed region shares add up to ~200%: said so, not hidden
    assert any("sums to" in n for n in p.notes)
    # after filtering: "     MPI           93776        37.25   15.4 MPI" / "ALL 6290888 241.77"
    assert _m(p, "mpi.time_share", ScopeKind.RUN, "score 4").value == pytest.approx(
        37.25 / 241.77)
    assert p.meta["command 3"] == "scorep-score -f ../config/scorep.filt scorep_bt-mz_W_4x4_sum"


def test_single_table_is_process_scope_and_bad_rows_counted(tmp_path: Path) -> None:
    f = tmp_path / "score.txt"
    f.write_text(
        "Estimated aggregate size of event trace:                   3MB\n"
        "flt type      max_buf[B]        visits      time[s]  time[%]  time/visit[us]  region\n"
        "     ALL          10,000           100        10.00    100.0       100000.00  ALL\n"
        "     MPI           4,000            40         6.00     60.0       150000.00  MPI\n"
        "     USR           6,000            60         4.00     40.0        66666.67  USR\n"
        "     MPI           4,000            40         6.00  MPI_Allreduce\n"  # a column short
        "     MPI           4,000            40         6.00     60.0       150000.00  MPI_Send\n")
    p = derive(load(f))
    assert p.format == "scorep-score"
    assert p.first("trace.total_bytes").scope.kind == ScopeKind.PROCESS  # type: ignore[union-attr]
    assert [m.value for m in p.get("mpi.time_share")] == [pytest.approx(0.6)]
    assert (p.unparsed_lines, p.unparsed_examples) == (1, (6,))
    assert [h.name for h in p.hotspots] == ["MPI_Send"]


def test_groups_are_hotspots_without_region_rows(corpus: Path, tmp_path: Path) -> None:
    lines = (corpus / EXAMPLE).read_text().splitlines()
    f = tmp_path / "groups.txt"
    f.write_text("\n".join(lines[198:214]) + "\n")  # the first '% scorep-score' output only
    p = load(f)
    assert [h.name for h in p.hotspots] == ["OMP", "USR", "COM", "MPI"]
    assert p.hotspots[0].self_share == pytest.approx(0.632)  # "OMP 5853120 3508.57 63.2 OMP"
    assert any("region groups" in n for n in p.notes)


def test_text_without_score_output(tmp_path: Path) -> None:
    f = tmp_path / "x.txt"
    f.write_text("flt type is a column name\nnothing else\n")
    with pytest.raises(ParseError, match="scorep-score table"):
        load(f, "scorep-score")


def test_otf2_events_per_location(corpus: Path) -> None:
    p = load(corpus / EVENTS)
    assert p.format == "otf2-print" and p.meta["metric_events"] == "344"
    assert p.meta["locations"] == "0,1,2,3"
    series = p.get("event.otf2:metric0", ScopeKind.INTERVAL)
    # first line: "METRIC   3   53056462969566  metric ID: 0, number of metrics: 1, values: 0"
    first = series[0]
    assert (first.scope.name, first.scope.parent, first.value) == (
        "53056462969566", "location 3", 0.0)
    # location 1 has 96 METRIC lines, location 3 has 76 (counted with awk '{print $2}')
    assert sum(m.scope.parent == "location 1" for m in series) == 96
    assert sum(m.scope.parent == "location 3" for m in series) == 76
    assert len(p.get("event.otf2:metric0", ScopeKind.RANK)) == 4
    assert any("no METRIC_MEMBER definitions" in n for n in p.notes)


def test_otf2_definitions_name_the_events(corpus: Path, tmp_path: Path) -> None:
    d = load(corpus / DEFS)
    # 'METRIC_MEMBER 0  Name: "PAPI_TOT_INS" <id>, ... Mode: ACCUMULATED_START, ... Unit: "#"'
    assert d.meta["metrics"] == "0=PAPI_TOT_INS" and d.meta["mode 0"] == "ACCUMULATED_START"
    both = tmp_path / "trace.txt"
    both.write_text((corpus / DEFS).read_text() + (corpus / EVENTS).read_text())
    p = load(both)
    ranks = p.get("instructions", ScopeKind.RANK)
    assert [m.scope.name for m in ranks] == ["0", "1", "2", "3"]
    assert all(m.unit == "count" and m.raw_name == "PAPI_TOT_INS (last value)" for m in ranks)
    # the last METRIC line of location 2 is line 344 of the events file (+2 definition lines)
    assert ranks[2].source is not None and ranks[2].source.line == 346
    assert not p.notes


def test_summarize_cli_shows_region_type(corpus: Path) -> None:
    r = run_cli("summarize", str(corpus / EXAMPLE), "--top", "2", "--json")
    assert r.returncode == 0, r.stderr
    rows = json.loads(r.stdout)["data"]["summaries"][0]["hotspots"]
    # "     OMP     1550400    1752.20   99.7 !$omp implicit barrier"
    assert (rows[0]["name"], rows[0]["group"], rows[0]["self_value"]) == (
        "!$omp implicit barrier", "OMP", 1752.2)
    human = run_cli("summarize", str(corpus / EXAMPLE), "--top", "2")
    assert human.returncode == 0 and "OMP" in human.stdout and "USR" in human.stdout


test_fuzz_score = make_fuzz_test("scorep-score", SCORE, examples=40)
test_fuzz_example = make_fuzz_test("scorep-score", EXAMPLE, examples=40)
test_fuzz_otf2 = make_fuzz_test("otf2-print", EVENTS, examples=30)
