"""The do-not-do list: what the evidence says is not worth doing, computed before any proposal.

It is built first so that a reader (and the ranking) sees the dead ends next to the proposals:
hotspots too small to matter, layers that measured fine, and the method rules every experiment
must keep (one change at a time, same input and environment, no claim without a measurement).
"""

from __future__ import annotations

from perfscout.advise.facts import AT_PEAK, Facts
from perfscout.advise.preconditions import MIN_SHARE
from perfscout.model.proposals import DoNot

#: MPI below this share of the time is not worth tuning
MPI_FINE = 0.05
#: at most this many small hotspots are listed by name
MAX_SMALL = 5


def do_not_list(facts: Facts) -> tuple[DoNot, ...]:
    """The do-not-do entries for this case, most specific first, method rules last."""
    out: list[DoNot] = []
    out += _small_hotspots(facts)
    out += _layers_fine(facts)
    out += _method_rules(facts)
    return tuple(out)


def _small_hotspots(facts: Facts) -> list[DoNot]:
    small = [h for h in facts.hotspots() if (h.self_share or 0.0) < MIN_SHARE]
    out = []
    for h in small[:MAX_SMALL]:
        share = h.inclusive_share if h.inclusive_share is not None else h.self_share
        if share is not None and share >= MIN_SHARE:
            continue
        bound = 1.0 / (1.0 - (share or 0.0))
        out.append(DoNot(
            topic=f"optimise {h.name}",
            reason=f"{h.name} takes {share or 0.0:.1%} of the time: even removing it entirely "
                   f"gives at most {bound:.3f}x (Amdahl); below the {MIN_SHARE:.0%} threshold",
            evidence=(f"hotspot {h.name} self share {h.self_share:.1%}",)))
    return out


def _layers_fine(facts: Facts) -> list[DoNot]:
    out = []
    ratio = facts.bandwidth_ratio
    if facts.bandwidth_bound:
        basis = (f"measured bandwidth at {ratio:.0%} of peak" if ratio is not None
                 else "hw.memory_bandwidth finding")
        out.append(DoNot(
            topic="vectorisation, -march/-mcpu flags or more SIMD for the memory-bound part",
            reason=f"the code is memory-bandwidth-bound ({basis}); wider vectors compute faster "
                   "but bring no more bytes per second",
            evidence=(basis,)))
        if (facts.threads_per_core or 1) > 1:
            out.append(DoNot(
                topic="enable SMT / more threads per core",
                reason="extra hardware threads share the same memory controllers; a "
                       "bandwidth-bound code gains nothing and may lose to contention",
                evidence=(basis, f"threads per core: {facts.threads_per_core}")))
    elif ratio is not None and ratio < AT_PEAK / 2 and not (
            facts.finding_ids & {"hw.memory_bandwidth", "hw.numa_remote", "hw.cache_locality"}):
        out.append(DoNot(
            topic="memory-placement changes (numactl, huge pages) without a memory finding",
            reason=f"measured bandwidth is {ratio:.0%} of peak: DRAM is not the limit",
            evidence=(f"mem.bandwidth / bench.bandwidth = {ratio:.2f}",)))
    mpi = facts.mpi_share
    if mpi is not None and mpi < MPI_FINE:
        out.append(DoNot(
            topic="MPI tuning (collectives, message aggregation, overlap)",
            reason=f"MPI takes {mpi:.1%} of the time: at most {1 / (1 - mpi):.3f}x to gain",
            evidence=(f"mpi.time_share = {mpi:.3f}",)))
    if facts.has_gpu is False:
        out.append(DoNot(topic="GPU offload or transfer tuning",
                         reason="no GPU in the platform snapshot",
                         evidence=("snapshot.gpus is empty",)))
    return out


def _method_rules(facts: Facts) -> list[DoNot]:
    return [
        DoNot(topic="apply several changes at once",
              reason="a combined change breaks attribution: when the time moves nobody can "
                     "say which change did it, and one change can hide another's loss; try one "
                     "per experiment",
              evidence=("experiment method",)),
        DoNot(topic="compare runs across different inputs, node types or environments",
              reason="a speedup measured on another input size, node, compiler or module set "
                     "is not a speedup of this change; keep input and environment fixed",
              evidence=("experiment method",)),
        DoNot(topic="claim a gain without a measurement",
              reason="every proposal carries its own verification command; report the "
                     "measured ratio with its spread, not the expected one",
              evidence=("experiment method",)),
    ]
