"""Compiler-flag legality: which flags a CPU or a compiler cannot take (one place for it).

Used by advise's guards (a proposal's flags) and by tune (which flag sets a search may try),
so the two never disagree on what is AVX-512, x86-only or Intel-only. Pure: callers pass what
the snapshot says (architecture, whether avx512f is present, the compiler vendors).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

INTEL_ONLY = re.compile(r"^(-ipo\d*|-xHost|-x[A-Z][A-Z0-9_-]+|-ax[A-Z0-9_,-]+|-qopt-[\w=-]+|"
                        r"-qopenmp|-fp-model[= ].*|-no-prec-div|-qoverride-limits|-fast)$")
AVX512 = re.compile(r"^(-mavx512\w*|-march=(skylake-avx512|cascadelake|cooperlake|icelake[\w-]*|"
                    r"tigerlake|sapphirerapids|emeraldrapids|graniterapids|knl|knm|znver[45]|"
                    r"x86-64-v4)|-mtune=skylake-avx512|-xCORE-AVX512|-xCOMMON-AVX512|"
                    r"-qopt-zmm-usage=high|-mprefer-vector-width=512)$")
X86_ONLY = re.compile(r"^(-m(sse|avx|fma|bmi|f16c|popcnt)[\w.]*|-march=(x86-64[\w-]*|haswell|"
                      r"broadwell|skylake|znver\d|native-x86))$")
X86_ARCHES = ("x86_64", "amd64", "i686", "i386")


def is_x86(arch: str) -> bool:
    """True for an x86 architecture name as ``uname -m`` or a snapshot spells it."""
    return arch.lower().startswith(X86_ARCHES) or arch.lower().startswith("x86")


def intel_only(flags: Iterable[str]) -> list[str]:
    """The flags only an Intel compiler accepts."""
    return [f for f in flags if INTEL_ONLY.match(f)]


def avx512(flags: Iterable[str]) -> list[str]:
    """The flags that make the compiler emit AVX-512 instructions."""
    return [f for f in flags if AVX512.match(f)]


def x86_isa(flags: Iterable[str]) -> list[str]:
    """The flags that name an x86 ISA (AVX-512 ones included)."""
    return [f for f in flags if AVX512.match(f) or X86_ONLY.match(f)]


def flag_problem(flags: Iterable[str], *, arch: str = "", has_avx512f: bool | None = None,
                 vendors: Iterable[str] | None = None) -> str:
    """Why this CPU/compiler cannot take ``flags``, or "" when nothing proves it cannot.

    ``has_avx512f`` None and ``vendors`` None mean "unknown": an unknown is never a refusal.
    """
    fl = list(flags)
    if vendors is not None and "intel" not in set(vendors) and intel_only(fl):
        return f"Intel-compiler-only flags {' '.join(intel_only(fl))} without an Intel compiler"
    if arch and not is_x86(arch) and x86_isa(fl):
        return f"x86 ISA flags {' '.join(x86_isa(fl))} on a {arch} CPU"
    if has_avx512f is False and avx512(fl):
        return f"AVX-512 flags {' '.join(avx512(fl))} on a CPU without avx512f"
    if arch and is_x86(arch) and any(f.startswith("-mcpu=") for f in fl):
        return "-mcpu= is for Arm/POWER, this CPU is x86"
    if arch and not is_x86(arch) and "-march=native" in fl:
        return f"-march=native is not the gcc spelling on {arch}; use -mcpu=native"
    return ""


#: libgcc/compiler-rt routines that emulate a floating-point type in software (``__float128``
#: / ``_Float128`` binary128 as ``tf``, PowerPC's ``kf``): each
#: operation is a call of tens of integer instructions, with no vector form. The operations,
#: conversions to and from it, and comparisons; libquadmath's ``*q`` maths routines too.
SOFT_FLOAT = re.compile(
    r"^_*(?:(?:add|sub|mul|div|neg|powi)[tk]f3|extend[sdx]f[tk]f2|trunc[tk]f[sdx]f2|"
    r"fix(?:uns)?[tk]f[sdt]i|float(?:un)?[sdt]i[tk]f|"
    r"(?:eq|ne|lt|le|gt|ge|unord|cmp)[tk]f2|"
    r"(?:sqrt|exp|log|pow|sin|cos|tan|fabs|fma|cbrt|hypot|atan2?|exp2|log2|log10)q)"
    r"(?:@plt|@@?\w[\w.]*)?$")


#: libgcc's decimal floating point (``_Decimal32/64/128``, ISO/IEC TR 24732): x86 builds use
#: the BID encoding (``__bid64_mul``, ``__bid_adddd3``, ``__bid64_quiet_greater``), POWER and
#: s390 builds without hardware DFP the DPD one (``__dpd_adddd3``); IBM's decNumber library
#: (``decNumberMultiply``, ``decimal64ToNumber``) is the same arithmetic in another library
SOFT_DECIMAL = re.compile(
    r"^(?:_+(?:bid|dpd)(?:32|64|128)?_[a-z0-9_]+|decNumber[A-Z]\w*|decContext[A-Z]\w*|"
    r"decimal(?:32|64|128)(?:To|From)[A-Z]\w*)(?:@plt|@@?\w[\w.]*)?$")


def soft_type(routine: str) -> str:
    """The numeric type a routine emulates in software: ``"__float128"`` (``__multf3``,
    ``__addtf3``, ``sqrtq``), ``"_Decimal"`` (``__bid64_mul``, ``__dpd_adddd3``,
    ``decNumberAdd``), else "". Where a profile or a disassembly shows them, the data type
    sets the speed (each operation is a call of tens of integer instructions), not vector
    width or -O level."""
    name = routine.strip()
    if SOFT_FLOAT.match(name):
        return "__float128"
    if SOFT_DECIMAL.match(name):
        return "_Decimal"
    return ""


def is_soft_float(routine: str) -> bool:
    """True for a routine that emulates a floating-point type in software, binary128
    (``__float128``) or decimal (``_Decimal64``): see :func:`soft_type`."""
    return soft_type(routine) != ""


#: libgcc routines that compute in software what one instruction does when the build targets
#: an ISA that has it (``__builtin_popcountll`` without -mpopcnt or -march: ``__popcountdi2``)
ISA_EMULATED = re.compile(r"^_*(?:popcount|clz|ctz|parity|ffs)[sdt]i2(?:@plt|@@?\w[\w.]*)?$")


def is_isa_emulated(routine: str) -> bool:
    """True for a libgcc bit-manipulation routine (``__popcountdi2``, ``__clzsi2``): the build
    lacks the ISA flag, and the CPU most likely has the instruction (popcnt since x86-64-v2)."""
    return ISA_EMULATED.match(routine.strip()) is not None
