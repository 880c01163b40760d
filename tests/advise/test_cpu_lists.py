"""CPU lists in launcher options and affinity variables are read by the snapshot's one parser,
strides included: "0-6:2" is CPUs 0, 2, 4 and 6, not 0 to 6."""

from __future__ import annotations

import pytest
from tests.advise.conftest import finding, good_proposal

from perfscout.advise import check_proposals
from perfscout.advise.guards import PolicyCheck
from perfscout.model.snapshot import NumaInfo, NumaNode, PlatformSnapshot

# Two NUMA nodes with interleaved CPU numbering (even CPUs on node 0, odd on node 1), as some
# BIOSes number them: a strided list picks one node, a plain range spans both.
INTERLEAVED = PlatformSnapshot(numa=NumaInfo(nodes=(NumaNode(0, (0, 2, 4, 6)),
                                                    NumaNode(1, (1, 3, 5, 7)))))


def _pin(change: dict[str, object]) -> dict[str, object]:
    return good_proposal(id="user.pin", kind="launch", addresses=["rt.affinity"], change=change)


@pytest.mark.parametrize("change", [
    {"launcher": ["mpirun", "--cpu-set", "0-6:2", "--bind-to", "core"]},
    {"env": {"GOMP_CPU_AFFINITY": "0-6:2"}},
    {"env": {"GOMP_CPU_AFFINITY": "1 3 5-7:2"}},
])
def test_strided_list_on_one_node_is_refused(policy: PolicyCheck,
                                             change: dict[str, object]) -> None:
    accepted, rejected = check_proposals([_pin(change)], INTERLEAVED, [finding("rt.affinity")],
                                         [], policy_check=policy)
    assert not accepted
    assert [r.guard for r in rejected] == ["numa_single_node"]
    assert "2-node machine" in rejected[0].reason


@pytest.mark.parametrize("change", [
    {"launcher": ["mpirun", "--cpu-set", "0-6", "--bind-to", "core"]},
    {"env": {"GOMP_CPU_AFFINITY": "0-7:3"}},
])
def test_list_spanning_both_nodes_passes(policy: PolicyCheck,
                                         change: dict[str, object]) -> None:
    accepted, rejected = check_proposals([_pin(change)], INTERLEAVED, [finding("rt.affinity")],
                                         [], policy_check=policy)
    assert [p.id for p in accepted] == ["user.pin"], rejected
