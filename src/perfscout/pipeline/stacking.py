"""The combination a session measures after its single changes: the winners stacked, their
generated source changes composed, plus the flag changes an expert adds on top.

A verified source change (loop interchange, say) fixes the access pattern; the vector flags the
guards held back until then (``-O3``, ``-march=native``: rejected with *stride before width* or
*-march needs -O3*) become worth trying on top of it. :func:`follow_up_flags` rebuilds those
catalog flag proposals at analysis time, so the combination can carry them; :func:`stack` makes
the one variant that applies every winner, the flag variants that did not lose, and those
follow-ups, with the winners' generated diffs composed on each other's result (re-parsed,
legality checked again) rather than refused as "two patches". The runner then measures it
against the baseline and each winner alone; it is kept only when it beats them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from perfscout.advise.catalog import CATALOG
from perfscout.advise.facts import Facts
from perfscout.experiment.convert import Unconvertible, combine, to_variant
from perfscout.experiment.runner import ExperimentResult
from perfscout.experiment.spec import Variant
from perfscout.experiment.stats import INVALID, LOSS, WIN
from perfscout.model.findings import Finding
from perfscout.model.metrics import Profile
from perfscout.model.proposals import Proposal, Rejected
from perfscout.model.serialize import from_jsonable
from perfscout.model.snapshot import PlatformSnapshot
from perfscout.pipeline.source_changes import HOT_SHARE, compose
from perfscout.transform import ProjectHeaders

#: guards whose rejection means "not yet": the change is worth trying once another one is in
DEFERRING_GUARDS = ("stride_before_width", "march_needs_o3")


def follow_up_flags(findings: Sequence[Finding], rejected: Sequence[Rejected],
                    snapshot: PlatformSnapshot | None, profiles: Sequence[Profile]
                    ) -> list[Proposal]:
    """The catalog flag proposals a deferring guard held back, built for this case (the
    catalog's own builder, for the first finding each addresses)."""
    facts = Facts.build(findings, snapshot, profiles)
    out = []
    for r in rejected:
        entry = CATALOG.get(r.id) if r.guard in DEFERRING_GUARDS else None
        if entry is None or entry.kind != "flags":
            continue
        for f in findings:
            p = entry.build(facts, f) if f.id in entry.addresses else None
            if p is not None:
                out.append(p)
                break
    return out


def _pieces(variants: Sequence[Variant], res: ExperimentResult, follow: Sequence[Proposal],
            kernel: str) -> tuple[list[Variant], list[Variant]]:
    """The winners, and what goes on top of them: flag variants that neither lost nor were
    invalid, and the follow-up flags."""
    winners = [v for v in variants if res.outcome(v.name).verdict == WIN]
    extra = [v for v in variants if v not in winners and not v.patch and not v.launcher
             and not v.threads and not v.ranks
             and res.outcome(v.name).verdict not in (LOSS, INVALID)]
    have = {f for v in (*winners, *extra) for f in v.extra_flags}
    measured = {v.proposal_id for v in variants}
    for p in follow:
        if p.id in measured:  # measured alone already: its verdict stands
            continue
        fv = to_variant(p, kernel)
        if isinstance(fv, Variant) and not set(fv.extra_flags) <= have:
            extra.append(fv)
            have |= set(fv.extra_flags)
    return winners, extra


def _composed(patched: Sequence[Variant], proposals: Sequence[Proposal],
              analysis: Mapping[str, Any], source_root: Path | None,
              headers: ProjectHeaders | None = None) -> tuple[str | None, str]:
    """The source winners' diffs composed (best first), or the best one alone when nothing
    composes; and a line saying which."""
    if len(patched) < 2 or source_root is None:
        return (patched[0].patch if patched else None), ""
    by_id = {p.id: p for p in proposals}
    hot = [(h["path"], int(h["line"])) for h in analysis.get("hot_lines", [])
           if h.get("share", 0) >= HOT_SHARE]
    patch, used, refused = compose([by_id[v.proposal_id] for v in patched
                                    if v.proposal_id in by_id], source_root, hot, headers)
    if not patch:
        return patched[0].patch, f"best source change only ({patched[0].name})"
    return patch, f"source changes composed: {', '.join(used)}" + (
        f" ({len(refused)} refused on the changed source)" if refused else "")


def stack(variants: Sequence[Variant], res: ExperimentResult, proposals: Sequence[Proposal],
          analysis: Mapping[str, Any], source_root: Path | None, kernel: str,
          headers: ProjectHeaders | None = None) -> tuple[list[Variant], list[Variant], str]:
    """The stacked variants to measure (none when there is nothing to stack), the winners
    they are measured against, and one line saying what went in.

    Two stacks: *all* (every winner, their diffs composed, every flag change that did not
    lose, the follow-ups) and *lean* (the best source winner and the best flag winner with the
    follow-ups): one more source change or an untested flag can cost more than it gives,
    and the measurement, not a rule, says which. With no winner at all, the deferred flags
    are still tried (the source change they waited for did not come)."""
    follow = [from_jsonable(Proposal, p) for p in analysis.get("followups", [])]
    winners, extra = _pieces(variants, res, follow, kernel)
    follow_v = [v for v in extra if v not in variants]
    if not winners and not follow_v:
        return [], [], "no winner and no deferred flag change: nothing to combine"
    if winners and len(winners) + len(extra) < 2:
        return [], winners, "1 winner and no flag change to add: nothing to combine"
    patched = sorted((v for v in winners if v.patch),
                     key=lambda v: -(res.outcome(v.name).ratio or 0.0))
    patch, said = _composed(patched, proposals, analysis, source_root, headers)
    whole = combine([*winners, *extra], kernel, patch=patch)
    if isinstance(whole, Unconvertible):
        return [], winners, f"cannot combine: {whole.reason}"
    flag_w = sorted((v for v in winners if not v.patch),
                    key=lambda v: -(res.outcome(v.name).ratio or 0.0))
    lean_parts = [*patched[:1], *flag_w[:1], *follow_v]
    lean = combine(lean_parts, kernel) if lean_parts else None
    out = [whole]
    if isinstance(lean, Variant) and (lean.patch, set(lean.extra_flags)) != (
            whole.patch, set(whole.extra_flags)):
        out.append(dataclasses.replace(lean, name="lean_" + lean.name))
    parts = ", ".join(v.proposal_id or v.name for v in (*winners, *extra))
    return out, winners, f"stack of {parts}" + (f"; {said}" if said else "") + (
        f"; lean stack of {', '.join(v.proposal_id or v.name for v in lean_parts)}"
        if len(out) > 1 else "")
