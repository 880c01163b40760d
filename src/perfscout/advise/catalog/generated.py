"""Catalog entries for source changes outside the loop nest, offered only where the transform
stage generates them on a hot line of the user's code: a linear scan over a sorted array
(``bisect_search``), threads taking turns on an ``omp atomic``/``critical`` update
(``omp_reduction``), an ordered ``std::map`` used only as a dictionary (``unordered_map``).

Each entry runs its generator on the hottest source lines of the line profile, with the
project's folder as the root (the legality proofs read the other files: where the array is
filled, where the map is iterated); no generated change, no proposal.
"""

from __future__ import annotations

from pathlib import Path

from perfscout.advise.catalog.common import (
    conf,
    gain_on_share,
    refs,
    source_hot_lines,
    verify,
)
from perfscout.advise.catalog.registry import proposal
from perfscout.advise.facts import Facts, project_root_of
from perfscout.model.findings import Finding
from perfscout.model.message import Text
from perfscout.model.proposals import Change, Confidence, Proposal, Risk
from perfscout.model.taxonomy import Layer
from perfscout.transform import Generated, generate


def generated_at_hot_line(facts: Facts, pid: str) -> tuple[str, Generated] | None:
    """(``path:line``, the generated change) at the hottest source line of the line profile
    where the transform stage's ``pid`` generator succeeds with the project's folder as root;
    None when it succeeds on none."""
    for path, line, text in source_hot_lines(facts):
        got = generate(pid, text, path, line, root=project_root_of(Path(path)))
        if isinstance(got, Generated):
            return f"{path}:{line}", got
    return None


@proposal("bisect_search", addresses=("alg.complexity", "hw.vectorization", "hw.compute_bound"),
          layer=Layer.ALGORITHM, kind="source", preconditions=("share_of_time >= 5%",))
def bisect_search(facts: Facts, f: Finding) -> Proposal | None:
    """The hot line is a linear scan over an array the program itself fills in increasing
    order (or sorts): a bisection finds the same position in log2(n) probes."""
    found = generated_at_hot_line(facts, "bisect_search")
    if found is None:
        return None
    scope, g = found
    return Proposal(
        id="bisect_search", addresses=(f.id,), layer=Layer.ALGORITHM, kind="source",
        title=f"Find the position by bisection instead of a linear scan ({scope})",
        change=Change(description=f"the hot loop scans a sorted array from its start; {g.note}"),
        evidence=(*refs(f, facts), f"hot line {scope}: {g.note}"),
        verification=verify(facts),
        expected_gain=gain_on_share(facts, scope, 2.0, 8.0, 0.5,
                                    Text("gain.what.bisection")),
        risk=Risk("low", "same position for every key (sortedness proved from the sources)"),
        confidence=Confidence(conf(f, 0.6), "a scan over an array proved sorted"),
        invalid_when=("the array is changed through a path the sources do not show",),
        rollback="revert the patch commit", scope=scope,
    )


@proposal("omp_reduction", addresses=("hw.vectorization", "hw.compute_bound",
                                      "rt.serial_fraction", "rt.omp_imbalance"),
          layer=Layer.RUNTIME, kind="source", preconditions=("share_of_time >= 5%",))
def omp_reduction(facts: Facts, f: Finding) -> Proposal | None:
    """The hot line is an ``omp atomic``/``critical`` update inside a ``parallel for``: every
    update is a locked instruction on a line the threads pass back and forth; a private copy
    per thread merged once removes both."""
    found = generated_at_hot_line(facts, "omp_reduction")
    if found is None:
        return None
    scope, g = found
    return Proposal(
        id="omp_reduction", addresses=(f.id,), layer=Layer.RUNTIME, kind="source",
        title=f"Give each thread its own copy instead of an atomic update ({scope})",
        change=Change(flags=g.flags, description="the threads take turns on an atomic "
                      f"(or critical) update in the parallel loop; {g.note}"),
        evidence=(*refs(f, facts), f"hot line {scope}: {g.note}"),
        verification=verify(facts),
        expected_gain=gain_on_share(facts, scope, 1.5, 8.0, 0.6, Text("gain.what.private_copies")),
        risk=Risk("low", "integer updates give identical results; floating-point sums change "
                  "order (checked with a tolerance)"),
        confidence=Confidence(conf(f, 0.6), "an atomic update on the hot line of a parallel "
                              "loop"),
        invalid_when=("the machine is so oversubscribed that the parallel loop's barrier "
                      "costs more than the updates",),
        rollback="revert the patch commit", scope=scope,
    )


@proposal("unordered_map", addresses=("hw.cache_locality", "hw.compute_bound",
                                      "app.redundant_work"),
          layer=Layer.APPLICATION, kind="source", preconditions=("share_of_time >= 5%",))
def unordered_map(facts: Facts, f: Finding) -> Proposal | None:
    """The hot line updates or looks up a ``std::map`` that nothing reads in key order: each
    access walks a balanced tree (log n key compares, a cache miss per node); a hash table
    does one hash and about one compare."""
    found = generated_at_hot_line(facts, "unordered_map")
    if found is None:
        return None
    scope, g = found
    return Proposal(
        id="unordered_map", addresses=(f.id,), layer=Layer.APPLICATION, kind="source",
        title=f"Use a hash table for the dictionary at {scope} (std::unordered_map)",
        change=Change(description="the ordered map's tree walk and key compares are the hot "
                      f"code, and nothing needs the order; {g.note}"),
        evidence=(*refs(f, facts), f"hot line {scope}: {g.note}"),
        verification=verify(facts),
        expected_gain=gain_on_share(facts, scope, 1.5, 5.0, 0.6,
                                    Text("gain.what.hash_table")),
        risk=Risk("low", "every use was checked not to depend on the key order"),
        confidence=Confidence(conf(f, 0.55), "an ordered map used only as a dictionary on "
                              "the hot line"),
        invalid_when=("keys hash badly (many collisions)",),
        rollback="revert the patch commit", scope=scope,
    )
