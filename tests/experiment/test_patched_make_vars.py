"""A variant's patch that edits a Makefile variable perfscout passes on make's command line
(``CFLAGS``): the words it adds or removes reach the build. Without the fold the command-line
``CFLAGS=...`` overrides the patched Makefile and the variant silently builds the baseline
(a user's or an expert's ``-fcx-limited-range`` added to CFLAGS measured 1.0x)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any

from conftest import require_tool
from perfscout.experiment.build import Build, build_variant
from perfscout.experiment.spec import Variant, inherit, spec_from_dict
from perfscout.pipeline.init_program import Guess, _from_make
from perfscout.sandbox.runner import default_runner
from perfscout.transform.nest import make_diff

DATA = Path(__file__).parent / "data" / "patchedflags"


def _spec(root: Path):  # type: ignore[no-untyped-def]
    g = Guess(spec={})
    _from_make(root, g)
    return spec_from_dict({**g.spec, "name": "patchedflags", "project": str(root),
                           "measure": {"source": "wall"}, "check": {"kind": "none"}},
                          need_variants=False)


def _run(build: Build) -> str:
    """What the variant's own program prints (the project copy's build, not the harness)."""
    exe = build.exe.parent / "project" / "prog"
    return subprocess.run([str(exe)], capture_output=True, text=True, check=True,
                          timeout=60).stdout.strip()


def _project(tmp_path: Path) -> tuple[Path, Any, Any]:
    """A copy of the fixture project, its spec and a sandboxed runner."""
    require_tool("gcc")
    require_tool("make")
    root = tmp_path / "proj"
    shutil.copytree(DATA, root)
    return root, _spec(root), default_runner(tmp_path / "ws")


def _patched(root: Path, old: str, new: str) -> str:
    text = (root / "Makefile").read_text()
    assert old in text
    return make_diff(text, text.replace(old, new), "Makefile")


def test_a_word_a_patch_adds_to_the_passed_cflags_is_built_with(tmp_path: Path) -> None:
    root, spec, runner = _project(tmp_path)
    base = build_variant(runner, spec, spec.baseline, tmp_path / "ws" / "exp")
    assert _run(base) == "build: plain steps 3"
    diff = _patched(root, "CFLAGS = -O2 -DSTEPS=3", "CFLAGS = -O2 -DSTEPS=3 -DFAST_PATH")
    v = inherit(spec.baseline, Variant(name="fast", patch=diff))
    got = build_variant(runner, spec, v, tmp_path / "ws" / "exp")
    assert _run(got) == "build: fast steps 3"
    assert "-DFAST_PATH" in " ".join(got.command)
    # the project itself is untouched
    assert "FAST_PATH" not in (root / "Makefile").read_text()


def test_a_word_a_patch_removes_or_changes_is_gone_and_the_rest_kept(tmp_path: Path) -> None:
    root, spec, runner = _project(tmp_path)
    diff = _patched(root, "CFLAGS = -O2 -DSTEPS=3", "CFLAGS = -O2 -DSTEPS=5")
    v = inherit(spec.baseline, Variant(name="five", patch=diff))
    got = build_variant(runner, spec, v, tmp_path / "ws" / "exp")
    assert _run(got) == "build: plain steps 5"
    words = " ".join(got.command)
    assert "-DSTEPS=3" not in words and "-O2" in words


def test_a_patch_of_another_file_leaves_the_commands_as_the_baseline_s(tmp_path: Path) -> None:
    root, spec, runner = _project(tmp_path)
    base = build_variant(runner, spec, spec.baseline, tmp_path / "ws" / "exp")
    text = (root / "main.c").read_text()
    diff = make_diff(text, text.replace("plain steps", "plain  steps"), "main.c")
    got = build_variant(runner, spec, inherit(spec.baseline, Variant(name="c", patch=diff)),
                        tmp_path / "ws" / "exp")
    assert got.command[3:] == base.command[3:]  # the same make variables (paths differ)
    assert _run(got) == "build: plain  steps 3"
