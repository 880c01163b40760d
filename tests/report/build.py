"""A hand-made ReportInput with every section filled (findings chain, do-not, proposals,
experiment, roofline, scaling, cards) for renderer tests."""

from __future__ import annotations

from perfscout.experiment.runner import ExperimentResult, VariantOutcome
from perfscout.kb.cards import Card, Gain
from perfscout.model.findings import Evidence, Finding, Status
from perfscout.model.message import Text
from perfscout.model.proposals import DoNot, ExpectedGain, Proposal, Rejected, Risk
from perfscout.model.taxonomy import Layer
from perfscout.report.data import (
    Ceilings,
    ReportInput,
    RooflinePoint,
    ScalingPoint,
    ScalingSeries,
)

KEY = "Intel Xeon|gcc-12.2.0|openmpi-4.1.4"


def sample_input() -> ReportInput:
    bw = Finding("hw.memory_bandwidth", Layer.HARDWARE, Status.CONFIRMED, 0.8,
                 "triad runs at the bandwidth ceiling",
                 evidence=(Evidence("mem.bandwidth", 27500.0, "MB/s",
                                    quote="27500 MB/s = 93% of peak 29457 MB/s",
                                    threshold="mem.bandwidth >= 0.80 x peak"),),
                 caused_by=("hw.numa_remote",))
    numa = Finding("hw.numa_remote", Layer.HARDWARE, Status.HYPOTHESIS, 0.55,
                   "pages live on the far node", root_cause=True)
    mpi = Finding("rt.mpi_wait", Layer.RUNTIME, Status.HYPOTHESIS, 0.4, "ranks wait",
                  root_cause=True)
    prop = Proposal("thread_count", addresses=("hw.memory_bandwidth",), kind="param",
                    title="2 OpenMP threads", scope="triad",
                    expected_gain=ExpectedGain(1.3, 2.0, Text("gain.bind_threads", n=2)),
                    risk=Risk("low", "env only"))
    res = ExperimentResult(
        "demo-triad-confirm-1234", "demo-triad-confirm", "triad", 10_000_000, "bandwidth_MBps",
        "higher", 8,
        VariantOutcome("baseline", "", 7, 14000.0, 13500.0, 14500.0, 0.03),
        (VariantOutcome("thread_count", "thread_count", 7, 26180.0, 25200.0, 27300.0, 0.04,
                        1.87, 1.8, 1.95, 0.001, "win"),
         VariantOutcome("compiler_opt_level", "compiler_opt_level", 7, 14100.0, 13000.0,
                        15000.0, 0.06, 1.01, 0.93, 1.1, 0.7, "neutral")))
    card = Card("thread_count-abc", "thread_count", "win", KEY, scope="triad",
                problem="hw.memory_bandwidth: triad runs at the bandwidth ceiling",
                expected_low=1.3, expected_high=2.0, actual=Gain(1.87, 1.8, 1.95),
                experiments=(res.id,))
    return ReportInput(
        title="perfscout", source="demo run demo-20261202T180000Z",
        created_at="2026-12-02 18:00 UTC",
        platform=(("cpu", "Intel Xeon"), ("numa nodes", "2")), platform_key=KEY,
        findings=(bw, numa, mpi), limits=(Text("limit.counterless"),),
        do_not=(DoNot("enable_smt", Text("donot.smt_reason")),),
        proposals=(prop,),
        rejected=(Rejected("gpu_async_copy", Text("guard.gpu"), "gpu_without_gpu"),),
        experiments=(res,), ceilings=Ceilings(29.457, "likwid-bench", 60.0, "numpy DGEMM"),
        roofline=(RooflinePoint("triad", "baseline", 0.0833, 1.17),
                  RooflinePoint("matmul", "baseline", 42.7, 1.1),
                  RooflinePoint("matmul", "use_blas", 42.7, 55.0)),
        scaling=(ScalingSeries("triad", "bandwidth_MBps", res.id,
                               (ScalingPoint(1, 14000.0, 13500.0, 14500.0),
                                ScalingPoint(2, 26180.0, 25200.0, 27300.0))),),
        cards=(card,), notes=(Text("note.auto_approved"),))
