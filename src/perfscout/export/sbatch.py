"""A Slurm batch script that rebuilds and reruns one experiment variant the way it was measured.

The script repeats the variant's exact compile command and run argv (environment, launcher,
thread count, ranks) so a result seen interactively can be reproduced on a compute node; the
resources (``--cpus-per-task``, ``--ntasks``) come from the variant and are capped by the cores
the platform snapshot counted.
"""

from __future__ import annotations

import shlex
from pathlib import Path

from perfscout.experiment.build import compile_command
from perfscout.experiment.runner import run_argv
from perfscout.experiment.spec import ExperimentSpec, Variant
from perfscout.model.errors import NotFoundError


def sbatch_script(spec: ExperimentSpec, variant_name: str, workdir: Path, *, cores: int,
                  time_min: int = 30, partition: str = "") -> str:
    """The script text; NotFoundError when ``variant_name`` is not in ``spec``."""
    by = {v.name: v for v in spec.all_variants()}
    if variant_name not in by:
        raise NotFoundError(f"no variant {variant_name!r} in {spec.name}",
                            hint="variants: " + ", ".join(by))
    v: Variant = by[variant_name]
    vdir = workdir / v.name
    src = vdir / (Path(spec.source).name if spec.source else "prog.c")
    if spec.kernel:
        from perfscout.experiment.kernels import kernel

        src = vdir / kernel(spec.kernel).source
    exe = vdir / "prog"
    cc = compile_command(spec, v, src, exe)
    argv, env = run_argv(spec, v, exe)
    threads = max(1, min(cores, int(env.get("OMP_NUM_THREADS", "1"))))
    ranks = v.ranks or spec.baseline.ranks or 1
    lines = ["#!/bin/bash", f"#SBATCH --job-name=ps-{spec.name}-{v.name}"[:80],
             f"#SBATCH --ntasks={ranks}", f"#SBATCH --cpus-per-task={threads}",
             f"#SBATCH --time={time_min}", f"#SBATCH --chdir={shlex.quote(str(vdir))}",
             "#SBATCH --exclusive"]
    if partition:
        lines.append(f"#SBATCH --partition={partition}")
    lines += ["set -euo pipefail", f"# perfscout variant {v.name} of {spec.name}"]
    lines += [f"export {k}={shlex.quote(val)}" for k, val in sorted(env.items())]
    if threads > 1:
        lines += ["export OMP_PROC_BIND=${OMP_PROC_BIND:-close}",
                  "export OMP_PLACES=${OMP_PLACES:-cores}"]
    lines += [shlex.join(cc), "srun --cpu-bind=cores " + shlex.join(argv)
              if ranks == 1 and not v.launcher else shlex.join(argv)]
    return "\n".join(lines) + "\n"
