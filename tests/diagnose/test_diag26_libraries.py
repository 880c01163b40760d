"""Costs inside a runtime library and system-layer files, from real outputs made here
(tests/diagnose/data/diag26/<case>/gen.sh; labels in each case's label.yaml):

- text formatted and parsed back in memory (a Fortran internal WRITE then list-directed READ:
  printf's digits, strtod and a stripped libgfortran's addresses) is one library family, text
  conversion, and ``app.redundant_work`` without any I/O proposal;
- number parsing alone (a static gprof build spending its time in strtod) is no library family:
  it may be input, so it stays ``app.io_hotspot``'s, but buffering is refused when no transfer
  is sampled (gprof, like perf, samples libc's read path when it runs);
- ``/proc/pressure/cpu`` files named ``pressure-cpu-*.txt`` are read, and CPU pressure around a
  run that got 9% of a CPU is ``sys.os_noise`` without a CPU count;
- ``/proc/PID/io`` gives calls and bytes per call: 11 bytes per write is unbuffered output;
- an OpenMP critical section entered per element (GOMP_critical_start/end and the runtime's
  unresolved rows) is ``rt.sync_contention``; with a thread sweep the Amdahl fit judges it."""

from __future__ import annotations

import contextlib
import tempfile
from dataclasses import replace
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from tests.diagnose.build import snapshot

from ingest.fuzzing import mutated_lines
from perfscout.diagnose.engine import diagnose
from perfscout.diagnose.libwork import family_shares
from perfscout.ingest.derive import derive
from perfscout.ingest.registry import detect, get_adapter, load
from perfscout.model.errors import ParseError
from perfscout.model.metrics import Metric, Profile, Scope, ScopeKind, SourceRef

D = Path(__file__).parent / "data" / "diag26"


def _two_cpus():  # type: ignore[no-untyped-def]
    s = snapshot(sockets=1, cores_per_socket=2, nodes=1, counters=False)
    return replace(s, cpu=replace(s.cpu, online_cpus=2, total_cpus=2))


def _analyze(case: str, snap: bool = True):  # type: ignore[no-untyped-def]
    from perfscout.pipeline.analyze import analyze
    from perfscout.sandbox import default_runner

    files = sorted((D / case / "data").iterdir())
    with tempfile.TemporaryDirectory(prefix="perfscout-diag26-") as ws:
        return analyze(files, snapshot=_two_cpus() if snap else None,
                       runner=default_runner(Path(ws)))


def test_text_written_and_read_back_is_one_family() -> None:
    p = load(D / "f90-listdirected-internal-perf" / "data" / "perf-report.txt")
    fams = family_shares(p)
    assert "formatting" not in fams  # joined: the digits are parsed back
    text = fams["text conversion"]
    names = {h.name for h, _ in text.rows}
    assert "__GI___printf_fp_l" in names and "__GI_____strtod_l_internal" in names
    assert any(h.name.startswith("0x") and "libgfortran" in h.module for h, _ in text.rows)
    assert text.share >= 0.4


def test_internal_io_round_trip_is_redundant_work_without_io_proposals() -> None:
    a = _analyze("f90-listdirected-internal-perf")
    assert a.findings[0].id == "app.redundant_work"
    assert "text" in a.findings[0].title
    assert not {p.id for p in a.proposals} & {"io_buffering", "open_once", "keep_in_memory"}


def test_parsing_alone_is_no_family_and_refuses_buffering() -> None:
    p = load(D / "c-atof-per-element-gprof" / "data" / "gprof-flat.txt")
    assert "text conversion" not in family_shares(p)  # may be input: not judged as in memory
    a = _analyze("c-atof-per-element-gprof")
    assert "io_buffering" not in {p.id for p in a.proposals}


def test_pressure_files_named_by_resource_after_the_word() -> None:
    p = load(D / "sys-contention-psi-vmstat" / "data" / "pressure-cpu-before.txt")
    some = next(m for m in p.metrics if m.name == "psi.cpu.some")
    assert abs(some.value - 0.8806) < 1e-9


def test_cpu_pressure_settles_contention_without_a_cpu_count() -> None:
    a = _analyze("sys-contention-psi-vmstat", snap=False)
    top = a.findings[0]
    assert top.id == "sys.os_noise"
    assert {"psi.cpu.some", "cpu.share"} <= {e.metric for e in top.evidence}


def test_proc_io_bytes_per_write_call() -> None:
    p = load(D / "sys-proc-io-status" / "data" / "proc-io.txt")
    assert p.format == "system-outputs"
    calls = {m.scope.name: m.value for m in p.metrics if m.name == "syscall.calls"}
    assert calls == {"read": 8.0, "write": 1391837.0}
    a = _analyze("sys-proc-io-status")
    top = a.findings[0]
    assert top.id == "app.io_hotspot"
    per = next(e for e in top.evidence if e.metric == "io.bytes_per_call")
    assert per.value is not None and abs(per.value - 15310207 / 1391837) < 1e-9
    assert "io_buffering" in {p.id for p in a.proposals}


def _proc_io(wchar: float, syscw: float) -> Profile:
    src = SourceRef("io.txt", 1)
    return Profile("system-outputs", "io.txt", (
        Metric("syscall.calls", syscw, "count", Scope(ScopeKind.FUNCTION, "write"), src, "syscw"),
        Metric("io.write_chars", wchar, "B", Scope(), src, "wchar")), (), None, (), {})


def test_buffered_writes_are_no_finding() -> None:
    fs = diagnose([_proc_io(4096.0 * 20000, 20000.0)], _two_cpus()).findings
    assert not any(f.id == "app.io_hotspot" for f in fs)
    fs = diagnose([_proc_io(11.0 * 20000, 20000.0)], _two_cpus()).findings
    assert fs and fs[0].id == "app.io_hotspot"


def test_openmp_critical_per_element_is_sync_contention() -> None:
    prof = derive(load(D / "c-omp-critical-perf" / "data" / "perf-report.txt"))
    fs = diagnose([prof], _two_cpus()).findings
    top = fs[0]
    assert top.id == "rt.sync_contention" and "critical" in top.title
    assert (top.evidence[0].value or 0) >= 0.4  # GOMP_critical_* and libgomp's addresses
    # with a thread sweep the Amdahl fit judges the same turns (rt.serial_fraction)
    src = SourceRef("sweep.txt", 1)
    sweep = Profile("program-output", "sweep.txt", tuple(
        m for n, t in ((1, 1.0), (2, 0.9))
        for m in (Metric("scaling.threads", float(n), "count", Scope(ScopeKind.RUN, f"r{n}"), src),
                  Metric("time.elapsed", t, "s", Scope(ScopeKind.RUN, f"r{n}"), src))),
        (), None, (), {})
    fs = diagnose([prof, sweep], _two_cpus()).findings
    assert not any(f.id == "rt.sync_contention" for f in fs)


def test_sar_queue_and_cpu_reports_are_machine_accounting() -> None:
    q = load(D / "forms" / "sar-q.txt")
    vals = {m.name: m.value for m in q.metrics}
    assert q.format == "sar" and vals["machine.run_queue"] == 7.0  # the Average: row
    assert vals["load.avg1"] == 6.73 and vals["cpu.online"] == 2.0
    u = load(D / "forms" / "sar-u.txt")
    busy = next(m for m in u.metrics if m.name == "machine.cpu_busy")
    assert abs(busy.value - 1.0) < 1e-9  # %user + %system of the Average: row
    r = load(D / "forms" / "sar-r.txt")
    assert {m.name for m in r.metrics} >= {"memory.available_mb"}


def test_sar_run_queue_with_a_starved_run_is_contention() -> None:
    fs = _findings_of(D / "forms" / "sar-q.txt", D / "forms" / "sar-u.txt",
                      D / "sys-contention-psi-vmstat" / "data" / "time-v.txt")
    assert fs[0].id == "sys.os_noise"
    assert "machine.run_queue_per_cpu" in {e.metric for e in fs[0].evidence}


def _findings_of(*files: Path) -> list:  # type: ignore[type-arg]
    return list(diagnose([derive(load(f)) for f in files], _two_cpus()).findings)


def _seed(*files: Path) -> list[str]:
    return "\n".join(f.read_text() for f in files).splitlines()


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=mutated_lines(_seed(D / "forms" / "sar-q.txt", D / "forms" / "sar-r.txt")))
def test_fuzzed_sar(tmp_path: Path, data: list[str]) -> None:
    target = tmp_path / "x.txt"
    target.write_text("\n".join(data) + "\n", encoding="utf-8", errors="replace")
    with contextlib.suppress(ParseError):
        get_adapter("sar").parse(target)


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=mutated_lines(_seed(D / "sys-proc-io-status" / "data" / "proc-io.txt")))
def test_fuzzed_proc_io(tmp_path: Path, data: list[str]) -> None:
    target = tmp_path / "io.txt"
    target.write_text("\n".join(data) + "\n", encoding="utf-8", errors="replace")
    with contextlib.suppress(ParseError):
        get_adapter("system-outputs").parse(target)


def test_the_sar_forms_are_detected() -> None:
    assert detect(D / "forms" / "sar-q.txt").name == "sar"
    assert detect(D / "forms" / "sar-r.txt").name == "sar"
    assert detect(D / "forms" / "sar-u.txt").name == "mpstat"
    assert detect(D / "sys-proc-io-status" / "data" / "proc-io.txt").name == "system-outputs"


def test_exception_handling_is_one_of_the_library_families() -> None:
    from perfscout.diagnose.libwork import family_of
    from perfscout.model.metrics import Hotspot

    for name in ("_Unwind_Find_FDE", "__gxx_personality_v0", "__cxa_throw", "_dl_find_object"):
        assert family_of(Hotspot(name)) == "exceptions", name
    assert family_of(Hotspot("0x14c9b", module="/lib/x86_64-linux-gnu/libgcc_s.so.1")) == \
        "exceptions"
    assert family_of(Hotspot("0x14c9b", module="/usr/bin/app")) == ""
    fams = family_shares(load(D / "cxx-exception-miss-perf" / "data" / "perf-report.txt"))
    assert fams["exceptions"].share >= 0.25


def test_dynamic_cast_per_element_is_a_type_check_family() -> None:
    fams = family_shares(load(D / "cxx-dynamic-cast-perf" / "data" / "perf-report.txt"))
    checks = fams["type checks"]
    names = {h.name for h, _ in checks.rows}
    assert "__dynamic_cast" in names and "__strcmp_evex" in names  # the type-name compares
    assert checks.share >= 0.5
    top = _analyze("cxx-dynamic-cast-perf").findings[0]
    assert top.id == "app.redundant_work" and "dynamic_cast" in top.title
    assert "strcmp" not in top.scope  # named by the type check, not by the compare it makes
