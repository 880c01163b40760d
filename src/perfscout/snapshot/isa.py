"""Normalised ISA feature names from /proc/cpuinfo-style flags, model names and RISC-V ISA strings.

Later stages ask ``cpu.has("avx512f")`` whatever the architecture spelled, so the names here are
the vocabulary: sse4_2 avx avx2 fma avx512f avx512bw avx512vl avx512_vnni avx512_bf16 avx512_fp16
amx neon sve sve2 altivec vsx rvv.
"""

from __future__ import annotations

import re

_X86_KEEP = (
    "sse4_2", "avx", "avx2", "fma", "avx512f", "avx512bw", "avx512vl", "avx512cd", "avx512dq",
    "avx512_vnni", "avx512_bf16", "avx512_fp16", "avx_vnni",
)
_RENAME = {"asimd": "neon", "sve": "sve", "sve2": "sve2", "altivec": "altivec", "vsx": "vsx"}
ORDER = (*_X86_KEEP, "amx", "neon", "sve", "sve2", "altivec", "vsx", "rvv")


def normalise_flags(flags: str, model_name: str = "", riscv_isa: str = "") -> tuple[str, ...]:
    """The features in ``ORDER`` found in a flags line, a model name ("altivec supported",
    "POWER9") or a RISC-V ISA string ("rv64imafdcv")."""
    raw = set(flags.lower().split())
    found: set[str] = {f for f in _X86_KEEP if f in raw}
    if raw & {"amx_tile", "amx_bf16", "amx_int8"}:
        found.add("amx")
    for src, dst in _RENAME.items():
        if src in raw:
            found.add(dst)
    low = model_name.lower()
    if "altivec" in low:
        found.add("altivec")
    m = re.search(r"power(\d+)", low)
    if m and int(m.group(1)) >= 7:
        found.update({"altivec", "vsx"})
    isa = riscv_isa.lower().strip()
    m = re.match(r"rv(?:32|64|128)([a-z]*)", isa)
    if m and ("v" in m.group(1) or "_zve" in isa or "_v" in isa):
        found.add("rvv")
    return tuple(f for f in ORDER if f in found)
