"""Confirmation read from the finding kinds' ``confirms`` table (crossval.corroborate): another
family measuring the same canonical quantity on the same side of the finding's bound confirms
it; two inputs of one family never do; a family on the other side is a stated conflict."""

from __future__ import annotations

from perfscout.diagnose import crossval
from perfscout.model.findings import Evidence, Finding, Status
from perfscout.model.metrics import Hotspot, Metric, Profile, SourceRef
from perfscout.model.taxonomy import layer_of

TOL = 0.30


def _finding(id: str, *ev: Evidence, scope: str = "") -> Finding:
    return Finding(id=id, layer=layer_of(id), status=Status.HYPOTHESIS, confidence=0.5,
                   title="t", evidence=ev, scope=scope)


def _bw(value: float, family: str, path: str) -> Profile:
    return Profile(format="program-output", path=path,
                   metrics=(Metric("mem.bandwidth", value, "MB/s", family=family),))


PROGRAM_BW = Evidence("mem.bandwidth", 21000.0, "MB/s", SourceRef("run.txt"), "program",
                      "program streams 21000 MB/s", "achieved / ceiling >= 0.70 x peak")


def _judge(f: Finding, *profiles: Profile) -> Finding:
    return crossval.assess(crossval.corroborate(profiles, f, TOL))


def test_a_second_family_measuring_the_same_quantity_confirms() -> None:
    f = _judge(_finding("hw.memory_bandwidth", PROGRAM_BW),
               _bw(21000.0, "program", "run.txt"), _bw(19500.0, "hardware_counters", "likwid"))
    assert f.status == Status.CONFIRMED and not f.conflicts
    added = [e for e in f.evidence if e.source_kind == "hardware_counters"]
    assert [(e.metric, e.value) for e in added] == [("mem.bandwidth", 19500.0)]


def test_two_readers_of_one_family_do_not_confirm() -> None:
    f = _judge(_finding("hw.memory_bandwidth", PROGRAM_BW),
               _bw(21000.0, "program", "run.txt"), _bw(20800.0, "program", "run2.txt"))
    assert f.status == Status.HYPOTHESIS
    assert {e.source_kind for e in f.evidence} == {"program"}


def test_two_families_that_disagree_report_a_conflict_and_do_not_confirm() -> None:
    f = _judge(_finding("hw.memory_bandwidth", PROGRAM_BW),
               _bw(21000.0, "program", "run.txt"), _bw(5000.0, "hardware_counters", "likwid"))
    assert f.status == Status.HYPOTHESIS
    assert len(f.conflicts) == 1
    text = str(f.conflicts[0])
    assert "hardware_counters" in text and "5000" in text and "21000" in text


def test_a_stated_bound_decides_agreement_not_the_distance_between_values() -> None:
    mine = Evidence("insn.fp_total", 100.0, "count", None, "compiler", "q", "fp total >= 50")
    near_side = Profile(format="perf-annotate", path="a.txt",
                        metrics=(Metric("insn.fp_total", 60.0, "count", family="sampling"),))
    f = _judge(_finding("hw.vectorization", mine), near_side)
    assert f.status == Status.CONFIRMED  # 40% apart, both above 50
    far_side = Profile(format="perf-annotate", path="a.txt",
                       metrics=(Metric("insn.fp_total", 40.0, "count", family="sampling"),))
    g = _judge(_finding("hw.vectorization", mine), far_side)
    assert g.status == Status.HYPOTHESIS and g.conflicts


def _prof(fmt: str, *names: tuple[str, float]) -> Profile:
    return Profile(format=fmt, path=f"{fmt}.txt",
                   hotspots=tuple(Hotspot(n, self_share=s) for n, s in names))


SAMPLED = Evidence("hotspot.share", 0.9, "ratio", None, "sampling", "q", "share >= 0.30")


def test_another_family_putting_the_same_routine_first_confirms() -> None:
    gprof = _prof("gprof", ("strlen", 0.8), ("main", 0.2))
    f = _judge(_finding("app.redundant_work", SAMPLED, scope="strlen"), gprof)
    assert f.status == Status.CONFIRMED
    assert any(e.source_kind == "instrumentation" for e in f.evidence)
    other = _prof("gprof", ("main", 0.7), ("strlen", 0.3))
    g = _judge(_finding("app.redundant_work", SAMPLED, scope="strlen"), other)
    assert g.status == Status.HYPOTHESIS


def test_a_profile_of_one_routine_ranks_nothing() -> None:
    one = _prof("gprof", ("strlen", 1.0))
    f = _judge(_finding("app.redundant_work", SAMPLED, scope="strlen"), one)
    assert f.status == Status.HYPOTHESIS


def test_a_count_read_from_a_command_line_never_confirms() -> None:
    asked = Evidence("threads", 4.0, "count", None, "meta", "mpirun -np 4", "threads / cpus > 1")
    switches = Evidence("context_switches", 11851.0, "count", None, "os_accounting", "q")
    assert crossval.assess(_finding("sys.oversubscription", asked, switches)).status == \
        Status.HYPOTHESIS


def test_ranks_a_runtime_listed_are_the_evidence_not_the_command_line() -> None:
    from tests.diagnose.build import m, prof, snapshot

    from perfscout.diagnose.engine import diagnose

    stat = prof("perf_stat", "perf.txt", m("time.task_clock", 2000.0, line=3),
                m("context_switches", 9000.0, line=4), meta={"command": "mpirun -np 32 ./app"})
    listed = prof("runtime-report", "bindings.txt", m("ranks.count", 32.0, line=1))
    f = next(x for x in diagnose([stat, listed], snapshot(sockets=1, cores_per_socket=8,
                                                          nodes=1)).findings
             if x.id == "sys.oversubscription")
    count = next(e for e in f.evidence if e.metric == "threads")
    assert count.source_kind == "runtime_report" and count.value == 32.0
    assert f.status == Status.CONFIRMED  # runtime report + OS accounting: two families
    alone = next(x for x in diagnose([stat], snapshot(sockets=1, cores_per_socket=8,
                                                      nodes=1)).findings
                 if x.id == "sys.oversubscription")
    assert alone.status == Status.HYPOTHESIS  # the command line is what was asked


def test_a_kind_naming_a_setting_as_a_confirming_quantity_is_incomplete() -> None:
    from perfscout.diagnose.kinds import KINDS, Kind, missing_parts

    k = KINDS["sys.oversubscription"]
    assert missing_parts(k) == []
    dead = Kind(k.id, k.explains, k.settles, k.proposals,
                (*k.confirms, "program:threads.requested"))
    assert missing_parts(dead) == [
        "confirms (settings, not measurements ['program:threads.requested'])"]
