"""Catalog entries for the algorithm layer: message aggregation, decomposition, BLAS, a change
of algorithm where the time grows faster than the problem."""

from __future__ import annotations

from perfscout.advise.catalog.common import (
    BALANCED,
    amdahl,
    conf,
    gain_on_share,
    imbalance_gain,
    measured_imbalance,
    refs,
    scope_of,
    verify,
)
from perfscout.advise.catalog.decomposition import block_loop
from perfscout.advise.catalog.messages import message_loop
from perfscout.advise.catalog.registry import proposal
from perfscout.advise.facts import Facts
from perfscout.model.findings import Finding
from perfscout.model.message import Text
from perfscout.model.proposals import Change, Confidence, ExpectedGain, Proposal, Risk
from perfscout.model.taxonomy import Layer

ALG = Layer.ALGORITHM


@proposal("mpi_aggregate_messages", layer=ALG, kind="source",
          preconditions=("mpi present", "share_of_time >= 5%"))
def mpi_aggregate_messages(facts: Facts, f: Finding) -> Proposal | None:
    size = facts.metric_max("mpi.msg_size_mean")
    # the call site's own share when the profile has it (the Amdahl guard uses the same),
    # else all of MPI
    share = facts.share_of(f.scope) if f.scope else None
    share = share if share is not None else facts.mpi_share
    s = share if share is not None else 0.2
    low, high = amdahl(s, 1.2, 3.0)
    what = (f"mean message {size:.0f} B: pack the per-field sends into one buffer per "
            "neighbour (or a derived datatype)" if size is not None
            else "pack the per-field sends into one buffer per neighbour")
    loop = message_loop(facts)  # the per-element loop in the user's code, when it is there
    if loop is not None:
        what = f"{what}; at {loop[0]}: {loop[1]}"
    return Proposal(
        id="mpi_aggregate_messages", addresses=(f.id,), layer=ALG, kind="source",
        title="Pack small messages into one send per neighbour",
        change=Change(description=what),
        evidence=refs(f, facts), verification=verify(facts),
        expected_gain=ExpectedGain(low, high, Text("gain.small_messages", share=f"{s:.0%}")),
        risk=Risk("medium", "pack/unpack code; buffer sizes"),
        confidence=Confidence(conf(f, 0.55), "many small messages measured"),
        invalid_when=("messages are already above the eager limit",),
        rollback="revert the patch commit",
        scope=loop[0] if loop is not None else scope_of(f, facts),
    )


@proposal("rebalance_decomposition", layer=ALG, kind="param")
def rebalance_decomposition(facts: Facts, f: Finding) -> Proposal | None:
    """Ranks given unequal work: the decomposition split by measured cost, or an MPI block
    loop dealt round-robin where its source is at hand. Threads of one OpenMP loop are
    balanced by its schedule clause instead (``omp_dynamic_schedule``)."""
    if f.id == "rt.omp_imbalance":
        return None
    if f.id == "rt.mpi_wait" and "alg.load_imbalance" not in f.caused_by:
        return None  # a wait that unequal compute does not explain (barriers, one rank's I/O)
    imb = measured_imbalance(facts, f)
    if imb is not None and imb <= BALANCED:
        return None  # measured balanced: nothing to rebalance
    found = block_loop(facts)  # an MPI decomposition written in the user's source
    if isinstance(found, tuple):
        return _dealt_round_robin(facts, f, found, imb)
    return Proposal(
        id="rebalance_decomposition", addresses=(f.id,), layer=ALG, kind="param",
        title="Rebalance the domain decomposition by measured work per rank",
        change=Change(params={"decomposition": "weighted"},
                      description="split the domain by measured cost (or use dynamic "
                      "scheduling) so the slowest rank no longer sets the pace"),
        evidence=refs(f, facts), verification=verify(facts),
        expected_gain=imbalance_gain(imb),
        risk=Risk("medium", "decomposition changes communication pattern"),
        confidence=Confidence(conf(f, 0.55), "per-rank time spread measured"),
        invalid_when=("the imbalance comes from a slow node (check hardware first)",),
        rollback="restore the previous decomposition parameters", scope=scope_of(f, facts),
    )


def _dealt_round_robin(facts: Facts, f: Finding, found: tuple[str, str], imb: float | None
                       ) -> Proposal:
    """rebalance_decomposition as a source change: the block loop dealt round-robin."""
    scope, note = found
    return Proposal(
        id="rebalance_decomposition", addresses=(f.id,), layer=ALG, kind="source",
        title=f"Deal the ranks' iterations round-robin instead of contiguous blocks ({scope})",
        change=Change(description=f"the work per iteration varies along the range, so one "
                      f"block holds most of it: {note}"),
        evidence=(*refs(f, facts), f"block loop {scope}: {note}"),
        verification=verify(facts),
        expected_gain=imbalance_gain(imb),
        risk=Risk("low", "each iteration is still computed once and reduced as before; a "
                  "floating-point sum may round differently"),
        confidence=Confidence(conf(f, 0.6), "per-rank time spread measured; the loop's "
                              "results reach a reduction (checked on the parsed source)"),
        invalid_when=("the imbalance comes from a slow node (check hardware first)",
                      "neighbouring iterations share data a rank caches"),
        rollback="revert the patch commit", scope=scope,
    )


@proposal("use_blas", layer=ALG, kind="source",
          preconditions=("dense matrix kernel", "share_of_time >= 5%"))
def use_blas(facts: Facts, f: Finding) -> Proposal | None:
    scope = scope_of(f, facts)
    if not scope:
        return None
    return Proposal(
        id="use_blas", addresses=(f.id,), layer=ALG, kind="source",
        title=f"Replace the hand-written kernel in {scope} by a BLAS call",
        change=Change(description=f"call dgemm/dgemv (OpenBLAS) instead of the loop nest in "
                      f"{scope}", flags=("-lopenblas",)),
        evidence=refs(f, facts), verification=verify(facts),
        expected_gain=gain_on_share(facts, scope, 2.0, 10.0, 0.5, Text("gain.what.blas")),
        risk=Risk("medium", "summation order differs; needs a tolerance check"),
        confidence=Confidence(conf(f, 0.4), "only if the loop is a dense linear-algebra kernel"),
        invalid_when=("the loop is not a matrix/vector product", "matrices are tiny"),
        rollback="revert the patch commit", scope=scope,
    )


@proposal("replace_algorithm", layer=ALG, kind="source",
          preconditions=("share_of_time >= 5%",))
def replace_algorithm(facts: Facts, f: Finding) -> Proposal | None:
    """The run time grows as size^k (k >= 1.5, measured over sizes): the operation count is the
    problem, so the change is to the algorithm at the hot line (the scope, set by
    :func:`perfscout.advise.aim_at_hot_line`). Only for the measured growth itself."""
    scope = scope_of(f, facts)
    growth = next((e.quote for e in f.evidence if e.threshold.startswith("exponent")), "")
    return Proposal(
        id="replace_algorithm", addresses=(f.id,), layer=ALG, kind="source",
        title=f"Change the algorithm in {scope or 'the hot code'}: its work grows faster than "
              "the problem",
        change=Change(description=(f"{growth}: " if growth else "") + "remove the repeated "
                      "pass at the hot line (a running sum instead of re-summing a window, a "
                      "hash or sorted index instead of a linear search, a ring buffer instead "
                      "of shifting an array, a kept end instead of re-scanning a string)"),
        evidence=refs(f, facts), verification=verify(facts),
        expected_gain=gain_on_share(facts, scope, 2.0, 10.0, 0.5, Text("gain.what.algorithm")),
        risk=Risk("medium", "a new algorithm: compare the outputs over the sizes measured"),
        confidence=Confidence(conf(f, 0.5), "super-linear growth measured over sizes"),
        invalid_when=("the growth is inherent to the problem (the output itself grows as "
                      "size^k)",),
        rollback="revert the patch commit", scope=scope,
    )
