"""Build and run a user's project: a copy of the directory, its own build, perfscout's harness.

The project directory is never written: each variant gets ``WORKDIR/<variant>/project/`` (a copy
without ``.git`` and old build products), the variant's patch is applied to the copy (a diff may
touch several files), and the build runs through the Runner: one compiler line over the sources
(``compile``), ``make -B`` with variables, or ``cmake`` configure + ``cmake --build``. The
variant's flags and ``-D`` defines reach make/cmake through the ``{cflags}`` word of the build
variables (``{ldlibs}`` for libraries), so nothing of the baseline is lost.

When the spec says where the metric comes from (``measure``), the runner does not run the
program itself but ``harness.c`` compiled next to it (``prog``), which runs it, measures wall and
task-clock time, reads the metric, size and checksum, and prints perfscout's result line; every
consumer of a run (experiments, the matrix, tuning, the profiled baseline) reads it unchanged.
"""

from __future__ import annotations

import functools
import hashlib
import os
import re
import shutil
from collections.abc import Mapping
from pathlib import Path

from perfscout.experiment.patching import apply_patch_to_tree
from perfscout.experiment.spec import ExperimentSpec, Measure, Variant
from perfscout.model.errors import InputError
from perfscout.model.languages import COMPILED_EXT, language_of

IGNORED = (".git", ".svn", ".hg", "CMakeFiles", "CMakeCache.txt", "*.o", "*.mod", "*.a",
           "_perfscout_build", "__pycache__")
CMAKE_BUILD = "_perfscout_build"
#: the compiled sources' languages, as the compiler table names them
LANG_OF = {ext: {"c": "c", "cpp": "c++", "fortran": "fortran"}[lang]
           for ext in sorted(COMPILED_EXT) if (lang := language_of(f"file{ext}")) is not None}
COMPILERS = {("c", False): "gcc", ("c++", False): "g++", ("fortran", False): "gfortran",
             ("c", True): "mpicc", ("c++", True): "mpicxx", ("fortran", True): "mpif90"}


def is_mpi(spec: ExperimentSpec) -> bool:
    """A user's program runs under MPI when its baseline or a variant asks for ranks."""
    return any(v.ranks for v in spec.all_variants())


def flag_words(spec: ExperimentSpec, variant: Variant) -> list[str]:
    """The variant's compiler flags, extra flags and ``-D`` defines, in that order."""
    flags = list(variant.flags if variant.flags is not None else ("-O2",))
    flags += list(variant.extra_flags)
    flags += [f"-D{k}={v}" if v != "" else f"-D{k}" for k, v in sorted(variant.defines.items())]
    return flags


def language(sources: tuple[str, ...] | list[str]) -> str:
    """c, c++ or fortran: the language of the sources (C++ or Fortran wins over C)."""
    langs = {LANG_OF.get(Path(s).suffix, "c") for s in sources}
    return "fortran" if "fortran" in langs else "c++" if "c++" in langs else "c"


def build_commands(spec: ExperimentSpec, variant: Variant, copy: Path
                   ) -> list[tuple[str, ...]]:
    """The commands that build ``variant`` in the project ``copy`` (run in order)."""
    b = spec.build
    assert b is not None
    cflags = flag_words(spec, variant)
    libs = list(variant.libs)
    words = {"{cflags}": " ".join(cflags), "{ldlibs}": " ".join(libs)}

    def subst(value: str) -> str:
        for k, v in words.items():
            value = value.replace(k, v)
        # a word the variant builds without goes from the spec's own values too (a Makefile's
        # LDFLAGS = -fsanitize=address that init copied into ``vars``)
        if variant.remove_flags:
            value = " ".join(w for w in value.split() if w not in variant.remove_flags)
        return value.strip()

    if b.kind == "compile":
        cc = b.compiler or COMPILERS[(language(b.sources), is_mpi(spec))]
        incs = [a for d in b.include for a in ("-I", str(copy / d))]
        return [(cc, *cflags, *incs, "-o", str(copy / (b.exe or "prog")),
                 *(str(copy / s) for s in b.sources), *libs)]
    if b.kind == "make":
        default = {"CFLAGS": "{cflags}", "CXXFLAGS": "{cflags}", "FFLAGS": "{cflags}",
                   **({"LDLIBS": "{ldlibs}"} if libs else {})}
        vars_ = b.vars or default
        return [("make", "-C", str(copy), "-B", f"-j{b.jobs}", *([b.target] if b.target else []),
                 *(f"{k}={subst(v)}" for k, v in vars_.items()))]
    langs = ("C", "CXX", "Fortran")
    default = {**{f"CMAKE_{lang}_FLAGS": "{cflags}" for lang in langs},
               **({f"CMAKE_{lang}_STANDARD_LIBRARIES": "{ldlibs}" for lang in langs}
                  if libs else {})}
    vars_ = b.vars or default
    src = copy / b.source_dir if b.source_dir else copy
    bdir = copy / CMAKE_BUILD
    # compile_commands.json: the compile lines as CMake writes them (experiment/build_files)
    return [("cmake", "-S", str(src), "-B", str(bdir), "-DCMAKE_BUILD_TYPE=",
             "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON",
             *(f"-D{k}={subst(v)}" for k, v in vars_.items())),
            ("cmake", "--build", str(bdir), "-j", str(b.jobs),
             *(("--target", b.target) if b.target else ()))]


def tree_digest(root: Path) -> str:
    """Content hash of a project directory (the ignored build products left out)."""
    h = hashlib.sha256()
    for p in sorted(_files(root)):
        h.update(str(p.relative_to(root)).encode() + b"\0" + p.read_bytes() + b"\0")
    return h.hexdigest()


def _files(root: Path) -> list[Path]:
    ignore = shutil.ignore_patterns(*IGNORED)
    out = []
    for dirpath, dirnames, filenames in os.walk(root):
        skip = ignore(dirpath, [*dirnames, *filenames])
        dirnames[:] = [d for d in dirnames if d not in skip]
        out += [Path(dirpath) / f for f in filenames if f not in skip]
    return out


def make_vars(text: str) -> dict[str, str]:
    """A Makefile's variables as first assigned (``=``, ``:=``, ``?=``, ``+=``), by name: what
    ``init`` reads the baseline's flags from and what a patched Makefile is compared on."""
    out: dict[str, str] = {}
    for m in re.finditer(r"^([A-Za-z_]+)[ \t]*[:?+]?=[ \t]*(.*?)[ \t]*$", text, re.M):
        out.setdefault(m.group(1), m.group(2))
    return out


MAKEFILES = ("GNUmakefile", "makefile", "Makefile")


def fold_patched_make_vars(spec: ExperimentSpec, variant: Variant, cmds: list[tuple[str, ...]],
                           copy: Path) -> list[tuple[str, ...]]:
    """``cmds`` with the words a variant's patch added to or removed from a Makefile variable
    that perfscout sets on make's command line carried into that setting. Why: a command-line
    ``CFLAGS=...`` overrides the Makefile's own assignment, so a diff that adds
    ``-fcx-limited-range`` to the Makefile's CFLAGS would otherwise build exactly the baseline.
    Words holding ``$`` (make references) are left to make. Unchanged when the variant has no
    patch, the build is not make, or the patch leaves the passed variables alone."""
    b = spec.build
    if not variant.patch or b is None or b.kind != "make":
        return cmds
    name = next((n for n in MAKEFILES if (Path(spec.project) / n).is_file()), None)
    if name is None or not (copy / name).is_file():
        return cmds
    before = make_vars((Path(spec.project) / name).read_text(errors="replace"))
    after = make_vars((copy / name).read_text(errors="replace"))
    out = []
    for cmd in cmds:
        if cmd[:1] != ("make",):
            out.append(cmd)
            continue
        args = list(cmd)
        for i, arg in enumerate(args):
            var, eq, value = arg.partition("=")
            if not eq or var not in after or before.get(var, "") == after[var]:
                continue
            old, new = before.get(var, "").split(), after[var].split()
            gone = {w for w in old if w not in new and "$" not in w}
            words = [w for w in value.split() if w not in gone]
            words += [w for w in new if w not in old and "$" not in w and w not in words]
            args[i] = f"{var}={' '.join(words)}"
        out.append(tuple(args))
    return out


def copy_project(spec: ExperimentSpec, variant: Variant, vdir: Path) -> Path:
    """A fresh copy of the project in ``vdir/project`` with the variant's patch applied and
    the spec's input files copied into the run directory."""
    src = Path(spec.project)
    if not src.is_dir():
        raise InputError(f"project {src} is not a directory")
    copy = vdir / "project"
    if copy.exists():
        shutil.rmtree(copy)
    shutil.copytree(src, copy, symlinks=True, ignore=shutil.ignore_patterns(*IGNORED))
    if variant.patch:
        apply_patch_to_tree(copy, variant.patch, f"variant {variant.name}")
    run_dir = copy / spec.run_dir
    run_dir.mkdir(parents=True, exist_ok=True)
    for f in spec.inputs:
        try:
            shutil.copyfile(f, run_dir / Path(f).name)
        except OSError as exc:
            raise InputError(f"input file {f}: {exc.strerror}") from None
    return copy


_ESCAPES = {"d": ("[0-9]", "0-9"), "s": ("[[:space:]]", "[:space:]"),
            "S": ("[^[:space:]]", None), "w": ("[[:alnum:]_]", "[:alnum:]_"),
            "D": ("[^0-9]", None), "W": ("[^[:alnum:]_]", None)}


def posix_regex(rx: str) -> str:
    """``rx`` (Python syntax, the common subset) as a POSIX extended regex for the harness:
    ``\\d \\s \\S \\w \\D \\W`` become bracket classes; ``(?...)`` groups and lazy
    quantifiers are refused with the reason."""
    if "(?" in rx or re.search(r"[*+?}]\?", rx):
        raise InputError(f"regex {rx!r}: non-capturing groups, look-arounds and lazy "
                         "quantifiers are not supported (POSIX extended regex)")
    out: list[str] = []
    i, in_bracket = 0, False
    while i < len(rx):
        ch = rx[i]
        if ch == "\\" and i + 1 < len(rx):
            nxt = rx[i + 1]
            if nxt in _ESCAPES:
                plain, inner = _ESCAPES[nxt]
                if in_bracket and inner is None:
                    raise InputError(f"regex {rx!r}: \\{nxt} inside [...] is not supported")
                out.append(inner if in_bracket and inner is not None else plain)
            elif in_bracket:
                out.append(nxt)
            else:
                out.append(ch + nxt)
            i += 2
            continue
        if ch == "[" and not in_bracket:
            in_bracket = True
        elif ch == "]" and in_bracket and out and out[-1] not in ("[", "[^"):
            in_bracket = False
        out.append(ch)
        i += 1
    return "".join(out)


def metric_regex(m: Measure) -> tuple[str, int]:
    """The harness regex and group for the metric (a ``key`` becomes ``KEY = number``)."""
    if m.regex:
        return posix_regex(m.regex), m.group
    key = re.sub(r"([.^$*+?()\[\]{}|\\])", r"\\\1", m.key)
    return (f"(^|[^[:alnum:]_]){key}[[:space:]]*[:=][[:space:]]*"
            "([-+]?[0-9]*\\.?[0-9]+([eE][-+]?[0-9]+)?)"), 2


def harness_conf(spec: ExperimentSpec, variant: Variant, exe: Path, run_dir: Path,
                 reference: Path) -> str:
    """The ``harness.conf`` of one variant: what to run, where, and what to read."""
    m, c = spec.measure, spec.check
    assert m is not None
    lines: list[tuple[str, str]] = [
        ("name", re.sub(r"\s+", "_", Path(spec.project or spec.source).name or spec.name)),
        ("metric", spec.metric or "wall_s"), ("metric_source", m.source),
        ("metric_scale", repr(m.scale)), ("size", str(spec.size or 0)),
        ("run_dir", str(run_dir)), ("reference", str(reference)),
        ("role", "baseline" if variant.name == spec.baseline.name else "variant")]
    if m.source in ("stdout", "stderr", "file"):
        rx, group = metric_regex(m)
        lines += [("metric_regex", rx), ("metric_group", str(group)), ("metric_file", m.file)]
    if m.size_regex:
        lines += [("size_regex", posix_regex(m.size_regex))]
    if c.kind == "none" or c.separate:  # a separate check build/run compares the output
        lines.append(("check_kind", "none"))
    elif c.kind == "stdout":
        lines += [("check_kind", "bytes"), ("check_source", "stdout"),
                  ("check_ignore", posix_regex(c.ignore) if c.ignore else "")]
    else:
        exact = c.kind == "checksum"
        lines += [("check_kind", "numbers"),
                  ("check_source", "file" if c.kind == "file" else c.source),
                  ("check_file", c.file), ("check_regex", posix_regex(c.regex) if c.regex else ""),
                  ("check_ignore", posix_regex(c.ignore) if c.ignore else ""),
                  ("rel_tol", "0" if exact else repr(c.rel_tol)),
                  ("abs_tol", "0" if exact else repr(c.abs_tol))]
    if is_mpi(spec):
        ranks = str(variant.ranks or spec.baseline.ranks or 2)
        lines += [("env", "OMPI_ALLOW_RUN_AS_ROOT=1"), ("env", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1")]
        lines += [("argv", a.replace("{ranks}", ranks))
                  for a in variant.mpi_launcher or ("mpirun", "-np", "{ranks}")]
    lines.append(("argv", str(exe)))
    return "".join(f"{k}\t{_escape(v)}\n" for k, v in lines)


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n")


@functools.cache
def harness_source() -> str:
    """The C source of the measurement harness (package data; read once per process)."""
    return (Path(__file__).parent / "harness.c").read_text()


def stamp_of(spec: ExperimentSpec, commands: list[tuple[str, ...]], conf: str,
             extra: Mapping[str, str]) -> dict[str, object]:
    """What a finished build depends on: commands, the project's content, the harness."""
    return {"commands": [list(c) for c in commands], "conf": conf, **extra,
            "harness": hashlib.sha256(harness_source().encode()).hexdigest()}
