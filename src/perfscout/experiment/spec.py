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
from perfscout.model.serialize import from_jsonable, to_jsonable

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
    ci_rel_width: float = 0.10  # add repetitions while the ratio CI is wider than this
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


def _variant(data: Any, where: str, default_name: str) -> Variant:
    if not isinstance(data, Mapping):
        raise InputError(f"{where}: a variant must be a mapping, got {type(data).__name__}")
    d = dict(data)
    d.setdefault("name", default_name)
    for k in ("flags", "extra_flags", "launcher", "mpi_launcher", "libs"):
        if isinstance(d.get(k), str):
            d[k] = d[k].split()
    unknown = set(d) - {f.name for f in dataclasses.fields(Variant)}
    if unknown:
        raise InputError(f"{where}: unknown variant keys {sorted(unknown)}")
    d["env"] = {str(k): str(v) for k, v in dict(d.get("env") or {}).items()}
    d["defines"] = {str(k): str(v) for k, v in dict(d.get("defines") or {}).items()}
    return from_jsonable(Variant, d)


def _number(value: Any, kind: str, where: str) -> float | int:
    """``value`` as a float or an integral int; YAML 1.1 reads ``1e-9`` and ``2e6`` as strings."""
    try:
        x = float(value)
    except (TypeError, ValueError):
        raise InputError(f"{where} must be a number, not {value!r}") from None
    if kind == "int":
        if x != int(x):
            raise InputError(f"{where} must be a whole number, not {value!r}")
        return int(x)
    return x


def _numbers(d: dict[str, Any], cls: type, where: str) -> dict[str, Any]:
    """Coerce the numeric fields of dataclass ``cls`` present in ``d`` (InputError names the
    key): a spec field annotated ``float``/``int`` (optionally ``| None``) takes 1e-9 or 2e6."""
    for f in dataclasses.fields(cls):
        kind = str(f.type).replace(" | None", "")
        if kind in ("float", "int") and f.name in d and d[f.name] is not None \
                and not isinstance(d[f.name], bool):
            d[f.name] = _number(d[f.name], kind, f"{where}: {f.name}")
    return d


def spec_from_dict(data: Any, where: str = "spec", need_variants: bool = True) -> ExperimentSpec:
    """Build a spec from parsed YAML/JSON; InputError with the key at fault otherwise."""
    if not isinstance(data, Mapping):
        raise InputError(f"{where}: the spec must be a mapping")
    d = dict(data)
    unknown = set(d) - {f.name for f in dataclasses.fields(ExperimentSpec)}
    if unknown:
        raise InputError(f"{where}: unknown keys {sorted(unknown)}",
                         hint="see docs/experiment.md for the spec format")
    d.setdefault("name", Path(where).stem)
    d["baseline"] = to_jsonable(
        _variant(d.get("baseline") or {}, f"{where}: baseline", "baseline"))
    d["variants"] = [
        to_jsonable(_variant(v, f"{where}: variants[{i}]", f"v{i + 1}"))
        for i, v in enumerate(d.get("variants") or [])
    ]
    if isinstance(d.get("check"), str):
        d["check"] = {"kind": d["check"]}
    if isinstance(d.get("check"), Mapping):
        d["check"] = _numbers(dict(d["check"]), Check, f"{where}: check")
    d = _numbers(d, ExperimentSpec, where)
    if "args" in d:
        d["args"] = [str(a) for a in d["args"]]
    try:
        spec = from_jsonable(ExperimentSpec, d)
    except (TypeError, ValueError) as exc:
        raise InputError(f"{where}: {exc}") from None
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
