"""The do-not-do list: what the evidence says is not worth doing, computed before any proposal.

It is built first so that a reader (and the ranking) sees the dead ends next to the proposals:
hotspots too small to matter, layers that measured fine, and the method rules every experiment
must keep (one change at a time, same input and environment, no claim without a measurement).
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath

from perfscout.advise.facts import AT_PEAK, Facts
from perfscout.advise.preconditions import MIN_SHARE
from perfscout.model.message import Text
from perfscout.model.metrics import Hotspot
from perfscout.model.proposals import DoNot

#: MPI below this share of the time is not worth tuning
MPI_FINE = 0.05
#: at most this many small hotspots are listed by name
MAX_SMALL = 5


def do_not_list(facts: Facts) -> tuple[DoNot, ...]:
    """The do-not-do entries for this case, most specific first, method rules last."""
    out: list[DoNot] = []
    out += _user_constraints(facts)
    out += _small_hotspots(facts)
    out += _layers_fine(facts)
    out += _method_rules(facts)
    return tuple(out)


#: names a profiler gives code it could not symbolise: nothing a reader can act on
_UNNAMED = re.compile(r"^(\?+|\[unknown\]|<unknown>|0x[0-9a-fA-F]+|\[[^\]]*\]|)$")


def display_name(h: Hotspot) -> str | None:
    """The function or kernel a do-not entry names: the profiler's symbol, or for a path (an
    unresolved symbol shown as its binary or file, often deep in the workspace) the last part
    of it; ``None`` for code without a name (``???``, ``[unknown]``, a bare address)."""
    name = h.name.strip()
    if "/" in name and "(" not in name and " " not in name:
        name = PurePosixPath(name.split(":")[0]).name + (
            ":" + name.split(":", 1)[1] if ":" in name else "")
    return None if _UNNAMED.match(name) or _UNNAMED.match(name.split(":")[0]) else name


def _small_hotspots(facts: Facts) -> list[DoNot]:
    """One entry per distinct named function below the share threshold (the same function in
    two profiles is one entry, with its larger share)."""
    best: dict[str, tuple[float, float]] = {}  # name -> (share, self share)
    big: set[str] = set()
    for h in facts.hotspots():
        name = display_name(h)
        if name is None:
            continue
        share = h.inclusive_share if h.inclusive_share is not None else h.self_share
        if (h.self_share or 0.0) >= MIN_SHARE or (share is not None and share >= MIN_SHARE):
            big.add(name)
            continue
        old = best.get(name)
        if old is None or (share or 0.0) > old[0]:
            best[name] = (share or 0.0, h.self_share or 0.0)
    out: list[DoNot] = []
    for name, (share, own) in list(best.items()):
        if name in big or len(out) == MAX_SMALL:
            continue
        bound = 1.0 / (1.0 - share)
        out.append(DoNot(
            topic=Text("donot.optimise", name=name),
            reason=Text("donot.small_hotspot", name=name, share=f"{share:.1%}",
                        bound=f"{bound:.3f}", min=f"{MIN_SHARE:.0%}"),
            evidence=(Text("donot.ev.hotspot_share", name=name, share=f"{own:.1%}"),)))
    return out


def _layers_fine(facts: Facts) -> list[DoNot]:
    out = []
    ratio = facts.bandwidth_ratio
    if facts.bandwidth_bound:
        basis = (Text("donot.basis_ratio", ratio=f"{ratio:.0%}") if ratio is not None
                 else Text("donot.basis_finding"))
        out.append(DoNot(topic=Text("donot.vector_topic"),
                         reason=Text("donot.vector_reason", basis=basis), evidence=(basis,)))
        if ratio is not None and ratio >= AT_PEAK:  # measured at the ceiling, not inferred
            out.append(DoNot(topic=Text("donot.threads_topic"),
                             reason=Text("donot.threads_reason", ratio=f"{ratio:.0%}"),
                             evidence=(basis,)))
        if (facts.threads_per_core or 1) > 1:
            out.append(DoNot(
                topic=Text("donot.smt_topic"), reason=Text("donot.smt_reason"),
                evidence=(basis, Text("fact.threads_per_core", n=facts.threads_per_core))))
    elif ratio is not None and ratio < AT_PEAK / 2 and not (
            facts.finding_ids & {"hw.memory_bandwidth", "hw.numa_remote", "hw.cache_locality"}):
        out.append(DoNot(topic=Text("donot.placement_topic"),
                         reason=Text("donot.placement_reason", ratio=f"{ratio:.0%}"),
                         evidence=(f"mem.bandwidth / bench.bandwidth = {ratio:.2f}",)))
    mpi = facts.mpi_share
    if mpi is not None and mpi < MPI_FINE:
        out.append(DoNot(topic=Text("donot.mpi_topic"),
                         reason=Text("donot.mpi_reason", share=f"{mpi:.1%}",
                                     bound=f"{1 / (1 - mpi):.3f}"),
                         evidence=(f"mpi.time_share = {mpi:.3f}",)))
    if _shared_machine(facts):
        out.append(DoNot(topic=Text("donot.code_for_load_topic"),
                         reason=Text("donot.code_for_load_reason"),
                         evidence=(Text("donot.ev.shared_machine"),)))
    if facts.has_gpu is False:
        out.append(DoNot(topic=Text("donot.gpu_topic"), reason=Text("donot.gpu_reason"),
                         evidence=(Text("donot.ev.no_gpu"),)))
    return out


#: evidence that other jobs held the machine's CPUs (diagnose/rules/machine_load.py)
_SHARED_MACHINE = frozenset({"machine.run_queue_per_cpu", "machine.busy_processes"})


def _shared_machine(facts: Facts) -> bool:
    """An OS-noise finding that rests on the machine being saturated by other work: the run
    lost its CPU to other jobs, which no change of the code wins back."""
    return any(f.id == "sys.os_noise" and any(e.metric in _SHARED_MACHINE for e in f.evidence)
               for f in facts.findings)


def _user_constraints(facts: Facts) -> list[DoNot]:
    """What the user's note rules out, first: their word outranks any measurement."""
    said = facts.constraints()
    return [DoNot(topic=Text(f"donot.{name.split('.', 1)[1]}_topic"),
                  reason=Text("donot.user_said", said=sentence, where=where),
                  evidence=(f"{where}: {sentence}",))
            for name, (where, sentence) in said.items()]


def _method_rules(facts: Facts) -> list[DoNot]:
    method = (Text("donot.ev.method"),)
    return [DoNot(topic=Text(f"donot.{rule}_topic"), reason=Text(f"donot.{rule}_reason"),
                  evidence=method) for rule in ("several", "inputs", "claim")]
