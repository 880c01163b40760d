"""The Amdahl guard bounds an expected gain by the measured share it rests on. For const_ref
that is the copy and allocator share of the profile (``copies_dominant/symbols.txt``: perf
report of tests/diagnose/data/copies built with POINTS=8000, memmove 95.5%), recomputed from
the facts, not read from the proposal: so a well-founded 11x is accepted when the copies hold
the run (it was refused as "beyond 10x with no measured basis", more often the more the copies
dominated), a claim beyond that share's bound is refused, and a proposal whose id declares no
basis and whose scope share is unknown is still held to the 10x cap."""

from __future__ import annotations

from pathlib import Path

from tests.advise.conftest import good_proposal

from perfscout.advise import check_proposals
from perfscout.diagnose.copies import copy_share
from perfscout.ingest.derive import derive
from perfscout.ingest.registry import load
from perfscout.model.snapshot import PlatformSnapshot
from perfscout.pipeline.analyze import analyze

PROFILE = Path(__file__).parent / "data" / "copies_dominant" / "symbols.txt"


def _gain(pid: str, high: float) -> dict[str, object]:
    return good_proposal(id=pid, addresses=["app.redundant_work"], kind="source",
                         layer="application", scope="table.cpp:7",
                         change={"description": "pass the vectors by const reference"},
                         expected_gain={"low": 2.0, "high": high, "basis": "copies"})


def test_the_copy_share_bounds_const_ref_both_ways(live: PlatformSnapshot, policy) -> None:  # type: ignore[no-untyped-def]
    prof = derive(load(PROFILE))
    shares = copy_share([prof])
    assert shares is not None and 0.95 < shares.share < 0.97  # memmove 95.48 + allocator
    bound = 1.0 / (1.0 - shares.share)
    a = analyze([PROFILE], snapshot=live)
    ok, rej = check_proposals([_gain("const_ref", 11.6)], live, list(a.findings), [prof],
                              policy_check=policy)
    assert [p.id for p in ok] == ["const_ref"], [(r.guard, r.reason) for r in rej]
    ok, rej = check_proposals([_gain("const_ref", bound + 5)], live, list(a.findings), [prof],
                              policy_check=policy)
    assert not ok and rej[0].guard == "amdahl"
    assert "the code its gain rests on takes 96%" in rej[0].reason, rej[0].reason


def test_no_basis_keeps_the_unbounded_cap(live: PlatformSnapshot, policy) -> None:  # type: ignore[no-untyped-def]
    prof = derive(load(PROFILE))
    a = analyze([PROFILE], snapshot=live)
    ok, rej = check_proposals([_gain("user.rewrite", 11.6)], live, list(a.findings), [prof],
                              policy_check=policy)
    assert not ok and rej[0].guard == "amdahl"
    assert "beyond 10x with no measured basis" in rej[0].reason


def test_without_copies_const_ref_has_no_basis(live: PlatformSnapshot, policy) -> None:  # type: ignore[no-untyped-def]
    """The basis is what the facts measure: a profile without copy code gives none, and the
    same 11.6x claim falls back to the cap."""
    other = Path(__file__).parents[1] / "diagnose" / "data" / "diag14" / "perf-report-decimal.txt"
    prof = derive(load(other))
    assert copy_share([prof]) is None
    ok, rej = check_proposals([_gain("const_ref", 11.6)], live, [], [prof],
                              policy_check=policy)
    assert not ok and "no measured basis" in rej[0].reason
