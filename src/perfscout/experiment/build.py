"""Build one variant in its own directory under the experiment's workspace, through the Runner.

The source (a bundled kernel or the user's file) is copied into ``WORKDIR/<variant>/``, the
variant's patch is applied to the copy, and the compiler (``gcc`` or ``mpicc``) is run by the
runner with the variant's flags, defines and libraries. A user's project directory is copied
and built with its own compile line, make or cmake (:mod:`perfscout.experiment.program`); a
program perfscout measures (``measure``) is run through the harness built next to it. A
``build.json`` stamp records the exact commands (and the project's content) so a resumed
experiment reuses the binary only when nothing changed.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass
from pathlib import Path

from perfscout.experiment import program
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
    mpi = bool(kinfo and kinfo.mpi) or (not kinfo and program.is_mpi(spec))
    cc = "mpicc" if mpi else "gcc"
    flags = list(variant.flags if variant.flags is not None
                 else (kinfo.flags if kinfo else ("-O2",)))
    flags += list(variant.extra_flags)
    flags += [f"-D{k}={v}" if v != "" else f"-D{k}" for k, v in sorted(variant.defines.items())]
    libs = list(kinfo.libs if kinfo else ()) + list(variant.libs)
    return [cc, *flags, "-I", str(src.parent), "-o", str(exe), str(src), *libs, "-lm"]


def _run_build(runner: Runner, cmd: tuple[str, ...] | list[str], cwd: Path, variant: str,
               timeout_s: float = 300) -> str:
    res = runner.run(RunRequest(tuple(cmd), cwd=str(cwd), timeout_s=timeout_s,
                                purpose=f"experiment:build:{variant}"))
    if not res.ok:
        text = (res.stderr + "\n" + res.stdout).strip()
        errs = [ln for ln in text.splitlines() if "error" in ln.lower()]
        why = "; ".join(x for x in (res.reason, errs[0] if errs else
                                    (text.splitlines() or [""])[-1]) if x) or "no output"
        raise RunFailed(f"build of variant {variant!r} failed: {why[:300]}",
                        hint="check the variant's flags/patch; the command was: "
                             + " ".join(cmd))
    # make echoes the compile lines on stdout: with the compiler's own messages they are the
    # build log (a compile line run directly is not echoed: the caller writes it)
    return res.stdout + res.stderr


def _serial(cmd: tuple[str, ...] | list[str]) -> tuple[str, ...] | None:
    """``cmd`` (``make -jN`` or ``cmake --build -j N``, N > 1) with one job, else None."""
    words = list(cmd)
    if words[:1] == ["make"]:
        jobs = [i for i, w in enumerate(words) if w.startswith("-j") and w != "-j1"]
        if jobs:
            words[jobs[0]] = "-j1"
            return tuple(words)
    if words[:2] == ["cmake", "--build"] and "-j" in words:
        i = words.index("-j")
        if i + 1 < len(words) and words[i + 1] != "1":
            words[i + 1] = "1"
            return tuple(words)
    return None


def _add_harness(runner: Runner, spec: ExperimentSpec, variant: Variant, vdir: Path,
                 exe: Path, run_dir: Path) -> tuple[Path, str, tuple[str, ...]]:
    """Write harness.conf and the harness source; (``vdir/prog``, conf, its compile line)."""
    conf = program.harness_conf(spec, variant, exe, run_dir, vdir.parent / "reference.txt")
    write_atomic(vdir / "harness.conf", conf)
    (vdir / "harness.c").write_text(program.harness_source())
    prog = vdir / "prog"
    cmd = ("gcc", "-O2", "-o", str(prog), str(vdir / "harness.c"), "-lm")
    return prog, conf, cmd


def build_program(runner: Runner, spec: ExperimentSpec, variant: Variant, workdir: Path
                  ) -> Build:
    """Copy the project, patch, build it with its own build, add the harness when perfscout
    measures the program. RunFailed with the build's message on failure."""
    assert spec.build is not None
    vdir = workdir / variant.name
    vdir.mkdir(parents=True, exist_ok=True)
    copy = vdir / "project"
    cmds = program.build_commands(spec, variant, copy)
    exe = copy / (spec.build.exe or "prog")
    run_dir = copy / spec.run_dir
    conf = ""
    if spec.measure is not None:
        conf = program.harness_conf(spec, variant, exe, run_dir, workdir / "reference.txt")
    stamp = vdir / "build.json"
    want = program.stamp_of(spec, cmds, conf, {
        "project": program.tree_digest(Path(spec.project)), "patch": variant.patch,
        "inputs": ",".join(spec.inputs)})
    final = vdir / "prog" if spec.measure is not None else exe
    if final.is_file() and exe.is_file() and stamp.is_file():
        try:
            if json.loads(stamp.read_text()) == want:
                return Build(variant.name, final, tuple(cmds[-1]), reused=True)
        except (OSError, ValueError):
            pass
    program.copy_project(spec, variant, vdir)
    # the stamp above holds the patch, so the commands folded from it are the same each time
    cmds = program.fold_patched_make_vars(spec, variant, cmds, copy)
    log = ""
    for cmd in cmds:
        timeout = 900.0 if cmd[0] in ("make", "cmake") else 300.0
        echo = "" if cmd[0] in ("make", "cmake") else " ".join(cmd) + "\n"
        try:
            log += echo + _run_build(runner, cmd, copy, variant.name, timeout)
        except RunFailed:
            serial = _serial(cmd)
            if serial is None:
                raise
            # a Makefile missing a dependency (a Fortran module used before it is compiled)
            # builds only in its own order, as the user's plain `make` does
            log += echo + _run_build(runner, serial, copy, variant.name, timeout)
            log += "# the parallel build failed and the serial one passed: built with -j1\n"
    if not exe.is_file():
        raise RunFailed(f"build of variant {variant.name!r} made no {spec.build.exe}",
                        hint="build.exe names the built program, relative to the project")
    if spec.measure is not None:
        final, _conf, hcmd = _add_harness(runner, spec, variant, vdir, exe, run_dir)
        _run_build(runner, hcmd, vdir, variant.name)
    write_atomic(stamp, json.dumps(want))
    return Build(variant.name, final, tuple(cmds[-1]), reused=False, log=log)


def build_variant(runner: Runner, spec: ExperimentSpec, variant: Variant, workdir: Path) -> Build:
    """Copy, patch and compile ``variant``; RunFailed with the compiler's message on failure."""
    if spec.project:
        return build_program(runner, spec, variant, workdir)
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
    measured = spec.measure is not None
    exe = vdir / ("program" if measured else "prog")
    cmd = compile_command(spec, variant, src, exe)
    stamp = vdir / "build.json"
    conf = program.harness_conf(spec, variant, exe, vdir, workdir / "reference.txt") \
        if measured else ""
    want = {"command": cmd, "source": text, "conf": conf}
    final = vdir / "prog"
    if exe.is_file() and final.is_file() and stamp.is_file():
        try:
            if json.loads(stamp.read_text()) == want:
                return Build(variant.name, final, tuple(cmd), reused=True)
        except (OSError, ValueError):
            pass
    log = " ".join(cmd) + "\n" + _run_build(runner, cmd, vdir, variant.name)
    if measured:
        final, _conf, hcmd = _add_harness(runner, spec, variant, vdir, exe, vdir)
        _run_build(runner, hcmd, vdir, variant.name)
    write_atomic(stamp, json.dumps(want))
    return Build(variant.name, final, tuple(cmd), reused=False, log=log)
