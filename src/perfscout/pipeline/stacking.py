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
    for p in follow:
        fv = to_variant(p, kernel)
        if isinstance(fv, Variant) and not set(fv.extra_flags) <= have:
            extra.append(fv)
            have |= set(fv.extra_flags)
    return winners, extra


def stack(variants: Sequence[Variant], res: ExperimentResult, proposals: Sequence[Proposal],
          analysis: Mapping[str, Any], source_root: Path | None, kernel: str
          ) -> tuple[Variant | None, list[Variant], str]:
    """The stacked variant (None when there is nothing to stack), the winners it is measured
    against, and one line saying what went in."""
    follow = [from_jsonable(Proposal, p) for p in analysis.get("followups", [])]
    winners, extra = _pieces(variants, res, follow, kernel)
    if not winners:
        return None, [], "no winner: nothing to combine"
    if len(winners) + len(extra) < 2:
        return None, winners, "1 winner and no flag change to add: nothing to combine"
    patched = sorted((v for v in winners if v.patch),
                     key=lambda v: -(res.outcome(v.name).ratio or 0.0))
    patch, said = None, ""
    if len(patched) > 1 and source_root is not None:
        by_id = {p.id: p for p in proposals}
        hot = [(h["path"], int(h["line"])) for h in analysis.get("hot_lines", [])
               if h.get("share", 0) >= HOT_SHARE]
        patch, used, refused = compose([by_id[v.proposal_id] for v in patched
                                        if v.proposal_id in by_id], source_root, hot)
        said = f"source changes composed: {', '.join(used) or 'none'}" + (
            f" ({len(refused)} refused on the changed source)" if refused else "")
        if not patch:  # nothing composes: the best source winner alone
            patch, said = patched[0].patch, f"best source change only ({patched[0].name})"
    combo = combine([*winners, *extra], kernel, patch=patch)
    if isinstance(combo, Unconvertible):
        return None, winners, f"cannot combine: {combo.reason}"
    parts = ", ".join(v.proposal_id or v.name for v in (*winners, *extra))
    return combo, winners, f"stack of {parts}" + (f"; {said}" if said else "")
