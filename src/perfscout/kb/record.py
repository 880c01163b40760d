"""Turning a finished experiment into cards (one per proposal that ran)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from perfscout.experiment.runner import ExperimentResult, VariantOutcome
from perfscout.experiment.stats import INVALID
from perfscout.kb.cards import Card, Gain, card_id
from perfscout.model.findings import Finding
from perfscout.model.proposals import Proposal
from perfscout.model.serialize import to_jsonable


def problem_statement(proposal: Proposal | None, findings: Sequence[Finding], scope: str) -> str:
    """What the proposal set out to fix: the findings it addresses, else its stated basis."""
    if proposal is not None:
        hit = [f for f in findings if f.id in proposal.addresses]
        if hit:
            return "; ".join(f"{f.id}: {f.title}" for f in hit)
        if proposal.expected_gain is not None and proposal.expected_gain.basis:
            return f"{scope or proposal.scope}: {proposal.expected_gain.basis}"
        if proposal.title:
            return f"{scope or proposal.scope}: {proposal.title}"
    return scope


def evidence_lines(proposal: Proposal | None, findings: Sequence[Finding]) -> tuple[str, ...]:
    """The numbers behind the proposal: its own evidence refs and the quotes of its findings."""
    if proposal is None:
        return ()
    out = list(proposal.evidence)
    for f in findings:
        if f.id in proposal.addresses:
            out += [e.quote for e in f.evidence if e.quote]
    return tuple(dict.fromkeys(out))


def make_card(*, proposal_id: str, verdict: str, platform_key: str, actual: Gain,
              experiments: Sequence[str], proposal: Proposal | None = None,
              findings: Sequence[Finding] = (), scope: str = "", stage: str = "",
              reasons: Sequence[str] = (), commits: Sequence[str] = (), run_id: str = "") -> Card:
    """One card; ``proposal`` supplies the expected gain, problem and evidence when known."""
    g = proposal.expected_gain if proposal is not None else None
    scope = scope or (proposal.scope if proposal is not None else "")
    return Card(
        id=card_id(proposal_id, platform_key, experiments, scope), proposal_id=proposal_id,
        verdict=verdict, platform_key=platform_key, scope=scope,
        problem=problem_statement(proposal, findings, scope),
        evidence=evidence_lines(proposal, findings),
        proposal=to_jsonable(proposal) if proposal is not None else {},
        expected_low=g.low if g else None, expected_high=g.high if g else None,
        expected_basis=g.basis if g else "", actual=actual, commits=tuple(commits),
        experiments=tuple(experiments), stage=stage, reasons=tuple(reasons), run_id=run_id)


def cards_from_experiment(result: ExperimentResult, proposals: Mapping[str, Proposal], *,
                          platform_key: str, findings: Sequence[Finding] = (),
                          commits: Sequence[str] = (), run_id: str = "") -> list[Card]:
    """One card per variant of ``result`` that tests a proposal (``Variant.proposal_id``);
    variants without a proposal id (hand-written comparisons) get no card. An ``invalid``
    variant's card records the verdict and reasons but no actual gain."""
    last = result.name.rsplit("-", 1)[-1]
    stage = last if last in ("screen", "confirm", "combine") else ""  # matrix-mode suffixes

    def one(v: VariantOutcome) -> Card:
        # an invalid comparison measured nothing that can be believed: its card claims no gain
        # (the reasons say why), so a 26x from a smaller problem never reads as "actual 26x"
        actual = Gain(None, None, None) if v.verdict == INVALID else \
            Gain(v.ratio, v.ratio_low, v.ratio_high)
        return make_card(proposal_id=v.proposal_id, verdict=v.verdict,
                         platform_key=platform_key, actual=actual,
                         experiments=(result.id,), proposal=proposals.get(v.proposal_id),
                         findings=findings, scope=result.kernel, stage=stage,
                         reasons=v.reasons, commits=commits, run_id=run_id)

    return [one(v) for v in result.variants if v.proposal_id]
