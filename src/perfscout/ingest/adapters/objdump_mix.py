"""Instruction mix of disassembled code (``objdump -d``): x87, scalar and packed floating point
calls to libm and integer divisions, per function and in total. Read in the shapes users paste:
the whole listing, one function cut out of it (no file header), and gdb's ``disassemble``.

The mix answers questions a profile cannot: a kernel in 80-bit ``long double`` runs on the x87
stack (no vector form exists, so vector flags cannot help), a loop compiled to scalar ``addsd``
was not vectorized, ``vfmadd...pd %zmm`` is 512-bit code. :func:`classify` is shared with the
perf annotate reader so both count one way. The binary is the compiler's output: family compiler.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from perfscout.ingest.base import Adapter
from perfscout.ingest.registry import register_adapter
from perfscout.ingest.textutil import Unparsed, iter_lines
from perfscout.model.errors import ParseError
from perfscout.model.isa import is_isa_emulated, is_soft_float
from perfscout.model.metrics import Metric, Profile, Scope, ScopeKind, SourceRef

_X87 = re.compile(r"^f(?:ld|ld1|ldz|ldt|ild|st|stp|stpt|ist|istp|isttp|add|addp|iadd|sub|subp|"
                  r"subr|subrp|isub|mul|mulp|imul|div|divp|divr|divrp|idiv|xch|chs|abs|sqrt|"
                  r"sin|cos|sincos|prem|prem1|rndint|scale|ucom|ucomi|ucomip|ucomp|ucompp|com|"
                  r"comi|comip|comp|cmov\w+|2xm1|yl2x|yl2xp1|ptan|patan)[lst]?$")
_ARITH = r"(?:add|sub|mul|div|sqrt|min|max|f(?:n)?m(?:add|sub)\d{3}|hadd|dp)"
_SCALAR = re.compile(rf"^v?{_ARITH}s[sdh]$")
_PACKED = re.compile(rf"^v?{_ARITH}p[sdh]$")
# integer division (div/idiv with an operand-size suffix): no SIMD form exists on x86
_INTDIV = re.compile(r"^i?div[bwlq]?$")
_LIBM = re.compile(r"<(?:__)?(exp|exp2|expm1|log|log2|log10|log1p|pow|sin|cos|tan|sincos|"
                   r"asin|acos|atan|atan2|sinh|cosh|tanh|cbrt|erf|erfc|hypot|fmod)"
                   r"[fl]?(?:_finite)?(?:@plt|@@GLIBC[\w.]*)?>")
# libgcc's C99 Annex G complex multiply/divide (float, double, long double, __float128): called
# when the inline product is NaN, to recover infinities; the call keeps the loop scalar
_COMPLEX_HELPER = re.compile(r"<__(?:mul|div)[sdxt]c3(?:@plt)?>")
_INSN = re.compile(r"^\s*[0-9a-f]+:\s+(?:(?:[0-9a-f]{2} )+\s*)?(?P<mn>[a-z][\w.]*)\s*(?P<ops>.*)$")
# gdb's ``disassemble``: "   0x0000000000001060 <+0>:\tlea ..." ("=> " marks the current pc)
_GDB_INSN = re.compile(r"^\s*(?:=>\s*)?0x[0-9a-f]+\s+<\+\d+>:\s+(?P<mn>[a-z][\w.]*)\s*(?P<ops>.*)$")
_FUNC = re.compile(r"^[0-9a-f]+ <(?P<fn>[^>]+)>:\s*$")
# objdump -dl: the source line of the instructions that follow, and the function it is in
_SRC_MARK = re.compile(r"^(?P<file>\S+\.(?:c|cc|cpp|cxx|h|hpp|f|f90|f95|F|F90)):(?P<line>\d+)"
                       r"(?: \(discriminator \d+\))?\s*$")
_FN_MARK = re.compile(r"^[\w.$]+\(\):\s*$")
_CALL_TARGET = re.compile(r"<(?P<callee>[^+>]+)>\s*$")
_GDB_FUNC = re.compile(r"^Dump of assembler code for function (?P<fn>\S+?):?\s*$")


_CALLEE = re.compile(r"<(?P<fn>[^>+]+)(?:\+0x[0-9a-f]+)?>")
# float <-> double conversions, scalar and packed (SSE and VEX forms)
_WIDEN = re.compile(r"^v?cvt(?:ss2sd|ps2pd)$")
_NARROW = re.compile(r"^v?cvt(?:sd2ss|pd2ps[xy]?)$")
_ADDR = re.compile(r"^\s*(?P<a>[0-9a-f]+):")
#: the command a user pasted above the listing (``$ objdump -S --disassemble=main prog``): a
#: listing cut to the hot loop keeps it though its ``<main>:`` label is gone
_OBJDUMP_CMD = re.compile(r"^\s*(?:\$\s*)?objdump\b.*\s(?:-[a-zA-Z]*[dDS][a-zA-Z]*|"
                          r"--disassemble(?:=\S+)?)\b")
_DISASSEMBLE_ONE = re.compile(r"--disassemble=(?P<fn>[\w.$:]+)")
_JUMP_TARGET = re.compile(r"^(?P<t>[0-9a-f]+)\s+<")


def classify(mnemonic: str, operands: str) -> str:
    """``x87``, ``scalar``, ``packed``, ``libm``, ``cplx`` (libgcc's C99 complex multiply or
    divide), ``softfloat`` (a call of a routine that
    emulates ``__float128`` in software), ``isa_emulated`` (a libgcc routine standing in for
    an instruction such as popcnt), ``int_div`` or '' for one instruction."""
    mn = mnemonic.lower()
    if mn.startswith("call") and _LIBM.search(operands):
        return "libm"
    if mn.startswith("call") and _COMPLEX_HELPER.search(operands):
        return "cplx"
    if mn.startswith("call") and (c := _CALLEE.search(operands)):
        if is_soft_float(c["fn"]):
            return "softfloat"
        if is_isa_emulated(c["fn"]):
            return "isa_emulated"
    if _X87.match(mn):
        return "x87"
    if _SCALAR.match(mn):
        return "scalar"
    if _PACKED.match(mn):
        return "packed"
    if _INTDIV.match(mn):
        return "int_div"
    if _WIDEN.match(mn):
        return "fp_widen"
    if _NARROW.match(mn):
        return "fp_narrow"
    return ""


def is_locked(mnemonic: str, operands: str) -> bool:
    """An atomic read-modify-write: a ``lock``-prefixed instruction (``lock addq``, ``lock
    cmpxchg``) or ``xchg`` with a memory operand (locked implicitly). Each one owns the cache
    line; many of them in a loop shared by threads is contended atomics."""
    mn = mnemonic.lower()
    return mn == "lock" or mn.startswith("lock ") or (mn.startswith("xchg") and "(" in operands)


_DIV_SQRT = re.compile(r"^v?(?:div|sqrt|rsqrt\d*|rcp\d*)[ps][sdh]$")


def is_div_sqrt(mnemonic: str) -> bool:
    """A floating-point divide or square root (``vdivpd``, ``sqrtsd``, ``vsqrtps``): tens of
    cycles of latency, throughput limited by one divider unit whatever the vector width."""
    return _DIV_SQRT.match(mnemonic.lower()) is not None


def packed_twin(mnemonic: str) -> str:
    """The packed form of a scalar arithmetic mnemonic (``vfmadd132sd`` -> ``vfmadd132pd``).
    A function holding both runs the packed one in its vectorized loop and the scalar one
    only in that loop's remainder (fewer iterations than the vector width), so the static
    count leaves the scalar twin out."""
    return mnemonic[:-2] + "p" + mnemonic[-1]


def vector_bits(operands: str) -> int:
    """The widest vector register an instruction names (128, 256, 512), 0 for none."""
    if "%zmm" in operands:
        return 512
    if "%ymm" in operands:
        return 256
    return 128 if "%xmm" in operands else 0


def mix_metrics(counts: Counter[str], bits: int, scope: Scope, src: SourceRef) -> list[Metric]:
    """The canonical instruction-mix metrics of one function (or of all of them)."""
    out = [Metric(f"insn.{k}", float(counts[k]), "count", scope, src, k)
           for k in ("x87", "scalar", "packed") if counts[k]]
    if counts["div_sqrt"]:
        out.append(Metric("insn.div_sqrt", float(counts["div_sqrt"]), "count", scope, src,
                          "div/sqrt"))
    if counts["int_div"]:
        out.append(Metric("insn.int_div", float(counts["int_div"]), "count", scope, src,
                          "div/idiv"))
    if counts["locked"]:
        out.append(Metric("insn.locked", float(counts["locked"]), "count", scope, src,
                          "lock-prefixed"))
    if counts["libm"]:
        out.append(Metric("insn.libm_calls", float(counts["libm"]), "count", scope, src, "libm"))
    if counts["cplx"]:
        out.append(Metric("insn.complex_calls", float(counts["cplx"]), "count", scope, src,
                          "__muldc3/__divdc3 calls"))
    if counts["isa_emulated"]:
        out.append(Metric("insn.isa_emulated_calls", float(counts["isa_emulated"]), "count",
                          scope, src, "libgcc bit-manipulation calls"))
    for k, name in (("fp_widen", "insn.fp_widen"), ("fp_narrow", "insn.fp_narrow")):
        if counts[k]:
            out.append(Metric(name, float(counts[k]), "count", scope, src,
                              "float<->double conversions"))
    if counts["softfloat"]:
        out.append(Metric("insn.softfloat_calls", float(counts["softfloat"]), "count", scope,
                          src, "soft-float calls"))
    fp = counts["x87"] + counts["scalar"] + counts["packed"]
    if fp:
        out.append(Metric("insn.fp_total", float(fp), "count", scope, src, "fp instructions"))
    if counts["packed"] and bits:
        out.append(Metric("insn.vector_bits", float(bits), "bits", scope, src, "register"))
    return out


def lock_loop_metrics(loops: dict[str, list[tuple[int, int]]], locks: dict[str, list[int]],
                      path: Path, first: dict[str, int]) -> list[Metric]:
    """``insn.lock_loop_share`` per function holding an atomic inside a loop: the share of the
    function's loops (backward jumps) whose body holds a lock-prefixed instruction. 1.0 means
    no loop of the function runs without taking the atomic (the repeated work itself updates
    shared data); below 1 a lock-free loop does the work and the atomic sits in a merge or a
    retry path, which a static listing cannot rank against it. 0.0 for a function whose loops
    hold no atomic, when the listing holds one somewhere (a whole-binary listing then says which
    parallel bodies run lock-free); nothing for a listing without atomics."""
    out: list[Metric] = []
    if not any(locks.values()):
        return out  # a listing without atomics says nothing about them
    for fn, spans in loops.items():  # a function with loops and no atomic writes 0.0
        addrs = locks.get(fn, [])
        inside = [lo_hi for lo_hi in spans if any(lo_hi[0] <= a <= lo_hi[1] for a in addrs)]
        if spans and (inside or not addrs):
            out.append(Metric("insn.lock_loop_share", len(inside) / len(spans), "ratio",
                              Scope(ScopeKind.FUNCTION, fn), SourceRef(str(path), first.get(fn)),
                              "loops holding a lock-prefixed instruction"))
    return out


@register_adapter
class ObjdumpMixAdapter(Adapter):
    """``objdump -d`` output (see module docstring)."""

    name = "objdump"
    description = "objdump -d disassembly: instruction mix (x87, scalar, packed, libm calls)"
    family = "compiler"

    def sniff(self, head: str, path: Path) -> float:
        if path.is_dir():
            return 0.0
        if re.search(r"file format (?:elf|pe|mach)", head) and "Disassembly of section" in head:
            return 0.9
        lines = head.splitlines()[:400]
        if any(_GDB_FUNC.match(ln) for ln in lines[:5]):
            return 0.9
        # one function cut out of the listing (no file header): its label, then instructions
        insns = sum(1 for ln in lines if _INSN.match(ln) and "\t" in ln)
        if any(_FUNC.match(ln) for ln in lines[:5]) and insns >= 5 and insns * 2 >= len(
                [ln for ln in lines if ln.strip()]):
            return 0.7
        # a part of a listing under the objdump command that printed it (source interleaved)
        if any(_OBJDUMP_CMD.match(ln) for ln in lines[:3]) and insns >= 5:
            return 0.8
        return 0.0

    def parse(self, path: Path) -> Profile:
        per: dict[str, Counter[str]] = {}
        bits: dict[str, int] = {}
        first: dict[str, int] = {}
        fn = ""
        unparsed = Unparsed()
        total: Counter[str] = Counter()
        remainders: dict[str, Counter[str]] = {}  # scalar mnemonics per function
        packed_seen: dict[str, set[str]] = {}
        insns = 0
        at = ""  # objdump -dl: the source line of the current instructions
        calls: Counter[tuple[str, str]] = Counter()  # (file:line, callee) -> call instructions
        # conversions and integer divides by address and backward jumps per function: they
        # count only inside a loop body (between a backward jump's target and the jump), where
        # they run once per iteration; one outside (narrowing a sum once at the end, dividing
        # the iterations among threads) does not
        cvts: dict[str, list[tuple[int, str]]] = {}
        loops: dict[str, list[tuple[int, int]]] = {}
        locks: dict[str, list[int]] = {}  # addresses of lock-prefixed instructions
        for no, line in iter_lines(path):
            mark = _SRC_MARK.match(line)
            if mark:
                at = f"{mark['file']}:{mark['line']}"
                continue
            if _FN_MARK.match(line):
                continue
            one = _DISASSEMBLE_ONE.search(line) if _OBJDUMP_CMD.match(line) else None
            if one is not None:  # the listing of one function, its label cut away
                fn = one["fn"]
                per.setdefault(fn, Counter())
                first.setdefault(fn, no)
                continue
            f = _FUNC.match(line) or _GDB_FUNC.match(line)
            if f:
                fn = f["fn"]
                per.setdefault(fn, Counter())
                first.setdefault(fn, no)
                continue
            m = _INSN.match(line) or _GDB_INSN.match(line)
            if not m:
                if line.strip() and not line.startswith(("Disassembly", "/", "End of "
                                                         "assembler dump")) and \
                        "file format" not in line:
                    unparsed.add(no)
                continue
            insns += 1
            target = _CALL_TARGET.search(m["ops"]) if m["mn"].startswith("call") else None
            if at and target:
                calls[(at, target["callee"])] += 1
            kind = classify(m["mn"], m["ops"])
            a = _ADDR.match(line)
            if a is not None:
                here = int(a["a"], 16)
                jt = _JUMP_TARGET.match(m["ops"].strip()) if m["mn"].startswith("j") else None
                if jt is not None and int(jt["t"], 16) < here:
                    loops.setdefault(fn, []).append((int(jt["t"], 16), here))
                if kind in ("fp_widen", "fp_narrow", "int_div"):
                    cvts.setdefault(fn, []).append((here, kind))
                    continue
            elif kind in ("fp_widen", "fp_narrow"):
                continue
            if is_locked(m["mn"], m["ops"]):
                if a is not None:
                    locks.setdefault(fn, []).append(int(a["a"], 16))
                per.setdefault(fn, Counter())["locked"] += 1
                total["locked"] += 1
            if kind in ("scalar", "packed") and is_div_sqrt(m["mn"]):
                per.setdefault(fn, Counter())["div_sqrt"] += 1
                total["div_sqrt"] += 1
            if kind:
                per.setdefault(fn, Counter())[kind] += 1
                total[kind] += 1
                if kind == "scalar":
                    remainders.setdefault(fn, Counter())[m["mn"].lower()] += 1
                elif kind == "packed":
                    packed_seen.setdefault(fn, set()).add(m["mn"].lower())
                if kind == "packed":
                    bits[fn] = max(bits.get(fn, 0), vector_bits(m["ops"]))
        if insns == 0:
            raise ParseError(str(path), None,
                             "objdump -d instruction lines ('  401136:\\tfldt ...')")
        for name, found in cvts.items():
            for addr, cvt in found:
                spans = loops.get(name, ())
                # a divide counts where it repeats: in a loop, or anywhere in a loop-free
                # function (called per iteration); not the one computing a thread's chunk
                if any(lo <= addr <= hi for lo, hi in spans) or (cvt == "int_div" and not spans):
                    per.setdefault(name, Counter())[cvt] += 1
                    total[cvt] += 1
        for name, c in per.items():  # a vectorized loop's scalar remainder is not scalar code
            rem = remainders.get(name, Counter())
            kept = sum(n for mn, n in rem.items() if packed_twin(mn) not in packed_seen.get(
                name, set()))
            dropped = sum(rem.values()) - kept
            if dropped:
                c["scalar"] -= dropped
                total["scalar"] -= dropped
        metrics: list[Metric] = []
        for name, c in per.items():
            metrics += mix_metrics(c, bits.get(name, 0), Scope(ScopeKind.FUNCTION, name),
                                   SourceRef(str(path), first.get(name)))
        metrics += mix_metrics(total, max(bits.values(), default=0), Scope(),
                               SourceRef(str(path), None))
        metrics += lock_loop_metrics(loops, locks, path, first)
        metrics += [Metric("callsite.call_insns", float(n), "count",
                           Scope(ScopeKind.CALLSITE, where, callee), SourceRef(str(path), None),
                           "call") for (where, callee), n in calls.items()]
        return Profile(format=self.name, path=str(path), metrics=tuple(metrics),
                       meta={"functions": ",".join(per)},
                       unparsed_lines=unparsed.count, unparsed_examples=unparsed.examples)
