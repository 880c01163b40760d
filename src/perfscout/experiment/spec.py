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
from perfscout.model.taxonomy import PROPOSAL_ENV, undeclared_env
from perfscout.model.user_data import from_user, listed, mapping

CHECK_KINDS = ("checksum", "tolerance", "none", "stdout", "file")
BUILD_KINDS = ("compile", "make", "cmake")
MEASURE_SOURCES = ("stdout", "stderr", "file", "wall", "task_clock")


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
    # flags and -D words of the baseline this variant builds without (``-DNAME`` removes the
    # define NAME whatever its value); everything else is inherited
    remove_flags: tuple[str, ...] = ()
    proposal_id: str = ""  # the advise proposal this variant tests, when it came from one
    note: str = ""


@dataclass(frozen=True)
class Check:
    """Correctness check against the baseline's output.

    ``checksum``: the checksum is equal; ``tolerance``: equal within ``rel_tol``/``abs_tol``;
    ``stdout``: byte-identical standard output (lines matching ``ignore``, such as timings, left
    out); ``file``: every number of the output ``file`` within the tolerance; ``none``. For a
    program measured by perfscout (``measure``), ``regex`` names the checksum number(s) in
    ``source`` (stdout or stderr; every match counts)."""

    kind: str = "checksum"
    rel_tol: float = 1e-9
    abs_tol: float = 0.0
    regex: str = ""
    source: str = "stdout"
    file: str = ""
    ignore: str = ""
    defines: Mapping[str, str] = field(default_factory=dict)
    args: tuple[str, ...] = ()

    @property
    def separate(self) -> bool:
        """The check needs its own build or run (``defines``/``args``), apart from timing."""
        return bool(self.defines or self.args) and self.kind != "none"


@dataclass(frozen=True)
class ProgramBuild:
    """How a project directory is built, in a copy inside the workspace.

    ``compile``: one compiler line over ``sources`` with ``include`` dirs (the variant's flags,
    defines and libs added; ``compiler`` by the sources' language, the MPI wrapper for MPI);
    ``make``: ``make -B [target] VAR=value...``; ``cmake``: configure in ``build/`` with
    ``-DVAR=value`` then ``cmake --build``. In ``vars`` the words ``{cflags}`` (the variant's
    flags and -D defines) and ``{ldlibs}`` (its libraries) are substituted. ``exe`` is the built
    program, relative to the project copy."""

    kind: str = "compile"
    sources: tuple[str, ...] = ()
    include: tuple[str, ...] = ()
    compiler: str = ""
    exe: str = ""
    target: str = ""
    vars: Mapping[str, str] = field(default_factory=dict)
    source_dir: str = ""  # cmake: the folder of CMakeLists.txt (default: the project root)
    jobs: int = 2


@dataclass(frozen=True)
class Measure:
    """Where the metric of a program comes from when it does not print perfscout's result
    line: a regex (group ``group``) or a ``key`` (``KEY = number``/``KEY: number``) over
    stdout, stderr or an output ``file``; or ``wall``/``task_clock`` time measured by perfscout
    around the run. ``size_regex`` reads the problem size the program reports (runs of
    different sizes are never compared); ``scale`` multiplies the value (ms -> s: 0.001)."""

    source: str = "stdout"
    regex: str = ""
    key: str = ""
    group: int = 1
    file: str = ""
    scale: float = 1.0
    size_regex: str = ""


@dataclass(frozen=True)
class ExperimentSpec:
    """Everything an experiment needs; its :meth:`digest` names it in the store for resume."""

    name: str
    baseline: Variant
    variants: tuple[Variant, ...]
    kernel: str = ""  # bundled kernel name
    source: str = ""  # path of a user C source (when no kernel)
    project: str = ""  # a user's project directory (read-only; built in a copy)
    build: ProgramBuild | None = None  # how the project is built
    measure: Measure | None = None  # where the metric comes from (else the PERFSCOUT line)
    run_dir: str = ""  # where the program runs, relative to the project copy (default: its root)
    inputs: tuple[str, ...] = ()  # extra input files copied next to the program's run dir
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


def _merged(*parts: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(x for p in parts for x in p))


def inherit(baseline: Variant, variant: Variant) -> Variant:
    """``variant`` as built and run: everything of ``baseline``, changed only where the variant
    says so. Flags: the variant's own list, else the baseline's; extra flags, libraries: the
    baseline's then the variant's; defines, environment: the baseline's updated by the
    variant's; the variant's ``remove_flags`` then taken out of flags, extra flags and
    defines (nothing else); launcher, threads, ranks, MPI launcher: the variant's, else the
    baseline's; a baseline patch is applied before the variant's. Idempotent (a variant that already
    inherited is unchanged), so a combination of inherited variants inherits once."""
    if variant.name == baseline.name:
        return variant
    patch = variant.patch
    if baseline.patch and not patch.startswith(baseline.patch):
        patch = baseline.patch + ("\n" if not baseline.patch.endswith("\n") else "") + patch
    drop = set(variant.remove_flags)
    gone = {w[2:].split("=", 1)[0] for w in drop if w.startswith("-D")}
    flags = variant.flags if variant.flags is not None else baseline.flags
    return dataclasses.replace(
        variant,
        flags=tuple(f for f in flags if f not in drop) if flags is not None else None,
        extra_flags=tuple(f for f in _merged(baseline.extra_flags, variant.extra_flags)
                          if f not in drop),
        defines={k: v for k, v in {**baseline.defines, **variant.defines}.items()
                 if k not in gone},
        env={**baseline.env, **variant.env},
        launcher=variant.launcher or baseline.launcher,
        threads=variant.threads if variant.threads is not None else baseline.threads,
        ranks=variant.ranks if variant.ranks is not None else baseline.ranks,
        mpi_launcher=variant.mpi_launcher or baseline.mpi_launcher,
        patch=patch if variant.patch or baseline.patch else "",
        libs=_merged(baseline.libs, variant.libs),
    )


def resolve(spec: ExperimentSpec, cfg_get: Any) -> ExperimentSpec:
    """Fill defaults from the kernel and the configuration (``experiment.*`` keys); every
    variant inherits the baseline (:func:`inherit`)."""
    kinfo = kernel(spec.kernel) if spec.kernel else None
    return dataclasses.replace(
        spec,
        variants=tuple(inherit(spec.baseline, v) for v in spec.variants),
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
    if sum(map(bool, (spec.kernel, spec.source, spec.project))) != 1:
        raise InputError(f"{where}: needs exactly one of `kernel` (one of {', '.join(KERNELS)}),"
                         " `source` (one C file) or `project` (a directory with `build`)")
    _validate_program(spec, where)
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


def _validate_program(spec: ExperimentSpec, where: str) -> None:
    """The program parts of a spec: project/build, measure, check sources."""
    import re

    b, m, c = spec.build, spec.measure, spec.check
    if spec.project and b is None:
        raise InputError(f"{where}: a `project` needs `build` (kind: compile, make or cmake)",
                         hint="perfscout init DIR writes a starter spec")
    if b is not None:
        if not spec.project:
            raise InputError(f"{where}: `build` belongs to a `project` directory")
        if b.kind not in BUILD_KINDS:
            raise InputError(f"{where}: build.kind must be one of {', '.join(BUILD_KINDS)}")
        if b.kind == "compile" and not b.sources:
            raise InputError(f"{where}: build.sources lists no source file")
        if b.kind != "compile" and not b.exe:
            raise InputError(f"{where}: build.exe must name the program {b.kind} builds")
        for path in (*b.sources, *b.include, b.exe, b.source_dir, spec.run_dir):
            if path.startswith("/") or ".." in Path(path).parts:
                raise InputError(f"{where}: {path!r} must be relative to the project, inside it")
    if m is not None:
        if m.source not in MEASURE_SOURCES:
            raise InputError(f"{where}: measure.source must be one of "
                             + ", ".join(MEASURE_SOURCES))
        if m.source in ("stdout", "stderr", "file") and not (m.regex or m.key):
            raise InputError(f"{where}: measure needs `regex` or `key` to read the metric from "
                             f"{m.source}", hint="or measure: {source: wall} to time the run")
        if m.source == "file" and not m.file:
            raise InputError(f"{where}: measure.source file needs measure.file")
    if c.kind in ("stdout", "file") or c.regex:
        if m is None:
            raise InputError(f"{where}: check {c.kind!r} needs `measure` (perfscout runs the "
                             "program and reads its output)")
        if c.kind == "file" and not c.file:
            raise InputError(f"{where}: check.kind file needs check.file")
        if c.source not in ("stdout", "stderr"):
            raise InputError(f"{where}: check.source must be stdout or stderr")
    for what, rx in (("measure.regex", m.regex if m else ""), ("check.ignore", c.ignore),
                     ("measure.size_regex", m.size_regex if m else ""), ("check.regex", c.regex)):
        try:
            n = re.compile(rx).groups if rx else 1
        except re.error as exc:
            raise InputError(f"{where}: {what} is not a regular expression: {exc}") from None
        group = m.group if m and what == "measure.regex" else 0 if what == "check.ignore" else 1
        if n < group:
            raise InputError(f"{where}: {what} {rx!r} has no group {group} to read the number")
    if m is not None:
        if c.kind in ("checksum", "tolerance") and not c.regex:
            raise InputError(f"{where}: check {c.kind!r} of a program perfscout measures needs "
                             "check.regex (the checksum it prints)",
                             hint="or check: {kind: stdout} (byte-identical output), "
                                  "{kind: file, file: OUT}, or {kind: none}")
        if spec.metric in ("kernel", "n", "checksum", "metric", "value"):
            raise InputError(f"{where}: metric may not be called {spec.metric!r}")
        if m.source in ("stdout", "stderr", "file") and not spec.direction:
            raise InputError(f"{where}: say whether a higher or a lower {spec.metric or 'value'}"
                             " is better (direction: higher|lower)")
    if m is None and spec.project:
        raise InputError(f"{where}: say where the metric comes from: measure: {{regex: ...}} "
                         "or {key: ...} over stdout, or {source: wall} to time the run",
                         hint="perfscout init DIR guesses it from a run of the program")


def _variant(data: Any, where: str, default_name: str) -> Variant:
    d = dict(mapping(data, where))
    d.setdefault("name", default_name)
    for k in ("flags", "extra_flags", "launcher", "mpi_launcher", "libs", "remove_flags"):
        if isinstance(d.get(k), str):
            d[k] = d[k].split()
    unknown = set(d) - {f.name for f in dataclasses.fields(Variant)}
    if unknown:
        raise InputError(f"{where}: unknown variant keys {sorted(unknown)}")
    return from_user(Variant, d, where)


def env_allowed(variant: Variant, where: str) -> None:
    """A variant of a user's spec sets only the environment variables an ``env`` proposal may
    set (``PROPOSAL_ENV``, the advise guard's allowlist: OpenMP/MPI placement and tuning):
    a variable such as ``LD_PRELOAD`` that changes what runs is refused, as it is for a
    proposal. The baseline's environment is the program's own (every variant inherits it)."""
    bad = undeclared_env("env", variant.env)
    if bad:
        raise InputError(f"{where}: env {', '.join(bad)} may not be set by a variant",
                         hint="a variant may set: " + ", ".join(PROPOSAL_ENV["env"])
                         + "; the program's own environment belongs to the baseline")


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
    for v in variants:
        env_allowed(v, f"{where}: variant {v.name}")
    if isinstance(d.get("check"), str):
        d["check"] = {"kind": d["check"]}
    for key, cls in (("check", Check), ("build", ProgramBuild), ("measure", Measure)):
        sub = mapping(d.get(key), f"{where}: {key}")
        extra = set(sub) - {f.name for f in dataclasses.fields(cls)}
        if extra:
            raise InputError(f"{where}: unknown {key} keys {sorted(extra)}",
                             hint=f"{key} keys: " + ", ".join(f.name for f in
                                                             dataclasses.fields(cls)))
    if isinstance(d.get("build"), Mapping):
        bd = dict(d["build"])
        for k in ("sources", "include"):
            if isinstance(bd.get(k), str):
                bd[k] = bd[k].split()
        d["build"] = bd
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
    if spec.project:
        proj = Path(spec.project)
        proj = (proj if proj.is_absolute() else p.parent / proj).resolve()
        if not proj.is_dir():
            raise InputError(f"{p}: project {spec.project!r} is not a directory")
        inputs = tuple(str(q if Path(q).is_absolute() else (p.parent / q).resolve())
                       for q in spec.inputs)
        spec = dataclasses.replace(spec, project=str(proj), inputs=inputs)
    return spec
