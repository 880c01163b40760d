"""gprof against a sampling profile: a disagreement about where time goes is stated."""

from __future__ import annotations

from perfscout.diagnose.engine import diagnose
from perfscout.diagnose.hotspots import hotspot_conflicts
from perfscout.model.metrics import Hotspot, Profile


def _gprof() -> Profile:
    # gprof's known artefact: time of inlined code charged to an allocation routine
    return Profile("gprof", "gprof.txt", hotspots=(
        Hotspot("alloc_matrix", self_share=0.995, calls=3),
        Hotspot("kernel", self_share=0.005, calls=1)))


def _perf() -> Profile:
    return Profile("perf-report", "perf.txt", hotspots=(
        Hotspot("kernel", self_share=0.89), Hotspot("alloc_matrix", self_share=0.01)))


def test_gprof_and_sampling_disagreeing_is_a_stated_conflict_trusting_sampling() -> None:
    (c,) = hotspot_conflicts([_gprof(), _perf()], 0.30)
    assert "alloc_matrix" in c and "kernel" in c and "sampling profile is trusted" in c
    d = diagnose([_gprof(), _perf()])
    assert any("sampling profile is trusted" in x for x in d.limits)


def test_agreeing_profiles_state_nothing() -> None:
    agree = Profile("gprof", "g.txt", hotspots=(Hotspot("kernel", self_share=0.9),))
    assert hotspot_conflicts([agree, _perf()], 0.30) == []


def test_the_disagreement_sentence_is_a_catalogued_message_in_both_languages() -> None:
    from perfscout.diagnose import crossval
    from perfscout.model.message import Text

    c = crossval.conflict("mem.bandwidth", 100.0, "program", "mem.bandwidth", 300.0, "benchmark",
                          0.3)
    assert isinstance(c, Text) and c.key == "conflict.values"
    assert str(c) == ("program says mem.bandwidth=100 but benchmark says mem.bandwidth=300 "
                      "(differ by 67% > 30%); not averaged")
    assert "不取平均" in c.render("zh")
    (h,) = hotspot_conflicts([_gprof(), _perf()], 0.30)
    assert isinstance(h, Text) and h.key == "conflict.hotspot"
    assert "以采样剖析为准" in h.render("zh")


def test_a_finding_resting_on_the_trusted_sampling_profile_keeps_its_standing() -> None:
    gprof = Profile("gprof", "gprof.txt", hotspots=(
        Hotspot("alloc_matrix", self_share=0.995, calls=3),))
    perf = Profile("perf-report", "perf.txt", hotspots=(
        Hotspot("__strlen_avx2", self_share=0.89), Hotspot("alloc_matrix", self_share=0.01)))
    d = diagnose([gprof, perf])
    (f,) = [f for f in d.findings if f.id == "app.redundant_work"]
    assert {e.source_kind for e in f.evidence} == {"sampling"}
    assert not f.conflicts  # the conflict is about gprof's hotspot, stated in the limits
    assert any("sampling profile is trusted" in x for x in d.limits)


def test_gprof_shares_are_of_the_programs_own_code_when_the_sampling_names_binaries() -> None:
    from pathlib import Path

    from perfscout.ingest.registry import load

    d = Path(__file__).parent.parent / "ingest" / "data" / "user_evidence"
    # gprof: cmp_text 66.77% of the program's own code; perf: cmp_text 1.50% of the run, but
    # the only sampled row of the sortkeys binary: no disagreement about the program's code
    assert hotspot_conflicts([load(d / "gprof-sortkeys.txt"),
                              load(d / "perf-report-sortkeys.txt")], 0.30) == []
    # the same own-code comparison still states a real disagreement
    mod = Profile("perf-report", "perf.txt", hotspots=(
        Hotspot("kernel", self_share=0.60, module="app"),
        Hotspot("alloc_matrix", self_share=0.01, module="app"),
        Hotspot("memset", self_share=0.39, module="libc.so.6")))
    (c,) = hotspot_conflicts([_gprof(), mod], 0.30)
    assert "alloc_matrix" in c
