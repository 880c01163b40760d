"""A diff as ``diff -ru`` writes it over a project with build products holds lines between and
after the hunks that are no hunk lines ("Binary files a/src/x.o and b/src/x.o differ", "Only
in b/src: y.o"): they end the hunk, as ``patch`` reads them; they were once read as context
lines, so the last hunk matched nothing and the variant failed to build. The result equals what
``patch -p1`` makes of the same diff."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from conftest import require_tool
from perfscout.experiment.patching import apply_patch_to_tree

SRC = "".join(f"double f{i}(double x) {{ return x * {i}.0; }}\n" for i in range(30))


def _diff(tmp: Path) -> str:
    a, b = tmp / "a" / "src", tmp / "b" / "src"
    a.mkdir(parents=True)
    b.mkdir(parents=True)
    (a / "k.c").write_text(SRC)
    (b / "k.c").write_text(SRC.replace("x * 3.0", "x * 3.5").replace("x * 28.0", "x + 28.0"))
    for d, blob in ((a, b"\x7fELF\x00\x01"), (b, b"\x7fELF\x00\x02")):
        (d / "k.o").write_bytes(blob)
    (b / "extra.o").write_bytes(b"\x7fELF\x00")
    r = subprocess.run(["diff", "-ru", "a", "b"], cwd=tmp, capture_output=True, text=True)
    assert r.returncode == 1
    return r.stdout


def test_binary_and_only_in_lines_end_a_hunk_as_patch_reads_them(tmp_path: Path) -> None:
    require_tool("patch")
    diff = _diff(tmp_path)
    assert "Binary files a/src/k.o and b/src/k.o differ" in diff and "Only in b/src" in diff
    assert diff.rstrip().splitlines()[-1].startswith(("Binary files", "Only in"))
    mine, theirs = tmp_path / "mine", tmp_path / "theirs"
    for d in (mine, theirs):
        shutil.copytree(tmp_path / "a", d)
    apply_patch_to_tree(mine, diff, "expert")
    subprocess.run(["patch", "-s", "-p1"], input=diff, text=True, cwd=theirs, check=True)
    assert (mine / "src" / "k.c").read_text() == (theirs / "src" / "k.c").read_text()
    assert "x * 3.5" in (mine / "src" / "k.c").read_text()
