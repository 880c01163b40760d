"""``thread_count`` for an oversubscribed run of several ranks (or ensemble members) with
threads each: as many ranks as cores, each with two threads, is fixed by one thread per rank;
a run whose ranks already hold one thread each gets no thread count (``rank_count`` answers
more ranks than cores)."""

from __future__ import annotations

from dataclasses import replace

from advise.conftest import finding
from perfscout.advise import advise
from perfscout.advise.guards import PolicyCheck
from perfscout.model.metrics import Metric, Profile, Scope, ScopeKind
from perfscout.snapshot import PlatformSnapshot


def _envs(live: PlatformSnapshot, policy: PolicyCheck, threads: float, ranks: float
          ) -> dict[str, dict[str, str]]:
    two = replace(live, cpu=replace(live.cpu, sockets=1, cores_per_socket=2, online_cpus=2))
    job = Profile("job-script", "job.sh", metrics=(
        Metric("ranks.count", ranks, "count", Scope(ScopeKind.PROCESS, ""), family="setting"),))
    over = finding("sys.oversubscription", ("threads", threads), ("cpu.online", 2.0))
    got = advise([over], two, [job], policy_check=policy)
    return {p.id: dict(p.change.env) for p in got.proposals}


def test_ranks_filling_the_cores_with_threads_each_get_one_thread_each(live, policy) -> None:  # type: ignore[no-untyped-def]
    assert _envs(live, policy, 4.0, 2.0).get("thread_count") == {"OMP_NUM_THREADS": "1"}


def test_ranks_of_one_thread_each_get_no_thread_count(live, policy) -> None:  # type: ignore[no-untyped-def]
    assert "thread_count" not in _envs(live, policy, 2.0, 2.0)
