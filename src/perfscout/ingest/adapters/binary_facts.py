"""What ``file``, ``ldd`` and ``size`` say about the program's binary, alone or concatenated.

``file`` gives ``binary.static`` (1 statically linked, 0 dynamically), ``binary.stripped``
(1/0) and ``binary.pie``; ``ldd`` each linked library (``binary.linked`` = 1 at REGION scope
named by the library's soname, ``libgomp.so.1``) and, by what the libraries are, the runtime
and math facts a diagnosis can lean on: ``binary.links_openmp`` (libgomp, libomp, libiomp5),
``binary.links_mpi`` (libmpi*), ``binary.links_blas`` (OpenBLAS, BLIS, MKL, reference BLAS,
ATLAS), ``binary.links_libm``, ``binary.links_tbb``, ``binary.links_cuda`` (each 1 or 0 when
an ``ldd`` listing was read); "not a dynamic executable" reads as static. ``size`` (Berkeley
format) gives ``binary.text_bytes``, ``binary.data_bytes`` and ``binary.bss_bytes``.
These are facts of the build, not measurements of a run: family compiler.
"""

from __future__ import annotations

import re
from pathlib import Path

from perfscout.ingest.base import Adapter
from perfscout.ingest.registry import register_adapter
from perfscout.ingest.textutil import Unparsed, iter_lines
from perfscout.model.errors import ParseError
from perfscout.model.metrics import Metric, Profile, Scope, ScopeKind, SourceRef

_FILE = re.compile(r"^\S[^:]*:\s+ELF (?:32|64)-bit \w+ (?P<what>[^,]+),(?P<rest>.*)$")
_LDD = re.compile(r"^\s+(?:(?P<name>\S+)\s+=>\s+(?:\S+|not found)|(?P<bare>/?\S+\.so[.\d]*))"
                  r"(?:\s+\(0x[0-9a-f]+\))?\s*$")
_NOT_DYNAMIC = re.compile(r"^\s*(?:not a dynamic executable|statically linked)\s*$")
_SIZE_HEAD = re.compile(r"^\s*text\s+data\s+bss\s+dec\s+hex\s+filename\s*$")
_SIZE_ROW = re.compile(r"^\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+[0-9a-f]+\s+(\S.*)$")
#: what a linked library is: its soname's stem -> the fact it gives
_KINDS: dict[str, re.Pattern[str]] = {
    "binary.links_openmp": re.compile(r"^lib(?:gomp|omp|iomp5|iomp)\b"),
    "binary.links_mpi": re.compile(r"^lib(?:mpi|mpich|mpifort|mpi_\w+|open-rte|open-pal)\b"),
    "binary.links_blas": re.compile(r"^lib(?:openblas\w*|blis\w*|mkl_\w+|blas|cblas|satlas|"
                                    r"tatlas|atlas|flexiblas|armpl\w*)\b"),
    "binary.links_libm": re.compile(r"^libm\.so"),
    "binary.links_tbb": re.compile(r"^libtbb\b"),
    "binary.links_cuda": re.compile(r"^lib(?:cudart|cuda|cublas)\b"),
}


def _line_kind(line: str) -> str:
    if _FILE.match(line):
        return "file"
    if _LDD.match(line) or _NOT_DYNAMIC.match(line):
        return "ldd"
    if _SIZE_HEAD.match(line) or _SIZE_ROW.match(line):
        return "size"
    return ""


@register_adapter
class BinaryFactsAdapter(Adapter):
    """``file`` / ``ldd`` / ``size`` output (see module docstring)."""

    name = "binary-facts"
    description = "file / ldd / size output: static or dynamic, stripped, linked libraries, sizes"
    family = "compiler"

    def sniff(self, head: str, path: Path) -> float:
        if path.is_dir():
            return 0.0
        lines = [ln for ln in head.splitlines()[:300] if ln.strip()]
        kinds = [_line_kind(ln) for ln in lines]
        if not lines or (not any(k in ("file", "size") for k in kinds) and sum(
                k == "ldd" for k in kinds) < 2):
            return 0.0
        hits = sum(bool(k) for k in kinds)
        return 0.85 if hits == len(lines) else 0.4 if hits * 2 >= len(lines) else 0.0

    def parse(self, path: Path) -> Profile:
        metrics: list[Metric] = []
        unparsed = Unparsed()
        libs: list[tuple[str, int]] = []
        ldd_line = 0

        def add(name: str, value: float, unit: str, no: int, raw: str,
                scope: Scope | None = None) -> None:
            metrics.append(Metric(name, value, unit, scope or Scope(), SourceRef(str(path), no),
                                  raw))

        for no, line in iter_lines(path):
            if m := _FILE.match(line):
                rest = m["rest"]
                add("binary.static", 1.0 if "statically linked" in rest else 0.0, "", no,
                    "file linkage")
                add("binary.pie", 1.0 if "pie executable" in m["what"] else 0.0, "", no,
                    "file type")
                if re.search(r"\b(?:not )?stripped\b", rest):
                    add("binary.stripped", 0.0 if "not stripped" in rest else 1.0, "", no,
                        "file stripped")
            elif m := _LDD.match(line):
                name = m["name"] or m["bare"]
                libs.append((name.rsplit("/", 1)[-1], no))
                ldd_line = ldd_line or no
            elif _NOT_DYNAMIC.match(line):
                if any(x.name == "binary.static" for x in metrics):
                    continue  # file said it already
                add("binary.static", 1.0, "", no, "ldd: not a dynamic executable")
            elif m := _SIZE_ROW.match(line):
                for col, name in ((1, "binary.text_bytes"), (2, "binary.data_bytes"),
                                  (3, "binary.bss_bytes")):
                    add(name, float(m[col]), "B", no, f"size {name.split('.')[1][:-6]}",
                        Scope(ScopeKind.REGION, m[5].strip()))
            elif line.strip() and not _SIZE_HEAD.match(line):
                unparsed.add(no)
        for lib, no in libs:
            add("binary.linked", 1.0, "count", no, lib, Scope(ScopeKind.REGION, lib))
        if libs:
            for name, pattern in _KINDS.items():
                hit = next((no for lib, no in libs if pattern.match(lib)), None)
                add(name, 1.0 if hit is not None else 0.0, "", hit or ldd_line,
                    "ldd " + name.split("_", 1)[1])
        if not metrics:
            raise ParseError(str(path), None, "file/ldd/size output ('prog: ELF 64-bit LSB "
                             "executable, ...', '\\tlibm.so.6 => /lib/...', 'text data bss dec "
                             "hex filename')")
        return Profile(format=self.name, path=str(path), metrics=tuple(metrics),
                       unparsed_lines=unparsed.count, unparsed_examples=unparsed.examples)
