"""advise stage: guarded proposals, rejections with reasons and a do-not-do list.

Public API:

- :func:`advise` — from findings, the platform snapshot and the profiles, the catalog's
  proposals that fit (preconditions evaluated, every guard passed, ranked), the ones refused
  with the reason, and the do-not-do list (computed first).
- :func:`check_proposals` — the same guards over proposals written elsewhere (an LLM, a user
  file), given as dicts, JSON or :class:`Proposal` objects.

The sandbox policy comes in as ``policy_check`` (e.g. ``runner.check``); advise never imports the
sandbox and never runs anything.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from perfscout.advise.catalog import CATALOG, CatalogEntry, get_entry
from perfscout.advise.donot import do_not_list
from perfscout.advise.facts import Facts, split_function_scope
from perfscout.advise.guards import PolicyCheck, headroom, run_guards
from perfscout.advise.parse import parse_proposal, parse_proposals
from perfscout.advise.preconditions import evaluate
from perfscout.advise.rank import adjust_confidence, first_round, rank, score
from perfscout.advise.usercode import outlined_parent
from perfscout.model.findings import Finding
from perfscout.model.message import Text
from perfscout.model.metrics import Profile
from perfscout.model.proposals import DoNot, ExpectedGain, Proposal, Rejected
from perfscout.model.snapshot import PlatformSnapshot

__all__ = [
    "CATALOG",
    "Advice",
    "PolicyCheck",
    "advise",
    "aim_at_hot_line",
    "check_proposals",
    "first_round",
    "get_entry",
    "parse_proposal",
    "parse_proposals",
    "score",
]


@dataclass(frozen=True)
class Advice:
    """What :func:`advise` returns: proposals best first (the first round holds one per
    independent change group), the refused ones with reason and guard, the do-not-do list."""

    proposals: tuple[Proposal, ...] = ()
    rejected: tuple[Rejected, ...] = ()
    do_not: tuple[DoNot, ...] = ()


def _groups() -> dict[str, str]:
    return {pid: e.group for pid, e in CATALOG.items()}


def _order(findings: Sequence[Finding]) -> list[Finding]:
    """Root causes first, then findings nothing else explains, then by confidence."""
    return sorted(findings, key=lambda f: (not f.root_cause, bool(f.caused_by), -f.confidence))


def _precondition_reject(p_id: str, results: Iterable[Any], origin: str) -> Rejected | None:
    failed = [r for r in results if r.status == "fail"]
    if not failed:
        return None
    why = "; ".join(Text("pre.failed_detail", name=r.name, detail=r.detail) if r.detail
                    else Text("pre.failed", name=r.name) for r in failed)
    return Rejected(p_id, Text("pre.not_met", why=why), guard="precondition", origin=origin)


def _build(entry: CatalogEntry, facts: Facts, finding: Finding,
           ) -> tuple[Proposal | None, Rejected | None]:
    top = facts.top_hotspot()
    scope = finding.scope or (top.name if top else "")
    pre = evaluate(entry.preconditions, facts, scope)
    rej = _precondition_reject(entry.id, pre, "catalog")
    if rej is not None:
        return None, rej
    p = entry.build(facts, finding)
    if p is None:
        return None, None
    p = _with_launcher(_cap_to_headroom(p, facts), facts)
    return replace(p, preconditions=pre + tuple(x for x in p.preconditions
                                                if x.name not in entry.preconditions)), None


def _cap_to_headroom(p: Proposal, facts: Facts) -> Proposal:
    """A catalog estimate never promises more than the Amdahl bound of the part it changes:
    the range is clipped to the bound and the basis says so (LLM/user proposals are not
    clipped; the ``amdahl`` guard rejects them)."""
    g, hr = p.expected_gain, headroom(p, facts)
    if g is None or hr is None or g.high <= hr[0]:
        return p
    bound = round(hr[0], 3)
    return replace(p, expected_gain=ExpectedGain(
        min(g.low, bound), bound, f"{g.basis}; capped at the Amdahl bound {bound:g}x ({hr[1]})"))


def _with_launcher(p: Proposal, facts: Facts) -> Proposal:
    """For a launch change, the verification runs the baseline and then the same command under
    the proposed launcher (``numactl --interleave=all``, ``mpirun -np N --map-by numa ...``)."""
    c, v = p.change, p.verification
    if p.kind != "launch" or c is None or not c.launcher or v is None or not v.commands:
        return p
    prefix = c.launcher
    if prefix[0].startswith("-"):  # launcher options: they need the MPI launcher
        launcher = facts.mpi.launcher if facts.mpi and facts.mpi.launcher else "mpirun"
        ranks = str(facts.numa_nodes or 2)
        prefix = (launcher, "-np", ranks, *prefix)
    base = v.commands[0]
    cut = base.index("--") + 1 if "--" in base else 0
    changed = (*base[:cut], *prefix, *base[cut:])
    return replace(p, verification=replace(v, commands=(base, changed, *v.commands[1:])))


def _symptoms(findings: Sequence[Finding]) -> frozenset[str]:
    """Ids of findings another finding explains (and that are not root causes themselves)."""
    return frozenset(f.id for f in findings if f.caused_by and not f.root_cause)


def advise(
    findings: Sequence[Finding],
    snapshot: PlatformSnapshot | None,
    profiles: Sequence[Profile],
    *,
    policy_check: PolicyCheck,
    kb_stats: Mapping[str, Any] | None = None,
) -> Advice:
    """Proposals for ``findings`` on this platform, each guarded, ranked and evidence-backed.

    Call after diagnose. A catalog entry whose precondition fails is not offered (it appears in
    ``rejected`` with guard ``precondition``); an unknown precondition keeps it with a lower
    confidence. ``kb_stats`` maps a proposal id to the knowledge base's record
    (``success_rate``, ``median_actual_over_expected``) and moves the confidence toward it.
    """
    facts = Facts.build(findings, snapshot, profiles)
    do_not = do_not_list(facts)
    offered: dict[str, Proposal] = {}
    rejected: dict[str, Rejected] = {}
    for finding in _order(findings):
        for entry in CATALOG.values():
            if finding.id not in entry.addresses or entry.id in offered:
                continue
            p, rej = _build(entry, facts, finding)
            if p is not None:
                rej = run_guards(p, facts, policy_check)
            if rej is not None:
                rejected.setdefault(entry.id, rej)
                continue
            if p is not None:
                # the gain was judged for the function; the scope then names its hot line
                offered[entry.id] = adjust_confidence(aim_at_hot_line(p, facts), kb_stats)
                rejected.pop(entry.id, None)
    # a proposal offered for one finding and refused for another stays offered
    for pid in offered:
        rejected.pop(pid, None)
    return Advice(proposals=rank(list(offered.values()), _groups(), _symptoms(findings)),
                  rejected=tuple(rejected.values()), do_not=do_not)


LOOP_PROPOSALS = frozenset({"omp_simd", "loop_interchange", "loop_tiling", "loop_unroll"})
#: loop changes that remove cache misses: aimed at the line the misses are on
MISS_PROPOSALS = frozenset({"loop_interchange", "loop_tiling", "pad_leading_dimension"})
#: source changes whose place is not the hot code (first touch edits the initialisation loop)
NOT_AT_HOT_CODE = frozenset({"numa_first_touch"})
#: parameter changes that act on how a parallel loop's iterations are split (its schedule
#: clause): for an outlined OpenMP region they go on the region's loop, named by its hot line
REGION_LOOP_PARAMS = frozenset({"rebalance_decomposition"})


def aim_at_hot_line(p: Proposal, facts: Facts) -> Proposal:
    """Scope a catalog proposal where its change goes, from whatever input has lines.

    A source change (loop_interchange, omp_simd, hoist_invariant, io_buffering,
    reduce_precision, use_blas, ...) names ``path:line``: the hottest line of the function it
    acts on, or for a library routine (libm ``pow``, libc ``regcomp`` internals, libgcc
    ``__multf3``) the user's line that calls it (:meth:`Facts.target_line`); a change that
    removes cache misses names the line the misses are on; a change of how an outlined OpenMP
    region's loop is split (:data:`REGION_LOOP_PARAMS`) names that loop's hot line. With no
    line in any input, the scope stays the function and the evidence says that no line
    evidence exists; a symbol
    that is not the user's code (library routine, system call, outlined OpenMP region) gives
    way to the user's caller or the region's parent, never staying the scope. A flags
    change names the function the flags matter for, never a line. Called after the guards:
    the gain was judged on the function's share."""
    fn, _ = split_function_scope(p.scope)
    if p.kind != "source" or p.id in NOT_AT_HOT_CODE:
        parent = outlined_parent(fn)
        if parent is not None and p.id in REGION_LOOP_PARAMS:
            # how the region's loop is split: its hot line when a line-level profile has one
            loop = facts.target_line(fn)
            if loop.where is not None:
                return replace(p, scope=loop.where, evidence=(
                    *p.evidence, f"target: {loop.where} (the loop of the OpenMP region {fn} "
                    f"in {parent}: {loop.how})"))
        if parent is not None or (fn and facts.foreign(fn)):
            # flags or a parameter for a library routine or an outlined region: the user's
            # function they matter for (the region's parent, the caller), never a line
            caller = facts.user_caller(fn) if parent is None else (parent, "its OpenMP region")
            who = caller[0] if caller is not None else facts.own_hottest() or ""
            how = (f"{fn} is not the program's code: {who or 'the program'}"
                   f" ({caller[1] if caller is not None else 'no input names its caller'})")
            return replace(p, scope=who, evidence=(*p.evidence, f"target: {how}"))
        if p.kind == "flags":
            return replace(p, scope=fn) if fn and fn != p.scope else p
        return p
    target = facts.target_line(p.scope, misses=p.id in MISS_PROPOSALS)
    note = f"target: {target.where} ({target.how})" if target.where else f"target: {target.how}"
    where = target.where or (target.function if target.function is not None else fn or p.scope)
    return replace(p, scope=where, evidence=(*p.evidence, note))


def check_proposals(
    dicts: Any,
    snapshot: PlatformSnapshot | None,
    findings: Sequence[Finding],
    profiles: Sequence[Profile],
    *,
    policy_check: PolicyCheck,
) -> tuple[tuple[Proposal, ...], tuple[Rejected, ...]]:
    """Run every guard over proposals written elsewhere; returns (accepted, rejected).

    ``dicts`` is anything :func:`parse_proposals` reads (JSON text, a dict, a list of dicts) or a
    sequence of :class:`Proposal`. A proposal carrying a catalog id also has that entry's
    preconditions evaluated; a failed one rejects it like a hazard does.
    """
    if isinstance(dicts, Sequence) and not isinstance(dicts, str | bytes) and dicts and all(
            isinstance(x, Proposal) for x in dicts):
        props: tuple[Proposal, ...] = tuple(dicts)
    else:
        props = parse_proposals(dicts)
    facts = Facts.build(findings, snapshot, profiles)
    accepted: list[Proposal] = []
    rejected: list[Rejected] = []
    for p in props:
        entry = CATALOG.get(p.id)
        if entry is not None:
            pre = evaluate(entry.preconditions, facts, p.scope)
            rej = _precondition_reject(p.id, pre, p.origin)
            if rej is not None:
                rejected.append(rej)
                continue
            p = replace(p, preconditions=pre + p.preconditions)
        rej = run_guards(p, facts, policy_check)
        if rej is not None:
            rejected.append(rej)
        else:
            accepted.append(adjust_confidence(p))
    return tuple(accepted), tuple(rejected)
