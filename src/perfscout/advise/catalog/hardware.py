"""Catalog entries for the hardware layer: compiler flags, loop transformations, NUMA placement."""

from __future__ import annotations

from pathlib import Path

from perfscout.advise.catalog.common import (
    caller_loop_of_hot_routine,
    conf,
    gain_on_share,
    refs,
    scope_of,
    verify,
)
from perfscout.advise.catalog.registry import proposal
from perfscout.advise.facts import Facts, subnormal_slowdown
from perfscout.model.findings import Finding
from perfscout.model.message import Text
from perfscout.model.proposals import Change, Confidence, ExpectedGain, Proposal, Risk
from perfscout.model.taxonomy import Layer

HW = Layer.HARDWARE


def arch_flag(facts: Facts) -> str | None:
    """The "tune for this CPU" flag for the compiler and CPU at hand, None when unknown."""
    c = facts.compiler
    if c is None:
        return None
    if c.vendor == "intel":
        return "-xHost"
    if c.vendor in ("gnu", "llvm", "arm"):
        if facts.arch in ("aarch64", "arm64", "ppc64le"):
            return "-mcpu=native"
        if facts.arch in ("x86_64", "amd64", "i686"):
            return "-march=native"
        return None
    if c.vendor == "nvidia":
        return "-tp=native"
    return None


@proposal("compiler_opt_level", layer=HW, kind="flags",
          preconditions=("compiler known",), group="compiler_flags")
def compiler_opt_level(facts: Facts, f: Finding) -> Proposal | None:
    c = facts.compiler
    if c is None:
        return None
    scope = scope_of(f, facts)
    return Proposal(
        id="compiler_opt_level", addresses=(f.id,), layer=HW, kind="flags",
        title=f"Build with -O3 ({c.name})",
        change=Change(flags=("-O3",), description=f"raise the optimisation level of {c.name} "
                      "to -O3 (enables the vectorizer and more inlining at gcc/clang)"),
        evidence=refs(f, facts), verification=verify(facts),
        expected_gain=gain_on_share(facts, scope, 1.05, 1.5, 0.5, Text("gain.what.opt_level")),
        risk=Risk("low", "may change floating-point association only with -Ofast; -O3 keeps "
                  "IEEE semantics but can grow code size"),
        confidence=Confidence(conf(f, 0.6), "compute-side finding and a compiler that honours -O3"),
        invalid_when=("the build already uses -O3 or -Ofast",
                      "the hotspot is in a prebuilt library"),
        rollback="restore the previous optimisation flag in the build and rebuild", scope=scope,
    )


@proposal("flush_subnormals", layer=HW, kind="flags",
          preconditions=("compiler known",), group="fp_reassociation")
def flush_subnormals(facts: Facts, f: Finding) -> Proposal | None:
    """Only when the program's steps slowed down once its values turned subnormal: every
    operation on them takes a microcode assist, and gcc/clang's -ffast-math links the start-up
    code that sets flush-to-zero and denormals-are-zero (the other changes are refused by the
    ``subnormal_steps`` guard)."""
    c = facts.compiler
    slow = subnormal_slowdown(facts)
    if c is None or c.vendor not in ("gnu", "llvm") or slow is None:
        return None
    scope = scope_of(f, facts)
    return Proposal(
        id="flush_subnormals", addresses=(f.id,), layer=HW, kind="flags",
        title=f"Flush subnormal values to zero (-ffast-math with {c.name})",
        change=Change(flags=("-ffast-math",), description="the steps slowed down "
                      f"{slow:.0f}x once the values fell below 2.2e-308: -ffast-math, given "
                      "at the link too, sets flush-to-zero/denormals-are-zero at start-up, so "
                      "those operations run at full speed (results below the smallest normal "
                      "number become zero: measured only with a tolerance check)"),
        evidence=refs(f, facts), verification=verify(facts),
        expected_gain=gain_on_share(facts, scope, 1.5, max(2.0, slow), 0.5,
                                    Text("gain.what.no_subnormals")),
        risk=Risk("medium", "values below the smallest normal number become zero; -ffast-math "
                  "also drops NaN/Inf handling and exact rounding"),
        confidence=Confidence(conf(f, 0.6), "step times jumped when printed values turned "
                              "subnormal"),
        invalid_when=("the results depend on gradual underflow",
                      "the correctness check compares bytes (refused at approval)"),
        rollback="remove -ffast-math from the build flags and rebuild", scope=scope,
    )


@proposal("compiler_arch", layer=HW,
          kind="flags", preconditions=("compiler known",), group="compiler_flags")
def compiler_arch(facts: Facts, f: Finding) -> Proposal | None:
    flag = arch_flag(facts)
    c = facts.compiler
    if flag is None or c is None:
        return None
    scope = scope_of(f, facts)
    isa = ", ".join(i for i in ("avx512f", "avx2", "sve", "sve2", "neon", "asimd")
                    if facts.has_isa(i)) or "unknown ISA"
    return Proposal(
        id="compiler_arch", addresses=(f.id,), layer=HW, kind="flags",
        title=f"Target this CPU with {flag}",
        change=Change(flags=(flag,), description=f"{c.name} ({c.vendor}) on {facts.arch}: "
                      f"{flag} enables the native vector ISA ({isa})"),
        evidence=refs(f, facts), verification=verify(facts),
        expected_gain=gain_on_share(facts, scope, 1.05, 1.6, 0.5, Text("gain.what.wider_vectors")),
        risk=Risk("medium", "the binary no longer runs on older CPUs of the cluster"),
        confidence=Confidence(conf(f, 0.55), f"{flag} is the {c.vendor} spelling for {facts.arch}"),
        invalid_when=("the binary must run on heterogeneous nodes",
                      "the code is bandwidth-bound (wider vectors do not add bandwidth)"),
        rollback=f"remove {flag} from the build flags and rebuild", scope=scope,
    )


@proposal("compiler_lto", layer=HW, kind="flags",
          preconditions=("compiler known",), group="compiler_flags")
def compiler_lto(facts: Facts, f: Finding) -> Proposal | None:
    """Link-time optimisation, for a hot call the compiler cannot inline because the callee
    is in another translation unit. For ``hw.vectorization`` only when the finding measured
    such a call (a tiny callee in another source file called per element)."""
    from perfscout.diagnose.crossunit import CROSS_UNIT_CALL

    c = facts.compiler
    if c is None:
        return None
    if f.id == "hw.vectorization" and not any(e.metric == CROSS_UNIT_CALL for e in f.evidence):
        return None
    flag = {"intel": "-ipo", "gnu": "-flto", "llvm": "-flto=thin", "arm": "-flto"}.get(c.vendor)
    if flag is None:
        return None
    scope = scope_of(f, facts)
    return Proposal(
        id="compiler_lto", addresses=(f.id,), layer=HW, kind="flags",
        title=f"Link-time optimisation ({flag})",
        change=Change(flags=(flag,), description=f"{flag} lets {c.name} inline across files"),
        evidence=refs(f, facts), verification=verify(facts),
        expected_gain=gain_on_share(facts, scope, 1.02, 1.2, 0.3, Text("gain.what.inlining")),
        risk=Risk("low", "longer link times; rare miscompiles with mixed toolchains"),
        confidence=Confidence(conf(f, 0.4), "helps when hot calls cross translation units"),
        invalid_when=("the hot code is in one translation unit already",
                      "libraries are linked without LTO objects"),
        rollback=f"drop {flag} from compile and link flags", scope=scope,
    )


@proposal("omp_simd", layer=HW, kind="source",
          preconditions=("access_pattern == contiguous", "not bandwidth_bound",
                         "share_of_time >= 5%"))
def omp_simd(facts: Facts, f: Finding) -> Proposal | None:
    scope = scope_of(f, facts)
    missed = [r for r in facts.remarks(scope) if not r.vectorized]
    caller = caller_loop_of_hot_routine(facts)
    if caller is not None:  # the hot routine is called per element: its caller's loop
        scope = f"{caller[0]}:{caller[1]}"
        missed = [r for r in facts.remarks() if not r.vectorized and r.line == caller[1]
                  and Path(r.file).name == Path(caller[0]).name]
    loc = f"{missed[0].file}:{missed[0].line}" if missed else (scope or "the hot loop")
    return Proposal(
        id="omp_simd", addresses=(f.id,), layer=HW, kind="source",
        title=f"#pragma omp simd on the loop at {loc}",
        change=Change(flags=("-fopenmp-simd",), description=f"annotate the missed loop at {loc} "
                      "with '#pragma omp simd' (and 'reduction(+:...)' for sums); build with "
                      "-fopenmp-simd"),
        evidence=refs(f, facts) + tuple(f"remark {r.file}:{r.line}: {r.message}"
                                        for r in missed[:2]),
        verification=verify(facts),
        expected_gain=gain_on_share(facts, scope, 1.2, 3.0, 0.3, Text("gain.what.vectorizing")),
        risk=Risk("medium", "asserting no loop-carried dependence the compiler could not prove"),
        confidence=Confidence(conf(f, 0.5), "remarks show a contiguous loop that was not "
                              "vectorized"),
        invalid_when=("the loop carries a dependence between iterations",
                      "the loop is memory-bound (vectors do not add bandwidth)"),
        rollback="remove the pragma and -fopenmp-simd", scope=scope,
    )


@proposal("loop_interchange", layer=HW, kind="source",
          preconditions=("access_pattern != contiguous", "share_of_time >= 5%"), group="loop_order")
def loop_interchange(facts: Facts, f: Finding) -> Proposal | None:
    scope = scope_of(f, facts)
    return Proposal(
        id="loop_interchange", addresses=(f.id,), layer=HW, kind="source",
        title=f"Interchange the loops of {scope or 'the hot nest'} for unit stride",
        change=Change(description="make the innermost loop run over the contiguous (last, in C; "
                      "first, in Fortran) index of the arrays it touches"),
        evidence=(*refs(f, facts), f"access pattern: {facts.access_pattern(scope)}"),
        verification=verify(facts, events="task-clock,page-faults,cache-misses"),
        expected_gain=gain_on_share(facts, scope, 1.3, 4.0, 0.5, Text("gain.what.unit_stride")),
        risk=Risk("low", "semantics unchanged when iterations are independent"),
        confidence=Confidence(conf(f, 0.6), "remarks show strided access in the hot loop"),
        invalid_when=("the misses come from remote NUMA placement (check hw.numa_remote first)",
                      "iterations depend on each other across the swapped loops"),
        rollback="revert the patch (git revert of the perfscout branch commit)", scope=scope,
    )


@proposal("loop_tiling", layer=HW, kind="source",
          preconditions=("share_of_time >= 5%",), group="loop_order")
def loop_tiling(facts: Facts, f: Finding) -> Proposal | None:
    scope = scope_of(f, facts)
    l2 = None
    if facts.snapshot:
        for c in facts.snapshot.cpu.caches:
            if c.level == 2 and c.size_bytes:
                l2 = c.size_bytes
    tile = 64
    if l2:  # three double tiles of tile x tile in half of L2
        while 3 * 8 * (tile * 2) ** 2 <= l2 // 2:
            tile *= 2
    return Proposal(
        id="loop_tiling", addresses=(f.id,), layer=HW, kind="source",
        title=f"Tile {scope or 'the hot nest'} ({tile}x{tile} blocks)",
        change=Change(params={"tile": tile}, description=f"block the nest in {tile}x{tile} tiles "
                      f"so three tiles fit in half of L2 ({l2 or 'unknown'} bytes)"),
        evidence=refs(f, facts), verification=verify(facts),
        expected_gain=gain_on_share(facts, scope, 1.2, 3.0, 0.5, Text("gain.what.tile_reuse")),
        risk=Risk("medium", "more complex loop bounds; remainder handling"),
        confidence=Confidence(conf(f, 0.45), "cache misses in a nest with reuse"),
        invalid_when=("the data are streamed once (no reuse)", "the working set fits in cache"),
        rollback="revert the patch commit", scope=scope,
    )


@proposal("loop_unroll", layer=HW, kind="source",
          preconditions=("access_pattern == contiguous", "share_of_time >= 5%"))
def loop_unroll(facts: Facts, f: Finding) -> Proposal | None:
    scope = scope_of(f, facts)
    return Proposal(
        id="loop_unroll", addresses=(f.id,), layer=HW, kind="source",
        title=f"Unroll the inner loop of {scope or 'the hotspot'} by 4",
        change=Change(params={"unroll": 4}, flags=("-funroll-loops",),
                      description="'#pragma GCC unroll 4' on the contiguous inner loop"),
        evidence=refs(f, facts), verification=verify(facts),
        expected_gain=gain_on_share(facts, scope, 1.02, 1.3, 0.3, Text("gain.what.fewer_branches")),
        risk=Risk("low", "code growth; no effect on semantics"),
        confidence=Confidence(conf(f, 0.35), "loop overhead matters only on short bodies"),
        invalid_when=("the access is strided or gathered", "the loop is memory-bound"),
        rollback="remove the pragma / -funroll-loops", scope=scope,
    )


@proposal("numa_first_touch", layer=HW,
          kind="source", preconditions=("numa_nodes >= 2",), group="numa_placement")
def numa_first_touch(facts: Facts, f: Finding) -> Proposal | None:
    n = facts.numa_nodes or 2
    remote = facts.metric_max("numa.remote_ratio")
    hi = round(min(float(n), 1.0 + (remote if remote is not None else 0.5) * (n - 1)), 2)
    rtxt = f"{remote:.0%}" if remote is not None else Text("gain.remote_unknown")
    return Proposal(
        id="numa_first_touch", addresses=(f.id,), layer=HW, kind="source",
        title="Initialise arrays in parallel (first touch) with the compute loop's schedule",
        change=Change(env={"OMP_PROC_BIND": "spread", "OMP_PLACES": "cores"},
                      description="run the initialisation loop under the same '#pragma omp "
                      "parallel for schedule(static)' as the compute loop so pages land on the "
                      f"node of the thread using them ({n} NUMA nodes)"),
        evidence=refs(f, facts), verification=verify(facts, "mem.bandwidth", "higher",
                                                     with_likwid=True),
        expected_gain=ExpectedGain(1.1, max(1.2, hi), Text("gain.numa_first_touch", remote=rtxt,
                                                              n=n)),
        risk=Risk("low", "initialisation order changes; results identical"),
        confidence=Confidence(conf(f, 0.65), f"{n} NUMA nodes and remote/placement evidence"),
        invalid_when=("threads are not bound (pages and threads drift apart)",
                      "the data are read from a file by one thread"),
        rollback="revert the initialisation patch", scope=scope_of(f, facts),
    )


@proposal("numa_interleave", layer=HW,
          kind="launch", preconditions=("numa_nodes >= 2",), group="numa_placement")
def numa_interleave(facts: Facts, f: Finding) -> Proposal | None:
    n = facts.numa_nodes or 2
    return Proposal(
        id="numa_interleave", addresses=(f.id,), layer=HW, kind="launch",
        title=f"Interleave memory over all {n} NUMA nodes (numactl --interleave=all)",
        change=Change(launcher=("numactl", "--interleave=all"),
                      description="spread pages round-robin over the nodes; no code change"),
        evidence=refs(f, facts), verification=verify(facts, "mem.bandwidth", "higher"),
        expected_gain=ExpectedGain(1.05, round(1.0 + 0.5 * (n - 1), 2),
                                   Text("gain.numa_interleave", n=n)),
        risk=Risk("low", "launch option only"),
        confidence=Confidence(conf(f, 0.5), "quick check of the placement hypothesis"),
        invalid_when=("first-touch placement is already correct (interleave then adds remote "
                      "traffic)",),
        rollback="drop the numactl prefix from the launch line", scope=scope_of(f, facts),
    )
