"""A user's Makefile that builds only in its own order (a Fortran module used by a file whose
rule does not name it) is built as the user's plain ``make`` builds it: the parallel build
fails, perfscout builds it again with one job and says so in the build log. A build that fails
serially too still fails with the compiler's message."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import require_tool
from perfscout.experiment.build import build_variant
from perfscout.experiment.spec import spec_from_dict
from perfscout.model.errors import RunFailed
from perfscout.pipeline.init_program import Guess, _from_make
from perfscout.sandbox.runner import default_runner

DATA = Path(__file__).parent / "data" / "moddeps"


def _spec(root: Path):  # type: ignore[no-untyped-def]
    g = Guess(spec={})
    _from_make(root, g)
    return spec_from_dict({**g.spec, "name": "moddeps", "project": str(root),
                           "measure": {"source": "wall"}, "check": {"kind": "none"}},
                          need_variants=False)


def test_a_makefile_missing_a_module_dependency_is_built_serially(tmp_path: Path) -> None:
    require_tool("gfortran")
    require_tool("make")
    root = tmp_path / "proj"
    shutil.copytree(DATA, root)
    spec = _spec(root)
    assert spec.build is not None and spec.build.jobs > 1
    b = build_variant(default_runner(tmp_path / "ws"), spec, spec.baseline, tmp_path / "ws" / "e")
    exe = b.exe.parent / "project" / "prog"
    out = subprocess.run([str(exe)], capture_output=True, text=True, check=True, timeout=60)
    assert out.stdout.split() == ["grown", "9.3132"]
    assert "built with -j1" in b.log


def test_a_build_that_fails_serially_too_keeps_its_error(tmp_path: Path) -> None:
    require_tool("gfortran")
    require_tool("make")
    root = tmp_path / "proj"
    shutil.copytree(DATA, root)
    (root / "src" / "main.f90").write_text("program main\n  use nosuchmodule\nend program\n")
    spec = _spec(root)
    with pytest.raises(RunFailed, match="nosuchmodule"):
        build_variant(default_runner(tmp_path / "ws"), spec, spec.baseline, tmp_path / "ws" / "e")
