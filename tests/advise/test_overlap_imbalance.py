"""Overlapping communication is not offered for ranks that wait on a slower rank's work
(guard ``overlap_not_for_imbalance``): the wait is for data not yet computed. It stays offered
for a wait with no such cause (ranks waiting for each other's whole step, measured balanced)."""

from __future__ import annotations

from dataclasses import replace

from tests.advise.conftest import finding, good_proposal

from perfscout.advise import check_proposals


def _overlap() -> dict[str, object]:
    return good_proposal(id="mpi_nonblocking_overlap", addresses=["rt.mpi_wait"], kind="source",
                         title="Overlap the exchange with compute",
                         change={"description": "post MPI_Irecv/MPI_Isend before the compute"})


def test_overlap_refused_for_a_wait_caused_by_unequal_work(live, policy) -> None:  # type: ignore[no-untyped-def]
    wait = replace(finding("rt.mpi_wait", ("mpi.time_share", 0.6)),
                   caused_by=("alg.load_imbalance",), root_cause=False)
    cause = finding("alg.load_imbalance", ("imbalance.max_over_mean", 1.8))
    ok, rej = check_proposals([_overlap()], live, [cause, wait], [], policy_check=policy)
    assert not ok and rej[0].guard == "overlap_not_for_imbalance", rej
    assert "not yet computed" in rej[0].reason


def test_overlap_kept_for_a_wait_without_that_cause(live, policy) -> None:  # type: ignore[no-untyped-def]
    wait = finding("rt.mpi_wait", ("mpi.time_share", 0.6))
    _, rej = check_proposals([_overlap()], live, [wait], [], policy_check=policy)
    assert all(r.guard != "overlap_not_for_imbalance" for r in rej)
