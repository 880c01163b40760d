"""The scenario suite: structure always; each case through the real pipeline."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.diagnose.scenarios.runner import resolve, run_case
from tests.diagnose.scenarios.suite import CASES, PLATFORMS, TRAPS

from perfscout.model.taxonomy import FINDING_IDS


def test_suite_has_40_cases_with_valid_ids_platforms_and_files(corpus: Path) -> None:
    assert len(CASES) >= 40
    assert len({c.name for c in CASES}) == len(CASES)
    for c in CASES:
        assert c.expect is None or c.expect in FINDING_IDS, c.name
        assert c.status in ("confirmed", "hypothesis")
        assert c.platform in PLATFORMS, c.name
        for f in c.files:
            assert resolve(f, corpus).exists(), f"{c.name}: {f} missing"
    assert set(TRAPS) <= {c.name for c in CASES}


@pytest.mark.parametrize("name", TRAPS)
def test_traps_are_right(name: str, corpus: Path) -> None:
    case = next(c for c in CASES if c.name == name)
    out = run_case(case, corpus)
    assert out.analysis is not None, f"{name}: unreadable input: {out.unreadable}"
    assert out.top1, f"{name}: ranked {out.ranked}, expected {case.expect}"
    if case.expect is None:
        assert out.analysis.data_requests
        assert all(q.command for q in out.analysis.data_requests)


def test_stream_trap_names_bandwidth_and_placement_with_numbers(corpus: Path) -> None:
    """The field report's case: STREAM + perf stat of one run on a dual-socket node gives a
    placement root cause and the bandwidth symptom it explains, both quoting measured numbers."""
    out = run_case(next(c for c in CASES if c.name == "stream-perfstat-dual-socket"), corpus)
    assert out.analysis is not None
    by = {f.id: f for f in out.analysis.findings}
    assert out.ranked[0] == "hw.numa_remote"
    assert "hw.memory_bandwidth" in by
    assert "hw.numa_remote" in by["hw.memory_bandwidth"].caused_by
    bw_quotes = " ".join(e.quote for e in by["hw.memory_bandwidth"].evidence)
    numa_quotes = " ".join(e.quote for e in by["hw.numa_remote"].evidence)
    assert "MB/s" in bw_quotes and any(ch.isdigit() for ch in bw_quotes)
    assert "migrations" in numa_quotes and "/s" in numa_quotes
    files = {Path(e.source.file).name for f in by.values() for e in f.evidence if e.source}
    assert {"stream-triad-8t.txt", "perf-stat-triad-8t.txt"} <= files


def test_parse_head_does_not_outrank_mpi_wait_total(corpus: Path) -> None:
    """The report's first row is input parsing; the MPI rows below it hold more in total."""
    case = next(c for c in CASES if c.name == "parse-head-mpi-wait-total")
    out = run_case(case, corpus)
    assert out.analysis is not None
    prof = out.analysis.profiles[0]
    head = max(prof.hotspots, key=lambda h: h.self_share or 0.0)
    assert head.name.startswith("parse_input")  # the head really is parsing
    ids = out.ranked
    assert ids[0] == "rt.mpi_wait"
    if "app.io_hotspot" in ids:
        assert ids.index("app.io_hotspot") > ids.index("rt.mpi_wait")


def test_every_finding_of_every_scenario_cites_file_and_line(corpus: Path) -> None:
    ran = 0
    for case in CASES:
        out = run_case(case, corpus)
        assert out.analysis is not None, f"{case.name}: unreadable input: {out.unreadable}"
        ran += 1
        for f in out.analysis.findings:
            assert f.evidence, f"{case.name}: {f.id} has no evidence"
            assert any(e.source and e.source.file and e.source.line for e in f.evidence), (
                f"{case.name}: {f.id} evidence names no file and line")
    assert ran == len(CASES)


def test_analyze_json_of_every_scenario_cites_file_and_line(
        corpus: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The CLI's ``analyze --json`` envelope (in-process: 46 subprocess starts would take
    minutes here): every finding of every scenario has evidence naming a file and a line."""
    from perfscout.cli.main import main
    from perfscout.model.serialize import to_jsonable

    snaps: dict[str, Path] = {}
    for name, snap in PLATFORMS.items():
        if snap is not None:
            snaps[name] = tmp_path / f"{name}.json"
            snaps[name].write_text(json.dumps(to_jsonable(snap)))
    total = 0
    for case in CASES:
        argv = ["analyze", *(str(resolve(f, corpus)) for f in case.files), "--json"]
        if case.platform in snaps:
            argv += ["--platform", str(snaps[case.platform])]
        try:
            main(argv)
        except SystemExit as exc:
            assert exc.code in (0, None), f"{case.name}: exit {exc.code}"
        env = json.loads(capsys.readouterr().out)
        assert env["status"] == "ok", f"{case.name}: {env['errors']}"
        findings = env["data"]["findings"]
        if case.expect is not None:
            assert findings and findings[0]["id"] == case.expect, case.name
        for f in findings:
            total += 1
            assert any(e["source"] and e["source"]["file"] and e["source"]["line"]
                       for e in f["evidence"]), f"{case.name}: {f['id']} cites no file:line"
            assert f["layer"] and f["status"] in ("confirmed", "hypothesis")
    assert total >= len([c for c in CASES if c.expect])
