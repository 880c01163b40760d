"""The one guard call the agent makes on every proposal, from whichever source.

The agent uses ``perfscout.advise.check_proposals(dicts, snapshot, findings, profiles,
policy_check=...) -> (accepted, rejected)`` — the same guards as the catalog's. Until the advise
stage provides it, :func:`interim_check_proposals` stands in with the same signature: the schema
completeness check and the classic platform hazards. It is deleted once advise lands.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from perfscout.model.findings import Finding
from perfscout.model.metrics import Profile
from perfscout.model.proposals import Proposal, Rejected
from perfscout.model.runs import PolicyDecision
from perfscout.model.serialize import from_jsonable
from perfscout.model.snapshot import PlatformSnapshot

PolicyCheck = Callable[[tuple[str, ...]], PolicyDecision]
CheckFn = Callable[..., tuple[Sequence[Proposal], Sequence[Rejected]]]
REQUIRED = ("verification", "expected_gain", "risk", "confidence", "invalid_when")
BANDWIDTH_FINDINGS = ("hw.memory_bandwidth", "hw.numa_remote")


def guard_function() -> tuple[CheckFn, str]:
    """advise's ``check_proposals`` when the stage has it, else the interim stand-in; the
    second value names which one ran (recorded in the transcript)."""
    try:
        mod = importlib.import_module("perfscout.advise")
    except ImportError:
        mod = None
    fn = getattr(mod, "check_proposals", None) if mod else None
    if callable(fn):
        return fn, "advise.check_proposals"
    return interim_check_proposals, "agent.guards.interim_check_proposals"


def check_proposals(dicts: Sequence[Mapping[str, Any]], snapshot: PlatformSnapshot | None,
                    findings: Sequence[Finding], profiles: Sequence[Profile], *,
                    policy_check: PolicyCheck) -> tuple[list[Proposal], list[Rejected], str]:
    """Run the guards on ``dicts``; returns (accepted, rejected, guard name)."""
    fn, name = guard_function()
    acc, rej = fn(list(dicts), snapshot, list(findings), list(profiles),
                  policy_check=policy_check)
    return list(acc), list(rej), name


def _missing(d: Mapping[str, Any]) -> list[str]:
    out = [k for k in REQUIRED if not d.get(k)]
    ver = d.get("verification")
    if isinstance(ver, Mapping):
        out += [f"verification.{k}" for k in ("commands", "metric", "direction") if not ver.get(k)]
    return out


def interim_check_proposals(dicts: Sequence[Mapping[str, Any]], snapshot: PlatformSnapshot | None,
                            findings: Sequence[Finding], profiles: Sequence[Profile], *,
                            policy_check: PolicyCheck) -> tuple[list[Proposal], list[Rejected]]:
    """Completeness, policy and platform guards (stand-in until advise provides its own)."""
    accepted: list[Proposal] = []
    rejected: list[Rejected] = []
    ids = {f.id for f in findings}
    for d in dicts:
        pid = str(d.get("id") or "?")
        origin = str(d.get("origin") or "llm")

        def no(reason: str, guard: str, pid: str = pid, origin: str = origin) -> None:
            rejected.append(Rejected(pid, reason, guard=guard, origin=origin))

        missing = _missing(d)
        if missing:
            no("incomplete proposal: missing " + ", ".join(missing), "schema.required")
            continue
        try:
            p = from_jsonable(Proposal, dict(d))
        except (TypeError, ValueError, KeyError) as exc:
            no(f"not a proposal object: {exc}", "schema.types")
            continue
        assert p.verification is not None
        denied = [(c, policy_check(tuple(c))) for c in p.verification.commands]
        bad = [(c, dec) for c, dec in denied if not dec.allowed]
        if bad:
            c, dec = bad[0]
            no(f"verification command {' '.join(c)!r} is outside the sandbox policy "
               f"({dec.rule}: {dec.reason})", "policy.verification")
            continue
        cpu = snapshot.cpu if snapshot else None
        sockets = cpu.sockets if cpu else None
        if p.id.endswith("enable_smt") and (ids & set(BANDWIDTH_FINDINGS)):
            where = f"{sockets}-socket node" if sockets else "this node"
            no(f"enable_smt on a memory-bandwidth-bound code on a {where}: SMT siblings share "
               "the same memory channels, so more threads add contention, not bandwidth "
               f"(findings: {', '.join(sorted(ids & set(BANDWIDTH_FINDINGS)))})",
               "platform.smt_bandwidth")
            continue
        gpus = getattr(snapshot, "gpus", None) if snapshot else None
        if p.id.endswith("gpu_async_copy") and snapshot is not None and not gpus:
            no("gpu_async_copy on a node with no GPU", "platform.no_gpu")
            continue
        accepted.append(p)
    return accepted, rejected
