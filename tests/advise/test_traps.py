"""The platform traps from the field report: each hazardous change is refused with its reason,
whether it comes from the catalog (via advise) or from an LLM/user file (via check_proposals)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from tests.advise.conftest import finding, good_proposal
from tests.conftest import require_tool

from perfscout.advise import advise, check_proposals
from perfscout.ingest.registry import load
from perfscout.pipeline.analyze import analyze

DIAG_DATA = Path(__file__).resolve().parents[1] / "diagnose" / "data"


def _one_rejected(props, snap, findings, profiles, policy):  # type: ignore[no-untyped-def]
    accepted, rejected = check_proposals(props, snap, findings, profiles, policy_check=policy)
    assert not accepted, [p.id for p in accepted]
    assert len(rejected) == 1
    return rejected[0]


def test_smt_on_dual_socket_bandwidth_bound(platforms, policy) -> None:  # type: ignore[no-untyped-def]
    """Real STREAM + perf stat outputs judged on the corpus dual EPYC: bandwidth-bound, so SMT
    is refused, from an LLM's own id (guard) and under the catalog id (precondition)."""
    epyc = platforms["dual-epyc"]
    assert epyc.cpu.sockets == 2 and epyc.cpu.threads_per_core == 2
    a = analyze([DIAG_DATA / "stream-triad-8t.txt", DIAG_DATA / "perf-stat-triad-8t.txt"],
                snapshot=epyc, runner=None)
    assert "hw.memory_bandwidth" in {f.id for f in a.findings}
    smt = good_proposal(id="llm.hyperthreading", addresses=["hw.memory_bandwidth"],
                        kind="param", title="Enable SMT: 2 threads per core",
                        change={"env": {"OMP_PLACES": "threads", "OMP_NUM_THREADS": "96"}})
    r = _one_rejected([smt], epyc, a.findings, a.profiles, policy)
    assert r.guard == "smt_bandwidth"
    assert "2-socket" in r.reason and "bandwidth" in r.reason
    r2 = _one_rejected([good_proposal(id="enable_smt", addresses=["hw.memory_bandwidth"],
                                      kind="param")], epyc, a.findings, a.profiles, policy)
    assert r2.guard == "precondition" and "not bandwidth_bound failed" in r2.reason
    # and the same SMT change passes where the code is not bandwidth-bound
    ok, rej = check_proposals([smt], epyc, [finding("hw.frontend")], [], policy_check=policy)
    assert [p.id for p in ok] == ["llm.hyperthreading"] and not rej, rej


def test_gpu_async_copy_without_gpu(platforms, policy) -> None:  # type: ignore[no-untyped-def]
    epyc = platforms["dual-epyc"]
    assert epyc.gpus == () and "gpus" not in epyc.unknown_fields
    f = finding("rt.gpu_transfer", ("gpu.transfer_share", 0.4))
    adv = advise([f], epyc, [], policy_check=policy)
    assert "gpu_async_copy" not in {p.id for p in adv.proposals}
    rej = {r.id: r for r in adv.rejected}["gpu_async_copy"]
    assert rej.guard == "precondition" and "has_gpu failed" in rej.reason
    llm = good_proposal(id="llm.pinned", addresses=["rt.gpu_transfer"], kind="source",
                        change={"description": "use cudaMemcpyAsync on pinned buffers"})
    r = _one_rejected([llm], epyc, [f], [], policy)
    assert r.guard == "gpu_without_gpu" and "no GPU" in r.reason


def test_ipo_with_gcc(live, policy) -> None:  # type: ignore[no-untyped-def]
    assert live.compilers and live.compilers[0].vendor == "gnu"
    f = finding("hw.frontend")
    r = _one_rejected([good_proposal(id="user.ipo", change={"flags": ["-O3", "-ipo"]})],
                      live, [f], [], policy)
    assert r.guard == "intel_only_flags" and "-ipo" in r.reason and "gcc" in r.reason
    r = _one_rejected([good_proposal(id="user.xhost", change={"flags": ["-xHost"]})],
                      live, [f], [], policy)
    assert r.guard == "intel_only_flags" and "-xHost" in r.reason
    # the catalog's own LTO proposal uses the gcc spelling
    lto = {p.id: p for p in advise([f], live, [], policy_check=policy).proposals}["compiler_lto"]
    assert lto.change is not None and lto.change.flags == ("-flto",)


def test_avx512_on_grace(platforms, policy) -> None:  # type: ignore[no-untyped-def]
    grace = platforms["grace"]
    assert grace.cpu.arch == "aarch64" and not grace.cpu.has("avx512f")
    f = finding("hw.vectorization")
    for flag in ("-mavx512f", "-march=skylake-avx512"):
        r = _one_rejected([good_proposal(id="llm.avx512", change={"flags": ["-O3", flag]})],
                          grace, [f], [], policy)
        assert r.guard == "isa_flags" and flag in r.reason and "aarch64" in r.reason
    # x86 without avx512f (dual EPYC 7451) refuses AVX-512 as well
    r = _one_rejected([good_proposal(id="llm.avx512", change={"flags": ["-mavx512f"]})],
                      platforms["dual-epyc"], [f], [], policy)
    assert r.guard == "isa_flags" and "without avx512f" in r.reason
    # the catalog proposes the Arm spelling on Grace
    arch = {p.id: p for p in advise([f], grace, [], policy_check=policy).proposals}
    assert arch["compiler_arch"].change is not None
    assert arch["compiler_arch"].change.flags == ("-mcpu=native",)


@pytest.mark.parametrize("change", [
    {"launcher": ["numactl", "--cpunodebind=0", "--membind=0"]},
    {"launcher": ["numactl", "-N", "3", "-m", "3"]},
    # node 0 of the EPYC 7451 holds CPUs 0-5 and their SMT siblings 48-53 (corpus lscpu)
    {"env": {"OMP_PLACES": "{0:6},{48:6}", "OMP_PROC_BIND": "close"}},
    {"launcher": ["mpirun", "--cpu-set", "0-5,48-53", "--bind-to", "core"]},
])
def test_all_ranks_on_one_numa_node(platforms, policy, change) -> None:  # type: ignore[no-untyped-def]
    epyc = platforms["dual-epyc"]
    assert len([n for n in epyc.numa.nodes if n.cpus]) == 8
    p = good_proposal(id="user.pin", kind="launch", addresses=["rt.affinity"], change=change)
    r = _one_rejected([p], epyc, [finding("rt.affinity")], [], policy)
    assert r.guard == "numa_single_node" and "8-node machine" in r.reason


def test_binding_spread_over_nodes_passes(platforms, policy) -> None:  # type: ignore[no-untyped-def]
    epyc = platforms["dual-epyc"]
    # CPUs 0-11 look like "one node" but span nodes 0 and 1 of this EPYC: not refused
    p = good_proposal(id="user.places", kind="env", addresses=["rt.affinity"],
                      change={"env": {"OMP_PLACES": "{0:12}"}})
    ok, rej = check_proposals([p], epyc, [finding("rt.affinity")], [], policy_check=policy)
    assert [x.id for x in ok] == ["user.places"] and not rej
    p = good_proposal(id="user.pin", kind="launch", addresses=["rt.affinity"],
                      change={"launcher": ["numactl", "--cpunodebind=0,1", "--membind=0,1"]})
    ok, rej = check_proposals([p], epyc, [finding("rt.affinity")], [], policy_check=policy)
    assert [x.id for x in ok] == ["user.pin"] and not rej
    adv = advise([finding("rt.affinity")], epyc, [], policy_check=policy)
    mpi = {x.id: x for x in adv.proposals}["mpi_bind_map"]
    assert mpi.change is not None and "numa" in " ".join(mpi.change.launcher)
    # the verification runs the baseline, then the same command under the launcher: one rank
    # per NUMA node of the real layout, through the real policy
    assert mpi.verification is not None
    base, changed = mpi.verification.commands[:2]
    assert changed[changed.index("--") + 1:][:3] == ("mpirun", "-np", "8")
    assert changed[-1] == base[-1] == "./kernel"
    assert policy(changed).allowed


@pytest.fixture(scope="module")
def strided_remarks(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Real gcc -fopt-info remarks of a column-sum loop (stride n) and a strided gather."""
    gcc = require_tool("gcc")
    d = tmp_path_factory.mktemp("remarks")
    src = d / "strided.c"
    src.write_text(
        "void colsum(int n, double *restrict a, double *restrict s) {\n"
        "    for (int j = 0; j < n; j++)\n"
        "        for (int i = 0; i < n; i++)\n"
        "            s[j] += a[i * n + j] * 2.0;\n"
        "}\n")
    out = subprocess.run([gcc, "-O3", "-fopt-info-vec-all", "-c", str(src), "-o",
                          str(d / "strided.o")], capture_output=True, text=True, check=True)
    path = d / "gcc-remarks.txt"
    path.write_text(out.stderr)
    return path


def test_unroll_with_noncontiguous_access(strided_remarks, live, policy) -> None:  # type: ignore[no-untyped-def]
    prof = load(strided_remarks)
    assert any(r.access == "strided" for r in prof.remarks), prof.remarks
    f = finding("hw.compute_bound", scope="colsum")
    adv = advise([f], live, [prof], policy_check=policy)
    assert "loop_unroll" not in {p.id for p in adv.proposals}
    rej = {r.id: r for r in adv.rejected}["loop_unroll"]
    assert rej.guard == "precondition" and "access_pattern == contiguous failed" in rej.reason
    u = good_proposal(id="llm.unroll8", kind="source", scope="colsum",
                      change={"params": {"unroll": 8}, "description": "#pragma GCC unroll 8"})
    r = _one_rejected([u], live, [f], [prof], policy)
    assert r.guard == "unroll_noncontiguous" and "strided" in r.reason
    assert "strided.c:" in r.reason
