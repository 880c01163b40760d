"""Catalog entry ``private_tallies``: a critical section of tally updates in a parallel loop,
offered only where the transform stage splits it per thread and ``omp_reduction`` (one
atomic update per critical, a plain array) does not apply there."""

from __future__ import annotations

from pathlib import Path

from perfscout.advise.catalog.common import conf, gain_on_share, generated_at_hot_line, refs, verify
from perfscout.advise.catalog.registry import proposal
from perfscout.advise.facts import Facts, project_root_of
from perfscout.model.findings import Finding
from perfscout.model.message import Text
from perfscout.model.proposals import Change, Confidence, Proposal, Risk
from perfscout.model.taxonomy import Layer
from perfscout.transform import Refusal, generate


def _reduction_refused(text: str, path: str, line: int) -> bool:
    """omp_reduction does not apply at this line (its own entry offers it where it does)."""
    return isinstance(generate("omp_reduction", text, path, line,
                               root=project_root_of(Path(path))), Refusal)


@proposal("private_tallies", layer=Layer.RUNTIME, kind="source",
          preconditions=("share_of_time >= 5%",))
def private_tallies(facts: Facts, f: Finding) -> Proposal | None:
    """The hot line is in a parallel loop whose ``critical``/``atomic`` sections add into
    shared tallies by a computed index (several arrays, or a C++ container): each thread
    waits for the lock per event; per-thread tallies merged once remove the wait."""
    found = generated_at_hot_line(facts, "private_tallies", _reduction_refused)
    if found is None:
        return None
    scope, g = found
    return Proposal(
        id="private_tallies", addresses=(f.id,), layer=Layer.RUNTIME, kind="source",
        title=f"Give each thread its own tallies instead of a critical section ({scope})",
        change=Change(flags=g.flags, description="the threads take turns on a critical "
                      f"section of tally updates in the parallel loop; {g.note}"),
        evidence=(*refs(f, facts), f"hot line {scope}: {g.note}"),
        verification=verify(facts),
        expected_gain=gain_on_share(facts, scope, 1.3, 8.0, 0.5,
                                    Text("gain.what.private_copies")),
        risk=Risk("low", "integer tallies give identical results; floating-point sums change "
                  "order (checked with a tolerance); memory grows by one copy of the tallies "
                  "per thread"),
        confidence=Confidence(conf(f, 0.6), "a critical section of commutative tally updates "
                              "on the hot line of a parallel loop"),
        invalid_when=("the tallies are so large that a copy per thread does not fit in "
                      "memory",),
        rollback="revert the patch commit", scope=scope,
    )


__all__ = ["private_tallies"]
