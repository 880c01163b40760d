"""Binding does not give back CPUs other work holds: a run that waited behind other runnable
tasks (pidstat's %wait, made here under load: tests/ingest/data/os_tool_evidence) is OS noise
from other jobs, and a binding proposal for it is refused; OS noise measured without any sign
of other work (involuntary switches alone) is not refused for that reason."""

from __future__ import annotations

from pathlib import Path

from tests.advise.conftest import finding, good_proposal

from perfscout.advise import check_proposals
from perfscout.diagnose.engine import diagnose
from perfscout.ingest.derive import derive
from perfscout.ingest.registry import load

D = Path(__file__).parents[1] / "ingest" / "data" / "os_tool_evidence"


def _bind() -> dict[str, object]:
    return good_proposal(id="bind_threads", addresses=["sys.os_noise"], kind="env",
                         title="Bind the threads to cores",
                         change={"env": {"OMP_PROC_BIND": "close", "OMP_PLACES": "cores"},
                                 "description": "pin threads"})


def test_binding_is_refused_when_the_run_waited_behind_other_tasks(live, policy) -> None:  # type: ignore[no-untyped-def]
    profs = [derive(load(D / "pidstat-u.txt"))]
    found = list(diagnose(profs).findings)
    noise = next(f for f in found if f.id == "sys.os_noise")
    assert any(e.metric == "sched.wait_share" and e.value > 0.4 for e in noise.evidence)
    ok, rej = check_proposals([_bind()], live, found, profs, policy_check=policy)
    assert not ok and rej[0].guard == "binding_needs_threads"
    assert "load" in rej[0].reason


def test_noise_without_other_work_is_not_refused_for_it(live, policy) -> None:  # type: ignore[no-untyped-def]
    f = finding("sys.os_noise", ("context_switches.involuntary", 5000.0))
    _ok, rej = check_proposals([_bind()], live, [f], [], policy_check=policy)
    assert all(r.guard != "binding_needs_threads" for r in rej), rej
