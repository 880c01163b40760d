"""Fixtures for the advise tests: real platforms (corpus topology files through snapshot_from_dir,
this machine's live snapshot), the real default sandbox policy, and helpers to state findings."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from perfscout.model.findings import Evidence, Finding, Status
from perfscout.model.runs import PolicyDecision
from perfscout.model.snapshot import PlatformSnapshot
from perfscout.model.taxonomy import layer_of
from perfscout.snapshot import snapshot_from_dir, take_snapshot

PolicyCheck = Callable[[tuple[str, ...]], PolicyDecision]

EPYC = ("lscpu-dual-epyc7451-8numa-plus-parsable.txt",)
GRACE = ("lscpu-nvidia-grace-neoverse-v2-72c-9numa.txt", "numactl-hardware-grace-hopper-9nodes.txt")
IVYBRIDGE = ("lscpu-dual-xeon-e5-2670v2-ivybridge.txt",)
XEON4 = ("lscpu-4socket-xeon-x7550-64cpu.txt",)
DGX2 = ("hwloc-xml-nvidia-DGX2.xml",)


def corpus_platform(corpus: Path, names: tuple[str, ...]) -> PlatformSnapshot:
    """A snapshot rebuilt by the real snapshot stage from corpus topology files."""
    d = Path(tempfile.mkdtemp(prefix="advise-snap-"))
    try:
        for n in names:
            shutil.copy(corpus / "topology" / n, d / n)
        return snapshot_from_dir(d)
    finally:
        shutil.rmtree(d, ignore_errors=True)


@pytest.fixture(scope="session")
def live() -> PlatformSnapshot:
    """This machine's real snapshot (real gcc, Open MPI, one NUMA node)."""
    from perfscout.sandbox import default_runner

    with tempfile.TemporaryDirectory() as ws:
        return take_snapshot(default_runner(Path(ws)))


@pytest.fixture(scope="session")
def platforms(corpus: Path, live: PlatformSnapshot) -> dict[str, PlatformSnapshot]:
    """Corpus machines, each carrying this machine's real toolchain (the corpus has no compiler
    or MPI probe), plus this machine itself."""
    tools = {"compilers": live.compilers, "mpi": live.mpi}
    return {
        "dual-epyc": replace(corpus_platform(corpus, EPYC), **tools),
        "grace": replace(corpus_platform(corpus, GRACE), **tools),
        "dual-ivybridge": replace(corpus_platform(corpus, IVYBRIDGE), **tools),
        "4socket-xeon": replace(corpus_platform(corpus, XEON4), **tools),
        "dgx2-no-tools": corpus_platform(corpus, DGX2),
        "live": live,
    }


@pytest.fixture()
def policy(tmp_path: Path) -> PolicyCheck:
    """The REAL default sandbox policy over a workspace holding the bundled ``./kernel``."""
    from perfscout.sandbox import default_runner

    k = tmp_path / "kernel"
    shutil.copy("/usr/bin/true", k)  # a compiled program: the policy refuses scripts
    k.chmod(0o755)
    return default_runner(tmp_path).check


def finding(fid: str, *evidence: tuple[str, float], scope: str = "", conf: float = 0.8,
            confirmed: bool = True, root: bool = True) -> Finding:
    """A finding as diagnose would state it, with (metric, value) evidence."""
    return Finding(
        id=fid, layer=layer_of(fid), status=Status.CONFIRMED if confirmed else Status.HYPOTHESIS,
        confidence=conf, title=fid, scope=scope, root_cause=root,
        evidence=tuple(Evidence(m, v, quote=f"{m}={v}", source_kind="test") for m, v in evidence))


def good_proposal(**over: Any) -> dict[str, Any]:
    """A complete, harmless proposal dict (as a user file would hold it); ``over`` replaces
    fields so that one test changes exactly one thing."""
    d: dict[str, Any] = {
        "id": "user.o3", "addresses": ["hw.compute_bound"], "layer": "hardware",
        "kind": "flags", "title": "Build with -O3",
        "change": {"flags": ["-O3"], "description": "raise the optimisation level"},
        "evidence": ["hw.compute_bound finding"],
        "verification": {"commands": [["perf", "stat", "-r", "5", "--", "./kernel"]],
                         "metric": "time.elapsed", "direction": "lower"},
        "expected_gain": {"low": 1.02, "high": 1.2, "basis": "assumed 50% share x 1.05-1.5x"},
        "risk": {"level": "low", "reason": "code size"},
        "confidence": {"value": 0.5, "rationale": "compute-bound finding"},
        "invalid_when": ["the build already uses -O3"],
        "rollback": "restore the previous flags", "origin": "user",
    }
    d.update(over)
    return d
