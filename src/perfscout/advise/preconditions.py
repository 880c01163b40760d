"""Named preconditions: predicates over the platform and the measurements, each pass/fail/unknown.

A catalog entry names the preconditions it needs; :func:`evaluate` runs them and returns one
:class:`PreconditionResult` per name. A proposal with a *failed* precondition is not offered (it is
listed in ``rejected`` with guard ``precondition`` so a reader sees why it is absent); *unknown*
keeps the proposal but lowers its confidence (see :mod:`perfscout.advise.rank`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from perfscout.advise.facts import Facts
from perfscout.model.message import Text
from perfscout.model.proposals import PreconditionResult
from perfscout.registry import Registry

Predicate = Callable[[Facts, str], PreconditionResult]
PRECONDITIONS: Registry[Predicate] = Registry("precondition")

#: a hotspot below this share of the time is not worth a source change
MIN_SHARE = 0.05


def precondition(name: str) -> Callable[[Predicate], Predicate]:
    """Register a predicate under ``name``; duplicates are refused."""

    def deco(fn: Predicate) -> Predicate:
        return PRECONDITIONS.register(name, fn)

    return deco


def outcome(name: str, ok: bool | None, detail: str) -> PreconditionResult:
    """A precondition's result from a tri-state check (None: unknown); every precondition
    (here and in the catalog modules) reports through this so the status words agree."""
    status = "unknown" if ok is None else ("pass" if ok else "fail")
    return PreconditionResult(name, status, detail)


def evaluate(names: Sequence[str], facts: Facts, scope: str = "") -> tuple[PreconditionResult, ...]:
    """Evaluate each named precondition; an unknown name (a programming error) raises
    UnknownName listing the valid ones."""
    return tuple(PRECONDITIONS[n](facts, scope) for n in names)


@precondition("numa_nodes >= 2")
def _numa2(f: Facts, scope: str) -> PreconditionResult:
    n = f.numa_nodes
    return outcome("numa_nodes >= 2", None if n is None else n >= 2, Text("pre.numa", n=n))


@precondition("cores >= 2")
def _cores2(f: Facts, scope: str) -> PreconditionResult:
    c = f.cores
    return outcome("cores >= 2", None if c is None else c >= 2, Text("pre.cores", n=c))


@precondition("compiler known")
def _compiler_known(f: Facts, scope: str) -> PreconditionResult:
    c = f.compiler
    return outcome("compiler known", None if f.snapshot is None else c is not None,
                Text("pre.compiler", name=c.name, vendor=c.vendor) if c
                else Text("pre.no_compiler"))


@precondition("compiler is intel")
def _compiler_intel(f: Facts, scope: str) -> PreconditionResult:
    c = f.compiler
    return outcome("compiler is intel", None if c is None else c.vendor == "intel",
                Text("pre.vendor", vendor=c.vendor if c else "unknown"))


@precondition("has_gpu")
def _has_gpu(f: Facts, scope: str) -> PreconditionResult:
    g = f.has_gpu
    n = len(f.snapshot.gpus) if f.snapshot else 0
    return outcome("has_gpu", g,
                   Text("pre.gpus", n=n) if g is not None else Text("pre.gpus_unprobed"))


@precondition("mpi present")
def _mpi(f: Facts, scope: str) -> PreconditionResult:
    m = f.mpi
    if m is not None:
        return outcome("mpi present", True, f"MPI: {m.implementation}")
    if f.measured_mpi:
        return outcome("mpi present", True, Text("pre.mpi_measured"))
    return outcome("mpi present", None if f.snapshot is None else False,
                Text("pre.no_mpi"))


@precondition("access_pattern == contiguous")
def _contiguous(f: Facts, scope: str) -> PreconditionResult:
    a = f.access_pattern(scope)
    return outcome("access_pattern == contiguous", None if a is None else a == "contiguous",
                Text("pre.remarks", access=a) if a else Text("pre.no_remark"))


@precondition("access_pattern != contiguous")
def _noncontiguous(f: Facts, scope: str) -> PreconditionResult:
    a = f.access_pattern(scope)
    return outcome("access_pattern != contiguous", None if a is None else a != "contiguous",
                Text("pre.remarks", access=a) if a else Text("pre.no_remark"))


@precondition("dense matrix kernel")
def _dense(f: Facts, scope: str) -> PreconditionResult:
    shape = f.product_nest()
    if shape is not None:  # the loop nest's shape decides: the call it makes, or why not
        return outcome("dense matrix kernel", shape[0], shape[1])
    d = f.dense_kernel(scope)
    return outcome("dense matrix kernel", d,
                Text("pre.dense_yes") if d else Text("pre.dense_no") if d is False
                else Text("pre.dense_unknown"))


@precondition("share_of_time >= 5%")
def _share(f: Facts, scope: str) -> PreconditionResult:
    s = f.share_of(scope)
    return outcome("share_of_time >= 5%", None if s is None else s >= MIN_SHARE,
                Text("pre.share", scope=scope or "scope", share=f"{s:.1%}") if s is not None
                else Text("pre.no_share", scope=scope or Text("pre.scope")))


@precondition("not bandwidth_bound")
def _not_bw(f: Facts, scope: str) -> PreconditionResult:
    b = f.bandwidth_bound
    r = f.bandwidth_ratio
    detail = (Text("pre.bw_ratio", ratio=f"{r:.0%}") if r is not None else
              Text("donot.basis_finding") if b else Text("pre.no_bw"))
    return outcome("not bandwidth_bound", None if b is None else not b, detail)


@precondition("smt available")
def _smt(f: Facts, scope: str) -> PreconditionResult:
    t = f.threads_per_core
    return outcome("smt available", None if t is None else t > 1,
                   Text("fact.threads_per_core", n=t))


@precondition("mpi_share >= 5%")
def _mpi_share(f: Facts, scope: str) -> PreconditionResult:
    s = f.mpi_share
    return outcome("mpi_share >= 5%", None if s is None else s >= MIN_SHARE,
                Text("pre.mpi_share", share=f"{s:.1%}") if s is not None
                else Text("pre.no_mpi_share"))


@precondition("huge pages configurable")
def _hp(f: Facts, scope: str) -> PreconditionResult:
    if f.snapshot is None or f.snapshot.memory.thp_mode is None:
        return outcome("huge pages configurable", None, Text("pre.thp_unknown"))
    mode = f.snapshot.memory.thp_mode
    hp = f.snapshot.memory.hugepages_total or 0
    return outcome("huge pages configurable", mode in ("madvise", "always") or hp > 0,
                Text("pre.thp", mode=mode, n=hp))
