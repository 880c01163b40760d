"""A correctness check for a program that prints only its time: find how it shows its results.

Many programs (a public polyhedral suite built without its dump macro, most timing drivers)
print a timer and nothing of what they computed, so no variant's output could be compared.
``perfscout init`` then looks in the sources for a way to make the program show its results,
in this order, and tries each on a real build and run:

1. an output file the program writes (``fopen("name", "w")``, Fortran ``open(file='name')``)
   that holds numbers after the shipped run: compared number by number (``check.kind: file``);
2. a dump switch: a macro tested by ``#ifdef``/``#if defined`` that the project never
   defines and whose name says output (DUMP, PRINT, OUTPUT, VERIFY, CHECK, RESULT...): the
   program is built with ``-DNAME`` and prints more numbers, the same ones when run again
   (``check.defines``);
3. an argv switch compared with ``strcmp(argv[..], "...")`` whose word says output: the
   program is run with it (``check.args``).

Routes 2 and 3 give every variant a separate check build/run; the timed runs stay as
shipped. When no route gives numbers, the check stays ``none`` and init says so: a variant
is then never a win (its verdict is ``unchecked``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping
from pathlib import Path

from perfscout.experiment.program import LANG_OF

NUM = r"([-+]?[0-9]*\.?[0-9]+([eE][-+]?[0-9]+)?)"
OUTPUT_WORDS = re.compile(r"dump|print|output|verif|check|result|write|save|debug|validat",
                          re.I)
HEADERS = (".h", ".hh", ".hpp", ".hxx", ".inc")
#: at least this many more numbers with the switch than without it: a dump, not a label
MIN_NEW_NUMBERS = 2


def _texts(root: Path) -> list[str]:
    return [p.read_text(errors="replace") for p in sorted(root.rglob("*"))
            if p.is_file() and (p.suffix in LANG_OF or p.suffix in HEADERS)]


def dump_macros(root: Path, defined: Collection[str] = ()) -> list[str]:
    """Macros the sources test (``#ifdef``, ``#if defined``) but never ``#define`` nor get
    from the build (``defined``), whose name says output; DUMP/PRINT first."""
    texts = _texts(root)
    tested: dict[str, None] = {}
    for t in texts:
        for m in re.finditer(r"^\s*#\s*(?:ifdef|ifndef|elif|if)\b(.*)$", t, re.M):
            cond = m.group(1)
            names = re.findall(r"defined\s*\(?\s*([A-Za-z_]\w*)", cond) if "defined" in cond \
                else re.findall(r"^\s*([A-Za-z_]\w*)\s*$", cond)
            for n in names:
                tested.setdefault(n)
    made = {m.group(1) for t in texts for m in re.finditer(r"^\s*#\s*define\s+([A-Za-z_]\w*)",
                                                          t, re.M)}
    cands = [n for n in tested if n not in made and n not in defined and OUTPUT_WORDS.search(n)]
    return sorted(cands, key=lambda n: (not re.search("dump|print", n, re.I), n))


def argv_switches(root: Path) -> list[str]:
    """Literal options the program compares an argument with whose word says output."""
    out: dict[str, None] = {}
    for t in _texts(root):
        for m in re.finditer(r"str(?:n?cmp)\s*\(\s*argv\s*\[[^\]]+\]\s*,\s*\"([^\"]{1,24})\"", t):
            if OUTPUT_WORDS.search(m.group(1)) or m.group(1) in ("-v", "-p", "-d"):
                out.setdefault(m.group(1))
    return list(out)


def _named_literals(texts: list[str]) -> dict[str, str]:
    """Names that stand for one file-name literal: ``#define LOG "run.log"``, C ``const char
    LOG[] = "run.log"``, Fortran ``character(len=*), parameter :: log = 'run.log'``."""
    out: dict[str, str] = {}
    for t in texts:
        for m in re.finditer(r"^\s*#\s*define\s+([A-Za-z_]\w*)\s+\"([^\"/]+)\"\s*$", t, re.M):
            out.setdefault(m.group(1), m.group(2))
        for m in re.finditer(r"\bconst\s+char\s*(?:\*\s*(?:const\s+)?)?([A-Za-z_]\w*)"
                             r"\s*(?:\[\s*\])?\s*=\s*\"([^\"/]+)\"\s*;", t):
            out.setdefault(m.group(1), m.group(2))
        for m in re.finditer(r"parameter[^:\n]*::\s*([A-Za-z_]\w*)\s*=\s*['\"]([^'\"/]+)['\"]",
                             t, re.I):
            out.setdefault(m.group(1).lower(), m.group(2))
    return out


def output_files(root: Path) -> list[str]:
    """File names the program opens for writing: literals in the sources, or a macro, a
    constant or a Fortran parameter standing for one."""
    out: dict[str, None] = {}
    texts = _texts(root)
    named = _named_literals(texts)
    for t in texts:
        for m in re.finditer(r"fopen\s*\(\s*(?:\"([^\"/]+)\"|([A-Za-z_]\w*))\s*,\s*\"[wa]", t):
            name = m.group(1) or named.get(m.group(2) or "")
            if name:
                out.setdefault(name)
        for m in re.finditer(r"open\s*\([^)]*file\s*=\s*(?:['\"]([^'\"/]+)['\"]|([A-Za-z_]\w*))",
                             t, re.I):
            rest = t[m.end():t.find(")", m.end()) + 1]
            if re.search(r"status\s*=\s*['\"]old|action\s*=\s*['\"]read",
                         m.group(0) + rest, re.I):
                continue
            name = m.group(1) or named.get((m.group(2) or "").lower())
            if name:
                out.setdefault(name)
    return list(out)


def numbers(text: str) -> int:
    """How many numbers ``text`` holds."""
    return len(re.findall(NUM, text))


def printed_unit(text: str) -> float:
    """One unit of the last decimal the output prints its numbers with (``%0.2f`` -> 0.01):
    a comparison cannot be finer than what is printed, so a rounding that flips the last
    printed digit is no difference. 0 when the numbers are printed with an exponent or
    with more than six decimals."""
    fixed = [m.group(1) for m in re.finditer(r"(?<![\w.])[-+]?\d+\.(\d+)(?![\d.eE])", text)]
    if not fixed or len(fixed) * 2 < numbers(text):
        return 0.0
    d = min(len(f) for f in fixed)
    return 10.0 ** -d if d <= 6 else 0.0


#: below this fraction of a dump's largest magnitude a value is zero up to the rounding of a
#: reassociated sum (BLAS, OpenMP or vector reductions, -ffast-math): double precision's
#: epsilon (2.2e-16) times the terms of a sum of a few thousand, with margin
CANCELLATION_FLOOR = 1e-12


def dump_abs_tol(text: str) -> float:
    """The absolute tolerance of a dump check: 1.5 units of the last printed decimal (a flip
    of that digit, a hair above one unit in binary floating point, is no difference), and at
    least :data:`CANCELLATION_FLOOR` times the largest magnitude the dump prints, where a
    value that cancels to about zero (``-2.6e-33`` in a covariance whose entries are 1e-3)
    is rounding, not a result; 0 when the dump prints no number."""
    top = max((abs(float(m.group(1))) for m in re.finditer(NUM, text)), default=0.0)
    tol = max(1.5 * printed_unit(text), CANCELLATION_FLOOR * top)
    return float(f"{tol:.6g}") if tol > 0 else 0.0


def _same_numbers(a: str, b: str, rel_tol: float = 1e-6) -> bool:
    """Whether two outputs hold the same numbers within ``rel_tol`` (a run repeated)."""
    xs = [float(m.group(1)) for m in re.finditer(NUM, a)]
    ys = [float(m.group(1)) for m in re.finditer(NUM, b)]
    return len(xs) == len(ys) and all(abs(x - y) <= rel_tol * max(abs(x), abs(y))
                                      for x, y in zip(xs, ys, strict=True))


#: (extra defines, extra args) -> the (stdout, stderr) of that build and run, or None if it
#: failed
Probe = Callable[[dict[str, str], tuple[str, ...]], "tuple[str, str] | None"]


def find_check(root: Path, run_dir: Path, plain: tuple[str, str], probe: Probe,
               defined: Collection[str], ignore: Mapping[str, str]
               ) -> tuple[dict[str, object] | None, list[str]]:
    """The check spec for a program whose output holds no checksum, and what was tried.

    ``plain``: stdout and stderr of the shipped run (its ``run_dir`` holds its output files);
    ``probe``: builds and runs the program with extra defines/args; ``ignore``: the regex of
    the lines that change run to run (timings) per output (stdout, stderr), left out of the
    comparison."""
    said: list[str] = []
    for name in output_files(root):
        f = run_dir / name
        if f.is_file() and numbers(f.read_text(errors="replace")) > 0:
            said.append(f"check: every number of the output file {name!r} (the program writes "
                        "it) within 1e-6 (relative)")
            return {"kind": "file", "file": name, "rel_tol": 1e-6}, said
    tries: list[tuple[dict[str, str], tuple[str, ...], str]] = [
        ({n: ""}, (), f"-D{n}") for n in dump_macros(root, defined)[:3]]
    tries += [({}, (a,), f"argument {a}") for a in argv_switches(root)[:2]]
    for defines, args, what in tries:
        got = probe(defines, args)
        if got is None:
            said.append(f"check: tried {what}: the build or run failed")
            continue
        for i, src in ((1, "stderr"), (0, "stdout")):
            rx = ignore.get(src, "")
            kept = [ln for ln in got[i].splitlines() if not (rx and re.search(rx, ln))]
            before = [ln for ln in plain[i].splitlines() if not (rx and re.search(rx, ln))]
            if numbers("\n".join(kept)) >= numbers("\n".join(before)) + MIN_NEW_NUMBERS:
                again = probe(defines, args)
                if again is None or not _same_numbers(
                        "\n".join(kept), "\n".join(ln for ln in again[i].splitlines()
                                                    if not (rx and re.search(rx, ln)))):
                    said.append(f"check: tried {what}: its {src} changes from run to run")
                    break
                check: dict[str, object] = {"kind": "tolerance", "regex": NUM, "rel_tol": 1e-6,
                                            "source": src,
                                            **({"ignore": rx} if rx else {})}
                tol = dump_abs_tol("\n".join(kept))
                if tol:  # a flipped last printed digit or a value cancelled to about zero
                    check["abs_tol"] = tol
                if defines:
                    check["defines"] = defines
                if args:
                    check["args"] = list(args)
                said.append(f"check: with {what} the program prints its results on {src}; "
                            "each variant gets a check build/run with it, every number within "
                            "1e-6 (relative) of the baseline's" + (
                                f" or {tol:.3g} (absolute: 1.5 units of the last printed "
                                "decimal, at least 1e-12 of the largest value)"
                                if tol else "") + "; timed runs stay as shipped")
                return check, said
        else:
            said.append(f"check: tried {what}: no more numbers in the output")
    return None, said
