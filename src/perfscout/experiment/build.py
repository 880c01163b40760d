"""Build one variant in its own directory under the experiment's workspace, through the Runner.

The source (a bundled kernel or the user's file) is copied into ``WORKDIR/<variant>/``, the
variant's patch is applied to the copy, and the compiler (``gcc`` or ``mpicc``) is run by the
runner with the variant's flags, defines and libraries. A ``build.json`` stamp records the exact
command so a resumed experiment reuses the binary only when nothing changed.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass
from pathlib import Path

from perfscout.experiment.kernels import SUPPORT_FILES, kernel, kernel_source, kernels_dir
from perfscout.experiment.patching import apply_unified_diff
from perfscout.experiment.spec import ExperimentSpec, Variant
from perfscout.files import write_atomic
from perfscout.model.errors import InputError, RunFailed
from perfscout.model.runs import Runner, RunRequest


@dataclass(frozen=True)
class Build:
    variant: str
    exe: Path
    command: tuple[str, ...]
    reused: bool
    log: str = ""


def compile_command(spec: ExperimentSpec, variant: Variant, src: Path, exe: Path) -> list[str]:
    """The compiler argv for ``variant`` (kept public so reports can show it)."""
    kinfo = kernel(spec.kernel) if spec.kernel else None
    mpi = bool(kinfo and kinfo.mpi)
    cc = "mpicc" if mpi else "gcc"
    flags = list(variant.flags if variant.flags is not None
                 else (kinfo.flags if kinfo else ("-O2",)))
    flags += list(variant.extra_flags)
    flags += [f"-D{k}={v}" if v != "" else f"-D{k}" for k, v in sorted(variant.defines.items())]
    libs = list(kinfo.libs if kinfo else ()) + list(variant.libs)
    return [cc, *flags, "-I", str(src.parent), "-o", str(exe), str(src), *libs, "-lm"]


def build_variant(runner: Runner, spec: ExperimentSpec, variant: Variant, workdir: Path) -> Build:
    """Copy, patch and compile ``variant``; RunFailed with the compiler's message on failure."""
    vdir = workdir / variant.name
    vdir.mkdir(parents=True, exist_ok=True)
    if spec.kernel:
        fname = kernel(spec.kernel).source
        text = kernel_source(fname)
        for sup in SUPPORT_FILES:
            shutil.copyfile(kernels_dir() / sup, vdir / sup)
    else:
        srcp = Path(spec.source)
        try:
            text = srcp.read_text()
        except OSError as exc:
            raise InputError(f"cannot read source {srcp}: {exc}") from None
        fname = srcp.name
        for sib in srcp.parent.glob("*.h"):
            shutil.copyfile(sib, vdir / sib.name)
    if variant.patch:
        text = apply_unified_diff(text, variant.patch, f"{fname} ({variant.name})")
    src = vdir / fname
    src.write_text(text)
    exe = vdir / "prog"
    cmd = compile_command(spec, variant, src, exe)
    stamp = vdir / "build.json"
    want = {"command": cmd, "source": text}
    if exe.is_file() and stamp.is_file():
        try:
            if json.loads(stamp.read_text()) == want:
                return Build(variant.name, exe, tuple(cmd), reused=True)
        except (OSError, ValueError):
            pass
    res = runner.run(RunRequest(tuple(cmd), cwd=str(vdir), timeout_s=300,
                                purpose=f"experiment:build:{variant.name}"))
    if not res.ok:
        why = res.reason or (res.stderr.strip().splitlines() or ["no output"])[-1]
        raise RunFailed(f"build of variant {variant.name!r} failed: {why[:300]}",
                        hint="check the variant's flags/patch; the command was: " + " ".join(cmd))
    write_atomic(stamp, json.dumps(want))
    return Build(variant.name, exe, tuple(cmd), reused=False, log=res.stderr)
