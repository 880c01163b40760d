"""What counts as an English sentence in a translated report (:func:`english_sentences`).

Every sentence a stage generates carries a message id (``perfscout.model.message.Text``) and
is rendered from the catalog; finding and proposal names are catalog entries by stable id
(``finding.<id>``, ``proposal.<id>``). Text that is none of these is never printed as an
English sentence in a translation (``Messages.free`` puts a pointer to the English report in
its place, and the ZH completeness tests fail when one appears). Ids, metric names, units,
numbers and code spans are not sentences.
"""

from __future__ import annotations

import re

# words that are names, units or acronyms in any language
NAMES = frozenset({"MB", "GB", "KB", "TB", "MiB", "GiB", "KiB", "GFLOP", "FLOP", "FLOPs",
    "GFLOPs", "MFLOP", "byte", "bytes", "CI", "MB/s", "GB/s", "ms", "us", "ns", "TLB", "MPI",
    "GPU", "CPU", "NUMA", "SMT", "BLAS", "OpenMP", "OpenBLAS", "DGEMM", "STREAM", "HPL", "DRAM",
    "AVX", "AVX2", "AVX512", "gcc", "clang", "perf", "likwid", "valgrind", "callgrind",
    "cachegrind", "Roofline", "ReFrame", "Slurm", "THP", "IPC", "LLC", "L1", "L2", "L3", "x"})
_WORD = r"[A-Za-z][A-Za-z'-]+"
_RUN = re.compile(rf"(?<![\w./@=:|-]){_WORD}(?: +{_WORD})+(?![\w./@=(|-])")


_SIGNATURE = re.compile(r"(?<=[\w>])\([^()]*\)")
_CODE_SPAN = re.compile(r"`[^`\n]*`")  # a symbol such as `(anonymous namespace)::f(int)`


def english_sentences(text: str) -> list[str]:
    """Runs of two or more English words in ``text`` that are not all names or units (a
    function's argument list, ``f(double const*, int)``, and a code span in backquotes are
    names)."""
    out = []
    for m in _RUN.finditer(_SIGNATURE.sub("", _CODE_SPAN.sub("", text))):
        words = re.findall(_WORD, m.group(0))
        if sum(1 for w in words if w not in NAMES) >= 2:
            out.append(m.group(0))
    return out

# the platform card's rows whose values are product names, kept as they are
NAMED_ROWS = frozenset({"host", "os / kernel", "cpu", "arch", "isa", "compilers", "mpi",
                        "governor", "virtualization"})
