"""Other jobs holding the CPUs, seen through ``/usr/bin/time -v`` and ``uptime`` around the run
(real files: tests/diagnose/data/diag22/make.sh), and the ``/proc/PID/sched`` reader's place in
a diagnosis:

- a one-thread loop sharing CPU 0 with two busy processes (3.0 s CPU in 10.8-11.8 s, ~900
  involuntary vs 1 voluntary switch, load 4.4-4.9 on 2 CPUs) is ``sys.os_noise``, as two files
  or as one job log with the uptime lines around the report;
- a script that sleeps 30 x 0.1 s under the same load (0.04 s CPU in 3 s, 121 voluntary vs 30
  involuntary switches) is not: its time is its own waiting;
- the report alone (no load average) is no finding either: a slow run with no sign of others."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from tests.diagnose.build import snapshot

from perfscout.diagnose.engine import diagnose
from perfscout.ingest.derive import derive
from perfscout.ingest.registry import load
from perfscout.model.findings import Finding

D = Path(__file__).parent / "data" / "diag22"


def _two_cpus():  # type: ignore[no-untyped-def]
    s = snapshot(sockets=1, cores_per_socket=2, nodes=1, counters=False)
    return replace(s, cpu=replace(s.cpu, online_cpus=2, total_cpus=2))


def _run(*files: str) -> list[Finding]:
    return list(diagnose([derive(load(D / f)) for f in files], _two_cpus()).findings)


def _noise(fs: list[Finding]) -> Finding | None:
    return next((f for f in fs if f.id == "sys.os_noise"), None)


def test_time_v_reads_the_uptime_lines_around_its_report() -> None:
    p = load(D / "timev-shared-joblog.txt")
    assert p.format == "time_v"
    # " 20:53:40 ... load average: 4.83, 2.87, 2.90" before, "4.93, 2.95, 2.93" after
    assert [m.value for m in p.metrics if m.name == "load.avg1"] == [4.83, 4.93]
    assert {m.name: m.value for m in p.metrics if m.name.startswith("context")} == {
        "context_switches": 1, "context_switches.involuntary": 864}


def test_shared_cpu_under_load_is_os_noise() -> None:
    for files in (("timev-shared.txt", "timev-shared-uptime.txt"),
                  ("timev-shared-joblog.txt",)):
        f = _noise(_run(*files))
        assert f is not None, files
        got = {e.metric: e.value for e in f.evidence}
        assert got["cpu.share"] < 0.3  # 2.99 s of 11.83 s, 3.02 of 10.77 s
        assert got["context_switches.involuntary_share"] > 0.99
        assert got["load.other_per_cpu"] > 2  # (4.83 or 4.93 - the run's share) / 2
        assert _run(*files)[0].id == "sys.os_noise"


def test_binding_is_not_offered_for_other_jobs_load(tmp_path: Path) -> None:
    from perfscout.pipeline.analyze import analyze
    from perfscout.sandbox import default_runner

    a = analyze([D / "timev-shared-joblog.txt"], snapshot=_two_cpus(),
                runner=default_runner(tmp_path))
    assert a.findings[0].id == "sys.os_noise"
    assert "bind_threads" not in {p.id for p in a.proposals}


def test_a_sleeping_script_under_the_same_load_is_not_os_noise() -> None:
    assert _noise(_run("timev-sleeper-joblog.txt")) is None


def test_the_report_without_a_load_average_is_not_os_noise() -> None:
    assert _noise(_run("timev-shared.txt")) is None
