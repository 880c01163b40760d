"""A Slurm batch script that rebuilds and reruns one experiment variant the way it was measured.

The script repeats the variant's exact compile command and run argv (environment, launcher,
thread count, ranks) so a result seen interactively can be reproduced on a compute node; the
resources (``--cpus-per-task``, ``--ntasks``) come from the variant and are capped by the cores
the platform snapshot counted.
"""

from __future__ import annotations

from pathlib import Path

from perfscout.experiment.build import compile_command
from perfscout.experiment.runner import run_argv
from perfscout.experiment.spec import ExperimentSpec, Variant
from perfscout.model.errors import NotFoundError
from perfscout.templates import render


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
    direct = ranks == 1 and not v.launcher
    return render("perfscout.export", "sbatch.sh.j2", job_name=f"ps-{spec.name}-{v.name}"[:80],
                  ranks=ranks, threads=threads, time_min=time_min, chdir=str(vdir),
                  partition=partition, variant=v.name, experiment=spec.name,
                  env=sorted(env.items()), build=cc, run=argv,
                  launch="srun --cpu-bind=cores " if direct else "")
