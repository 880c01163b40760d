"""A ReFrame regression test from a verified card: the card's measured result is the reference.

The test rebuilds the card's variant with the experiment's exact compile command, runs it with
the same environment and arguments, checks that the program printed its ``PERFSCOUT`` result
line, and extracts ``value=`` as the performance variable whose reference is the variant's
verified median (lower bound 10% below it for "higher is better" metrics, upper bound 10% above
for "lower is better" ones), so a later regression of the optimisation fails the test.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from perfscout.experiment.build import compile_command
from perfscout.experiment.runner import run_argv
from perfscout.experiment.spec import ExperimentSpec
from perfscout.kb.cards import Card
from perfscout.model.errors import InputError
from perfscout.templates import render


def _ident(s: str) -> str:
    out = re.sub(r"\W", "_", s)
    return out if out[:1].isalpha() else f"ps_{out}"


def reframe_test(card: Card, spec: ExperimentSpec, variant_name: str, median: float,
                 workdir: Path, *, tolerance: float = 0.10) -> str:
    """Python source of one ``@rfm.simple_test`` class (InputError when no median is known)."""
    if not median or median <= 0:
        raise InputError(f"card {card.id} has no verified value to use as a reference",
                         hint="verify the proposal first (perfscout demo or patch apply)")
    v = {x.name: x for x in spec.all_variants()}[variant_name]
    vdir = workdir / v.name
    if spec.kernel:
        from perfscout.experiment.kernels import kernel

        src = vdir / kernel(spec.kernel).source
    else:
        src = vdir / Path(spec.source).name
    exe = vdir / "prog"
    cc = compile_command(spec, v, src, exe)
    argv, env = run_argv(spec, v, exe)
    lo, hi = (-tolerance, None) if spec.direction != "lower" else (None, tolerance)
    return render("perfscout.export", "reframe_test.py.j2",
                  head=f"perfscout card {card.id}: {card.proposal_id} ({card.verdict}, "
                       f"x{card.actual.value})",
                  cls=_ident(f"Perfscout_{card.proposal_id}_{card.id[:8]}"),
                  descr=f"perfscout {card.proposal_id} on {card.scope}", build=shlex.join(cc),
                  executable=argv[0], options=list(argv[1:]), env=dict(sorted(env.items())),
                  median=median, lower=lo, upper=hi, metric=spec.metric,
                  pattern=metric_pattern(spec.metric))


def metric_pattern(metric: str) -> str:
    """The regex whose group 1 is ``metric`` in a ``PERFSCOUT`` result line, read the way the
    experiment runner reads it: a ``metric=value`` field of its own (``time_s=0.12``), else the
    line's ``value=`` when the line says ``metric=<metric>``."""
    m = re.escape(metric)
    return rf"(?m)^PERFSCOUT .*?(?:\s{m}=|\smetric={m}\s.*?\bvalue=)(\S+)"
