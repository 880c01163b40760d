"""The compilers' loop optimisers as flag proposals (advise/catalog/loopopt.py): offered for the
compiler that builds the code, with their preconditions, and accepted by the real compilers here
(the matrix product built with them keeps its checksum)."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from dataclasses import replace
from pathlib import Path

import pytest
from tests.advise.conftest import finding
from tests.conftest import require_tool

from perfscout.advise import advise
from perfscout.experiment.kernels import kernel_source, kernels_dir, parse_result_line
from perfscout.model.snapshot import Compiler, PlatformSnapshot


@pytest.fixture(scope="module")
def live() -> PlatformSnapshot:
    from perfscout.sandbox import default_runner
    from perfscout.snapshot import take_snapshot

    with tempfile.TemporaryDirectory() as ws:
        return take_snapshot(default_runner(Path(ws)))


@pytest.fixture()
def policy(tmp_path: Path):  # type: ignore[no-untyped-def]
    from perfscout.sandbox import default_runner

    shutil.copy("/usr/bin/true", tmp_path / "kernel")
    return default_runner(tmp_path).check


def _matmul(cc: str, flags: list[str], tmp: Path) -> tuple[str, str]:
    shutil.copy(kernels_dir() / "ps_common.h", tmp)
    src = tmp / "matmul.c"
    src.write_text(kernel_source("matmul.c"))
    exe = tmp / f"mm-{len(flags)}"
    b = subprocess.run([cc, "-O2", *flags, "-o", str(exe), str(src), "-lm"],
                       capture_output=True, text=True, timeout=300)
    assert b.returncode == 0, b.stderr
    out = subprocess.run([str(exe), "120"], capture_output=True, text=True, check=True,
                         timeout=300).stdout
    return parse_result_line(out).checksum, b.stderr


def test_graphite_offered_for_gcc_and_accepted_by_it(live: PlatformSnapshot, policy,  # type: ignore[no-untyped-def]
                                                     tmp_path: Path) -> None:
    gcc = next((c for c in live.compilers if c.vendor == "gnu" and c.name == "gcc"), None)
    if gcc is None:
        pytest.skip("the snapshot has no gcc")
    snap = replace(live, compilers=(gcc,))
    adv = advise([finding("hw.cache_locality", scope="matmul.c:12")], snap, [],
                 policy_check=policy)
    got = {p.id: p for p in adv.proposals}
    p = got["loop_nest_optimize"]
    assert p.kind == "flags" and p.change is not None
    assert p.change.flags == ("-floop-nest-optimize",)
    pre = {r.name: r.status for r in p.preconditions}
    assert pre["gcc with graphite"] == "pass"
    assert "polly" not in got
    rej = {r.id: r.reason for r in adv.rejected}
    assert "not Clang" in rej["polly"]
    base, _ = _matmul(require_tool("gcc"), [], tmp_path)
    opt, err = _matmul(require_tool("gcc"), list(p.change.flags), tmp_path)
    assert opt == base
    assert "cannot be used" not in err  # a gcc without ISL warns that Graphite is absent


def test_polly_offered_for_clang_and_accepted_by_it(live: PlatformSnapshot, policy,  # type: ignore[no-untyped-def]
                                                    tmp_path: Path) -> None:
    clang = require_tool("clang-16")
    version = subprocess.run([clang, "--version"], capture_output=True, text=True,
                             check=True).stdout.split("version")[1].split()[0]
    snap = replace(live, compilers=(Compiler("clang-16", "llvm", version, clang),))
    adv = advise([finding("hw.cache_locality", scope="matmul.c:12")], snap, [],
                 policy_check=policy)
    got = {p.id: p for p in adv.proposals}
    p = got["polly"]
    assert p.change is not None and p.change.flags == ("-mllvm", "-polly")
    pre = {r.name: r for r in p.preconditions}
    assert pre["clang with polly"].status == "unknown"
    assert "loop_nest_optimize" not in got
    base, _ = _matmul(clang, [], tmp_path)
    opt, _ = _matmul(clang, list(p.change.flags), tmp_path)
    assert opt == base


def test_an_old_gcc_fails_the_graphite_precondition(live: PlatformSnapshot, policy) -> None:  # type: ignore[no-untyped-def]
    snap = replace(live, compilers=(Compiler("gcc", "gnu", "4.4.7"),))
    adv = advise([finding("hw.cache_locality", scope="matmul.c:12")], snap, [],
                 policy_check=policy)
    assert "loop_nest_optimize" not in {p.id for p in adv.proposals}
    rej = {r.id: r.reason for r in adv.rejected}
    assert "gcc with graphite failed" in rej["loop_nest_optimize"]
