"""Walk every proposal the catalog offers across many platform x finding x profile combinations:
each must have every schema field filled, and every verification command must be allowed by the
REAL default sandbox policy (a workspace holding ./kernel; no "not built yet" allowance)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from tests.advise.conftest import finding

from perfscout.advise import CATALOG, advise
from perfscout.advise.facts import Facts
from perfscout.advise.guards import schema_complete
from perfscout.model.metrics import Hotspot, Profile, Remark
from perfscout.model.proposals import Proposal
from perfscout.model.snapshot import Gpu, PlatformSnapshot
from perfscout.model.taxonomy import CORE_PROPOSAL_IDS, FINDING_IDS, PROPOSAL_KINDS

EVIDENCE = {
    "hw.memory_bandwidth": (("mem.bandwidth", 90000.0), ("bench.bandwidth", 100000.0)),
    "hw.numa_remote": (("numa.remote_ratio", 0.45),),
    "rt.mpi_wait": (("mpi.time_share", 0.35),),
    "rt.mpi_communication": (("mpi.time_share", 0.35),),
    "alg.small_messages": (("mpi.time_share", 0.3), ("mpi.msg_size_mean", 64.0)),
    "alg.load_imbalance": (("imbalance.max_over_mean", 1.6),),
    "rt.omp_imbalance": (("imbalance.max_over_mean", 1.4),),
}


def _profiles(kind: str) -> tuple[Profile, ...]:
    if kind == "none":
        return ()
    hs = (Hotspot("kern", self_share=0.62, inclusive_share=0.7), Hotspot("tiny", self_share=0.01))
    if kind == "plain":  # an MPI program's allreduce (the allreduce tuning needs one measured)
        hs += (Hotspot("MPI_Allreduce", self_share=0.05),)
    rem = (Remark("kern.c", 12, access="contiguous", message="loop vectorized"),)
    # the "command" shape names a matrix-product kernel (use_blas needs one named)
    cmd = {"command": "./kernel --n 4096", "kernel": "matmul"} if kind == "command" else {}
    return (Profile("test", "p.txt", hotspots=hs, remarks=rem if kind != "strided" else
                    (Remark("kern.c", 12, access="strided", message="strided load"),),
                    meta=cmd),)


@pytest.fixture(scope="module")
def walk_platforms(platforms: dict[str, PlatformSnapshot]) -> dict[str, PlatformSnapshot | None]:
    out: dict[str, PlatformSnapshot | None] = dict(platforms)
    # a GPU node: this machine's facts plus one GPU (no GPU node is reachable from here)
    out["live+gpu"] = replace(platforms["live"], gpus=(Gpu(0, "NVIDIA H100", "nvidia", 81559),))
    out["no-snapshot"] = None
    return out


def _check_complete(p: Proposal, policy, where: str) -> None:  # type: ignore[no-untyped-def]
    assert schema_complete(p, Facts(), policy) is None, where
    assert p.title and p.layer and p.kind in PROPOSAL_KINDS, where
    assert p.change is not None and (p.change.description or p.change.flags or p.change.env
                                     or p.change.launcher or p.change.params), where
    assert p.evidence and any(a in FINDING_IDS for a in p.addresses), where
    assert all(x.status in ("pass", "unknown") for x in p.preconditions), where
    assert {x.name for x in p.preconditions} >= set(CATALOG[p.id].preconditions), where
    g = p.expected_gain
    assert g is not None and 1.0 <= g.low <= g.high and g.basis, where
    assert p.risk is not None and p.risk.reason, where
    assert p.confidence is not None and 0 < p.confidence.value <= 0.95, where
    assert p.verification is not None
    for argv in p.verification.commands:
        d = policy(tuple(argv))
        assert d.allowed, f"{where}: {argv} denied: {d.rule} {d.reason}"


def test_every_offered_proposal_is_complete_and_allowed(walk_platforms, policy) -> None:  # type: ignore[no-untyped-def]
    offered: dict[str, int] = {}
    cases = 0
    for pname, snap in walk_platforms.items():
        for fid in FINDING_IDS:
            for pk in ("none", "plain", "command", "strided"):
                f = finding(fid, *EVIDENCE.get(fid, ()), scope="kern" if pk != "none" else "")
                adv = advise([f], snap, _profiles(pk), policy_check=policy)
                cases += 1
                for p in adv.proposals:
                    _check_complete(p, policy, f"{pname}/{fid}/{pk}/{p.id}")
                    offered[p.id] = offered.get(p.id, 0) + 1
                    if pk == "command":
                        assert p.verification is not None
                        assert any("./kernel" in a and "--n" in a
                                   for a in p.verification.commands), p.verification
                for r in adv.rejected:
                    assert r.reason and r.guard, r
    assert cases == len(walk_platforms) * len(FINDING_IDS) * 4
    # every core id is offered somewhere in the walk, so every builder was checked
    assert set(CORE_PROPOSAL_IDS) <= set(offered), sorted(set(CORE_PROPOSAL_IDS) - set(offered))


def test_catalog_holds_exactly_the_core_ids() -> None:
    assert set(CATALOG) >= set(CORE_PROPOSAL_IDS)
    for e in CATALOG.values():
        assert e.addresses and all(a in FINDING_IDS for a in e.addresses)
