"""Catalog entries for the application layer: I/O buffering and precision."""

from __future__ import annotations

from perfscout.advise.catalog.common import conf, gain_on_share, refs, scope_of, verify
from perfscout.advise.catalog.registry import proposal
from perfscout.advise.facts import Facts
from perfscout.model.findings import Finding
from perfscout.model.message import Text
from perfscout.model.proposals import Change, Confidence, Proposal, Risk
from perfscout.model.taxonomy import Layer

APP = Layer.APPLICATION


@proposal("io_buffering", layer=APP, kind="source",
          preconditions=("share_of_time >= 5%",))
def io_buffering(facts: Facts, f: Finding) -> Proposal | None:
    scope = scope_of(f, facts)
    return Proposal(
        id="io_buffering", addresses=(f.id,), layer=APP, kind="source",
        title=f"Read input in large blocks in {scope or 'the I/O routine'}",
        change=Change(description="replace per-value fscanf/getline by one fread of the whole "
                      "file (or setvbuf with a 1 MiB buffer) and parse from memory"),
        evidence=refs(f, facts), verification=verify(facts),
        expected_gain=gain_on_share(facts, scope, 1.5, 5.0, 0.2, Text("gain.what.buffered")),
        risk=Risk("low", "same parsed values; check with the baseline output"),
        confidence=Confidence(conf(f, 0.55), "I/O functions in the hotspots"),
        invalid_when=("the time is in the file system (network FS latency), not in parsing",),
        rollback="revert the patch commit", scope=scope,
    )


@proposal("reduce_precision", layer=APP,
          kind="source", preconditions=("share_of_time >= 5%",))
def reduce_precision(facts: Facts, f: Finding) -> Proposal | None:
    scope = scope_of(f, facts)
    return Proposal(
        id="reduce_precision", addresses=(f.id,), layer=APP, kind="source",
        title=f"Store the bulk arrays of {scope or 'the kernel'} in float",
        change=Change(description="keep accumulators in double, store the streamed arrays in "
                      "float: half the bytes per element"),
        evidence=refs(f, facts), verification=verify(facts),
        expected_gain=gain_on_share(facts, scope, 1.2, 2.0, 0.5, Text("gain.what.half_bytes")),
        risk=Risk("high", "changes results; needs a numerical tolerance agreed with the owner"),
        confidence=Confidence(conf(f, 0.3), "bandwidth-bound; accuracy impact unknown"),
        invalid_when=("results must be bit-identical", "the algorithm is ill-conditioned"),
        rollback="revert the patch commit", scope=scope,
    )


@proposal("hoist_invariant", layer=APP, kind="source",
          preconditions=("share_of_time >= 5%",))
def hoist_invariant(facts: Facts, f: Finding) -> Proposal | None:
    scope = scope_of(f, facts)
    return Proposal(
        id="hoist_invariant", addresses=(f.id,), layer=APP, kind="source",
        title=f"Compute {scope or 'the repeated call'} once, outside the loop that repeats it",
        change=Change(description="the value does not change between iterations (a loop "
                      "condition calling strlen, a lookup redone per element): compute it once "
                      "before the loop and reuse it"),
        evidence=refs(f, facts), verification=verify(facts),
        expected_gain=gain_on_share(facts, scope, 2.0, 50.0, 0.3, Text("gain.what.hoist")),
        risk=Risk("low", "same result when the value is truly invariant; check the output"),
        confidence=Confidence(conf(f, 0.55), "one cheap routine holds a large share"),
        invalid_when=("the loop body changes what the call reads",),
        rollback="revert the patch commit", scope=scope,
    )
