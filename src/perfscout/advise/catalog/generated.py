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
        expected_gain=gain_on_share(facts, scope, 2.0, 20.0, 0.5,
                                    Text("gain.what.algorithm")),
        risk=Risk("low", "same position for every key (sortedness proved from the sources)"),
        confidence=Confidence(conf(f, 0.6), "a scan over an array proved sorted"),
        invalid_when=("the array is changed through a path the sources do not show",),
        rollback="revert the patch commit", scope=scope,
    )
