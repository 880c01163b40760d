"""Experiment specifications: a baseline and variants of one program, and how to judge them.

A spec is written in YAML (``perfscout experiment run SPEC``) or built in Python (the demo, the
matrix mode, the benches). Each variant combines compiler flags, defines, environment, a
launcher prefix (``numactl``/``taskset``/``mpirun`` options), thread/rank counts and a source
patch (a unified diff applied to a copy of the source). YAML example::

    name: triad-threads
    kernel: triad            # a bundled kernel, or `source: path/to/prog.c` + `args: [...]`
    size: 20000000
    metric: bandwidth_MBps   # default: the kernel's metric
    direction: higher
    repetitions: 7
    warmup: 1
    check: {kind: checksum}  # or {kind: tolerance, rel_tol: 1e-6}, or {kind: none}
    baseline: {threads: 1}
    variants:
      - {name: two-threads, threads: 2}
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from perfscout.experiment.kernels import KERNELS, kernel
from perfscout.files import read_structured
from perfscout.model.errors import InputError
from perfscout.model.serialize import to_jsonable
from perfscout.model.user_data import from_user, listed, mapping

CHECK_KINDS = ("checksum", "tolerance", "none")


@dataclass(frozen=True)
class Variant:
    """One way to build and run the program; the baseline is a Variant named ``baseline``."""

    name: str
    flags: tuple[str, ...] | None = None  # None: the kernel's default flags
    extra_flags: tuple[str, ...] = ()  # appended to the (default) flags
    defines: Mapping[str, str] = field(default_factory=dict)
    env: Mapping[str, str] = field(default_factory=dict)
    launcher: tuple[str, ...] = ()  # argv prefix, e.g. ("numactl", "--interleave=all")
    threads: int | None = None  # OMP_NUM_THREADS
    ranks: int | None = None  # mpirun -np for MPI kernels
    # MPI kernels: the launch prefix in place of ``mpirun -np {ranks}`` ("{ranks}" is
    # substituted), e.g. ("mpirun", "-np", "{ranks}", "--bind-to", "core") or, inside a Slurm
    # allocation, ("srun", "--mpi=pmix", "-n", "{ranks}")
    mpi_launcher: tuple[str, ...] = ()
    patch: str = ""  # unified diff against the source
    libs: tuple[str, ...] = ()  # link flags, e.g. ("-lopenblas",)
    proposal_id: str = ""  # the advise proposal this variant tests, when it came from one
    note: str = ""


@dataclass(frozen=True)
class Check:
    """Correctness check against the baseline's output."""

    kind: str = "checksum"  # checksum equal, tolerance (relative), none
    rel_tol: float = 1e-9


@dataclass(frozen=True)
class ExperimentSpec:
    """Everything an experiment needs; its :meth:`digest` names it in the store for resume."""

    name: str
    baseline: Variant
    variants: tuple[Variant, ...]
    kernel: str = ""  # bundled kernel name
    source: str = ""  # path of a user C source (when no kernel)
    args: tuple[str, ...] = ()  # argv after the program; "{size}" is substituted
    size: int | None = None
    metric: str = ""
    direction: str = ""  # "higher" or "lower"
    repetitions: int | None = None  # None: config experiment.repetitions
    max_repetitions: int | None = None
    warmup: int | None = None
    timeout_s: float = 120.0
    check: Check = field(default_factory=Check)
    screening_size: int | None = None
    confirmation_size: int | None = None
    cv_max: float | None = None
    alpha: float | None = None
    margin: float | None = None  # a speedup within 1 +- margin is no difference (None: config)
    ci_rel_width: float = 0.10  # unused: repetitions are added while a verdict is inconclusive
    peak_bandwidth_MBps: float | None = None  # for the too-good-to-be-true guard
    seed: int = 0

    def all_variants(self) -> tuple[Variant, ...]:
        return (self.baseline, *self.variants)

    def digest(self) -> str:
        """Stable hash of the spec's content (the experiment id's suffix)."""
        blob = json.dumps(to_jsonable(self), sort_keys=True, default=str)
        return hashlib.sha256(blob.encode()).hexdigest()[:12]

    def with_size(self, size: int, suffix: str) -> ExperimentSpec:
        return dataclasses.replace(self, size=size, name=f"{self.name}-{suffix}")


def resolve(spec: ExperimentSpec, cfg_get: Any) -> ExperimentSpec:
    """Fill defaults from the kernel and the configuration (``experiment.*`` keys)."""
    kinfo = kernel(spec.kernel) if spec.kernel else None
    return dataclasses.replace(
        spec,
        args=spec.args or (kinfo.args if kinfo else ()),
        size=spec.size if spec.size is not None else (kinfo.default_size if kinfo else None),
        metric=spec.metric or (kinfo.metric if kinfo else "time_s"),
        direction=spec.direction or (kinfo.direction if kinfo else "lower"),
        repetitions=spec.repetitions or int(cfg_get("experiment.repetitions")),
        max_repetitions=spec.max_repetitions or int(cfg_get("experiment.max_repetitions")),
        warmup=spec.warmup if spec.warmup is not None else int(cfg_get("experiment.warmup")),
        cv_max=spec.cv_max if spec.cv_max is not None else float(cfg_get("experiment.cv_max")),
        alpha=spec.alpha if spec.alpha is not None else float(cfg_get("experiment.alpha")),
        margin=spec.margin if spec.margin is not None else float(cfg_get("experiment.margin")),
        screening_size=spec.screening_size or (kinfo.screening_size if kinfo else None),
        confirmation_size=spec.confirmation_size or spec.size
        or (kinfo.default_size if kinfo else None),
    )


def validate(spec: ExperimentSpec, where: str = "spec", need_variants: bool = True) -> None:
    """Raise InputError naming the first problem (unknown kernel, bad direction, duplicates).

    ``need_variants=False`` for a spec that only describes the program (a session's: its
    variants come from the approved proposals)."""
    if not spec.kernel and not spec.source:
        raise InputError(f"{where}: needs `kernel` (one of {', '.join(KERNELS)}) or `source`")
    if spec.kernel and spec.kernel not in KERNELS:
        raise InputError(f"{where}: unknown kernel {spec.kernel!r}",
                         hint="bundled kernels: " + ", ".join(KERNELS))
    if spec.direction and spec.direction not in ("higher", "lower"):
        raise InputError(f"{where}: direction must be 'higher' or 'lower', not {spec.direction!r}")
    if spec.check.kind not in CHECK_KINDS:
        raise InputError(f"{where}: check.kind must be one of {', '.join(CHECK_KINDS)}")
    names = [v.name for v in spec.all_variants()]
    dup = {n for n in names if names.count(n) > 1}
    if dup:
        raise InputError(f"{where}: duplicate variant names {sorted(dup)}")
    if need_variants and not spec.variants:
        raise InputError(f"{where}: no variants to compare with the baseline")
    for n in names:
        if not n or "/" in n or n.startswith("."):
            raise InputError(f"{where}: variant name {n!r} must be a plain word")
    limits = (("size", spec.size, 1), ("repetitions", spec.repetitions, 1),
              ("max_repetitions", spec.max_repetitions, 1), ("warmup", spec.warmup, 0),
              ("timeout_s", spec.timeout_s, 1e-3), ("cv_max", spec.cv_max, 1e-6),
              ("check.rel_tol", spec.check.rel_tol, 0),
              *((f"{v.name}: {k}", getattr(v, k), 1) for v in spec.all_variants()
                for k in ("threads", "ranks")))
    for key, value, low in limits:
        if value is not None and value < low:
            raise InputError(f"{where}: {key} must be at least {low}, not {value}")
    if spec.margin is not None and not 0 <= spec.margin < 1:
        raise InputError(f"{where}: margin must be at least 0 and below 1, not {spec.margin}")
    if spec.alpha is not None and not 0 < spec.alpha < 1:
        raise InputError(f"{where}: alpha must be between 0 and 1, not {spec.alpha}")


def _variant(data: Any, where: str, default_name: str) -> Variant:
    d = dict(mapping(data, where))
    d.setdefault("name", default_name)
    for k in ("flags", "extra_flags", "launcher", "mpi_launcher", "libs"):
        if isinstance(d.get(k), str):
            d[k] = d[k].split()
    unknown = set(d) - {f.name for f in dataclasses.fields(Variant)}
    if unknown:
        raise InputError(f"{where}: unknown variant keys {sorted(unknown)}")
    return from_user(Variant, d, where)


def spec_from_dict(data: Any, where: str = "spec", need_variants: bool = True) -> ExperimentSpec:
    """Build a spec from parsed YAML/JSON; InputError with the key at fault otherwise
    (every value is checked against its field's type: :mod:`perfscout.model.user_data`)."""
    d = dict(mapping(data, f"{where}: the spec"))
    unknown = set(d) - {f.name for f in dataclasses.fields(ExperimentSpec)}
    if unknown:
        raise InputError(f"{where}: unknown keys {sorted(unknown)}",
                         hint="see docs/experiment.md for the spec format")
    d.setdefault("name", Path(where).stem)
    baseline = _variant(d.pop("baseline", None) or {}, f"{where}: baseline", "baseline")
    variants = tuple(_variant(v, f"{where}: variants[{i}]", f"v{i + 1}")
                     for i, v in enumerate(listed(d.pop("variants", None), f"{where}: variants")))
    if isinstance(d.get("check"), str):
        d["check"] = {"kind": d["check"]}
    spec = from_user(ExperimentSpec, d, where, baseline=baseline, variants=variants)
    validate(spec, where, need_variants)
    return spec


def load_spec(path: str | Path, need_variants: bool = True) -> ExperimentSpec:
    """Read a YAML spec file (a relative ``source`` is relative to the spec's folder)."""
    p = Path(path)
    data = read_structured(p, "spec", "yaml", hint="the spec must be a YAML mapping")
    spec = spec_from_dict(data, str(p), need_variants)
    if spec.source and not Path(spec.source).is_absolute():
        spec = dataclasses.replace(spec, source=str((p.parent / spec.source).resolve()))
    return spec
