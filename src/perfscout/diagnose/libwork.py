"""Library work that is not the computation: the allocator, the clocks, text formatting, text
converted to numbers and back in memory and the system-call entry. When one of these families
holds a large share of a profile, the inner loop repeats bookkeeping around its work (a
scratch array allocated per point, a timer read per cell, a debug line formatted and then
dropped, a value written to a string and read back, one system call per element).

One classification of routine names into families, read by ``app.redundant_work``; the rule
judges shares, call rates and written bytes, never a program's wording.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from perfscout.diagnose.rules.common import hotspot_shares
from perfscout.diagnose.textio import is_text_conversion, runtime_address
from perfscout.diagnose.thresholds import DEFAULTS
from perfscout.model.metrics import Hotspot, Profile

_ALLOC = re.compile(
    r"^_*(?:libc_|gi_+)?(?:malloc|calloc|realloc|reallocarray|free|cfree|memalign|"
    r"posix_memalign|aligned_alloc|valloc|pvalloc|int_malloc|int_free|int_realloc|"
    r"int_memalign|malloc_consolidate|systrim|sysmalloc|alloc_perturb|unlink_chunk|"
    r"tcache_[a-z_]+|mtrim|arena_get2|new_heap|free_perturb|munmap_chunk|"
    r"_?znwm|_?znam|_?zdlpv[a-z0-9_]*|_?zdapv[a-z0-9_]*|_?znwm[a-z0-9_]*|_?znam[a-z0-9_]*|"
    r"operator new|operator delete|je_[a-z_]+|tc_[a-z_]+|mi_[a-z_]+)"
    r"(?:\.[a-z0-9_.]+)?(?:@.*)?$")
_TIMER = re.compile(
    r"^_*(?:vdso_|gi_+|libc_)?(?:clock_gettime(?:64)?|gettimeofday|time|clock|getrusage|times|"
    r"clock_getres|ftime|timespec_get)(?:@.*)?$"
    # the kernel's side of a clock system call (CPU-time clocks are not served by the vDSO)
    r"|^(?:__x64_sys_clock_gettime|__x64_sys_gettimeofday|__x64_sys_getrusage|__x64_sys_times|"
    r"posix_cpu_clock_get|process_cpu_clock_get|thread_cpu_clock_get|cpu_clock_sample[a-z_]*|"
    r"posix_get_[a-z_]+|put_timespec64|do_clock_gettime|ktime_get[a-z_]*|"
    r"task_sched_runtime|thread_group_cputime[a-z_]*|getrusage)(?:\.[a-z0-9_.]+)?$")
_FORMAT = re.compile(
    r"^_*(?:gi_+|io_+|libc_)?(?:v?s?n?printf|v?f?printf|v?as?printf|v?dprintf|"
    r"vfprintf_internal|vsnprintf_internal|vsprintf_internal|printf_fp(?:_l)?|printf_fphex|"
    r"printf_positional|hack_digit|itoa_word|itowa_word|fxprintf|"
    r"io_default_xsputn|io_str_[a-z_]+|io_padn|io_new_file_xsputn|io_file_xsputn|"
    r"strchrnul(?:_[a-z0-9]+)?|mpn_extract_double|mpn_[a-z0-9_]+|"
    r"printf_buffer[a-z_]*|translate_to_percent)(?:@.*)?$")
#: converting a timestamp to calendar fields or text (the time zone read and applied each
#: call): once per record it repeats a lookup whose answer does not change
_TIMECONV = re.compile(
    r"^_*(?:gi_+|libc_)?(?:localtime(?:_r|64|64_r)?|gmtime(?:_r|64|64_r)?|tz_convert|"
    r"tzfile_(?:read|compute|default)|tzset(?:_internal|_parse_tz)?|tz_compute|tzstring|"
    r"offtime|strftime(?:_l|_internal)?|wcsftime(?:_l|_internal)?|mktime(?:64|_internal)?|"
    r"timegm|asctime(?:_r)?|ctime(?:_r)?|compute_change|compute_offset)"
    r"(?:\.[a-z0-9_.]+)?(?:@.*)?$")
#: asking for a file's metadata: libc's stat-family entry points and the kernel's handlers of
#: those system calls (not the path walk every file system call shares)
_METADATA = re.compile(
    r"^_*(?:gi_+|libc_)?(?:f?stat(?:at)?(?:64)?|lstat(?:64)?|newfstatat|statx|xstat(?:64)?|"
    r"fxstat(?:at)?(?:64)?|lxstat(?:64)?|access|faccessat2?)(?:@.*)?$"
    r"|^(?:__x64_sys_(?:newfstatat|newstat|newlstat|newfstat|statx|access|faccessat2?)|"
    r"__do_sys_(?:newfstatat|newstat|newlstat|newfstat|statx)|do_statx|vfs_statx|vfs_fstatat|"
    r"vfs_fstat|vfs_getattr(?:_nosec)?|cp_new_stat|cp_statx|do_faccessat)(?:\.[a-z0-9_.]+)?$")
#: building an object whose making is costly and whose result does not depend on the element:
#: compiling a regular expression (libstdc++'s ``std::__detail::_Compiler``/``_BracketMatcher``,
#: POSIX/PCRE ``regcomp``/``pcre2_compile``), constructing a locale and looking up its facets
#: (``std::locale::locale``, ``use_facet``, the collation the regex compiler asks for), and
#: setting up a string stream (``basic_ios::init``, ``ios_base::ios_base``). Run per line or
#: per call, the same object is rebuilt each time.
_CONSTRUCT = re.compile(
    r"^(?:[\w:]+\s+)?(?:"
    r"std::__detail::_(?:compiler|bracketmatcher|scanner|nfa)::|"
    r"std::(?:__cxx11::)?basic_regex::(?:basic_regex|assign|_m_compile)\b|"
    r"std::(?:__cxx11::)?regex_traits::(?:transform|transform_primary|lookup_classname|"
    r"lookup_collatename|isctype)\b|"
    r"_*(?:gi_+)?(?:regcomp|re_compile_[a-z_]+|pcre2?_compile[a-z0-9_]*)$|"
    r"std::locale::(?:locale|_impl|_s_initialize)\b|std::(?:use|has)_facet$|"
    r"std::(?:__cxx11::)?(?:collate|ctype)::do_(?:transform|tolower|toupper|widen|narrow)\b|"
    r"std::basic_ios::init\b|std::ios_base::ios_base\b|"
    r"std::(?:__cxx11::)?basic_(?:o|i)?stringstream::basic_(?:o|i)?stringstream\b)")


#: C++ exception handling: libgcc's unwinder (``_Unwind_*``, its FDE search, glibc's
#: ``_dl_find_object``), libstdc++'s throw/catch runtime and personality routine; an
#: unsymbolised address inside libgcc_s (whose code is the unwinder) counts too
_EH = re.compile(
    r"^_*(?:cxa_(?:throw|rethrow|allocate_exception|free_exception|begin_catch|end_catch|"
    r"get_exception_ptr|call_unexpected|init_primary_exception)|"
    r"gxx_personality_v0|gcc_personality_v0|unwind_[a-z_]+|uw_[a-z_]+|"
    r"execute_cfa_program[a-z_]*|execute_stack_op|search_object|linear_search_fdes|"
    r"binary_search_[a-z_]*fdes|classify_object_over_fdes|init_object|get_cie_encoding|"
    r"read_encoded_value[a-z_]*|dl_find_object|dl_iterate_phdr|"
    r"std::__throw_[a-z_]+)(?:\.[a-z0-9_.]+)?(?:@.*)?$")


#: calling through ``std::function``: libstdc++'s type-erased invoker (``_Function_handler<Sig,
#: Callee>::_M_invoke``, libc++'s ``__func<...>::operator()``/``__value_func``), one indirect
#: call per use that the compiler can neither inline nor vectorise. Not when the callee is the
#: standard library's own (a regex matcher wrapped by ``std::regex``: that is the match)
_INVOKER = re.compile(r"^std::_function_handler::_m_invoke$|"
                      r"^std::__1::__function::__(?:func|value_func|policy_invoker)::"
                      r"(?:operator\(\)|__call_impl|__call)?")


def _invoked(name: str) -> str | None:
    """The callable an invoker row calls (``main::{lambda(double)#1}`` of
    ``std::_Function_handler<double (double), main::{lambda(double)#1}>::_M_invoke``), "" when
    its type is not named (a function pointer); None when the row is not an invoker of the
    program's own callable."""
    if not _INVOKER.match(_bare(name)):
        return None
    low = name.strip()
    start, depth, args, cur = low.find("<"), 0, [], ""
    if start < 0:
        return ""
    for ch in low[start + 1:]:
        if ch in "<({[":
            depth += 1
        elif ch in ">)}]":
            if depth == 0:
                break
            depth -= 1
        if ch == "," and depth == 0:
            args.append(cur.strip())
            cur = ""
            continue
        cur += ch
    args.append(cur.strip())
    # libstdc++ names the callable last (after the signature), libc++ first
    callee = args[0] if low.startswith("std::__1::") else args[-1] if len(args) > 1 else ""
    if callee.startswith(("std::__detail::", "std::__1::")):
        return None  # the library's own callable (a regex matcher)
    return "" if "(*)" in callee or "(&)" in callee else callee


def _bare(name: str) -> str:
    """A C++ name without its template arguments (``std::use_facet<std::ctype<char> >`` ->
    ``std::use_facet``) nor its parameter list: what the routine is, not what it is of (a
    matcher's ``_Function_handler<..., _BracketMatcher<...>>::_M_invoke`` runs a match)."""
    low = name.lower().strip()
    prev = None
    while prev != low:
        prev, low = low, re.sub(r"<[^<>]*>", "", low)
    return low.split("(")[0].strip()


#: run-time type checks (``__dynamic_cast``) a facet lookup makes: counted with the
#: construction family only when a facet lookup or a compiler routine is itself sampled
_RTTI = re.compile(r"^_*dynamic_cast$|class_type_info::__do_dyncast|^_*strxfrm(?:_l)?$")
#: run-time type checks: ``dynamic_cast`` walking the class hierarchy (libstdc++'s
#: ``__dynamic_cast`` and the ``class_type_info`` searches under it) and ``type_info``
#: comparisons; a family of their own unless a facet lookup makes them (construction)
_TYPECHECK = re.compile(r"^_*dynamic_cast$|class_type_info::__do_(?:dyncast|upcast|"
                        r"find_public_src)\b|^std::type_info::(?:operator==|__equal)")
#: the type-name comparisons a class-hierarchy search makes (types not merged across shared
#: objects are compared by name): counted with the type checks only beside them
_NAME_COMPARE = re.compile(r"^_*(?:gi_+)?strcmp(?:_[a-z0-9]+)?(?:@.*)?$")
#: what a family's code does, for the finding's words
WHAT = {
    "time conversion": "converting timestamps to local time or text (localtime/strftime/"
                       "mktime and the time-zone code they run at every call)",
    "metadata": "asking for file metadata (stat-family calls and the kernel's side of them)",
    "allocation": "allocating and freeing memory (malloc/calloc/free and the allocator's "
                  "internals)",
    "timer": "reading clocks (clock_gettime/gettimeofday, the vDSO and the kernel's clock code)",
    "formatting": "formatting text (printf-family conversion of numbers to characters)",
    "text conversion": "converting between text and numbers in memory (strtod/sscanf/atof, "
                       "printf into a buffer, the Fortran runtime's internal and list-directed "
                       "READ/WRITE, C++ stream conversions)",
    "type checks": "checking types at run time (dynamic_cast searching the class hierarchy "
                   "and comparing type names)",
    "exceptions": "throwing, unwinding and catching C++ exceptions (libgcc's unwinder, the "
                  "personality routine, libstdc++'s throw and catch)",
    "indirect calls": "calling through std::function (the type-erased invoker _M_invoke and the "
                      "callable it reaches: an indirect call per element that the compiler "
                      "cannot inline or vectorise)",
    "construction": "building the same costly object again (a regular expression compiled, a "
                    "locale and its facets looked up, a stream set up)",
}


def family_of(h: Hotspot) -> str:
    """The non-compute library family a profile row belongs to ("" when none)."""
    low = h.name.lower().strip().split("(")[0].strip()
    low = low.replace("@plt", "")
    if _ALLOC.match(low):
        return "allocation"
    if _TIMER.match(low):
        return "timer"
    if _FORMAT.match(low):
        return "formatting"
    if _TIMECONV.match(low):
        return "time conversion"
    if _METADATA.match(low):
        return "metadata"
    if _CONSTRUCT.search(_bare(h.name)):
        return "construction"
    if _invoked(h.name) is not None:
        return "indirect calls"
    if _TYPECHECK.search(_bare(h.name)):
        return "type checks"
    if is_text_conversion(h):
        return "text conversion"
    if _EH.match(low) or (low.startswith("0x") and "libgcc_s" in h.module.lower()):
        return "exceptions"
    return ""


def is_kernel(h: Hotspot) -> bool:
    """A row sampled in the kernel (``[kernel.kallsyms]``, ``[k]``)."""
    mod = h.module.lower()
    return "kernel" in mod or mod in ("[k]", "vmlinux")


@dataclass(frozen=True)
class FamilyShare:
    """One family's share of one profile's whole total, with its largest rows."""

    family: str
    share: float
    profile: Profile
    rows: tuple[tuple[Hotspot, float], ...]

    @property
    def top(self) -> Hotspot:
        return max(self.rows, key=lambda x: x[1])[0]


def family_shares(p: Profile) -> dict[str, FamilyShare]:
    """Each library family's share of profile ``p`` (function rows only; a family's
    ``formatting`` multi-precision helpers count only when a printf routine is itself there)."""
    by: dict[str, list[tuple[Hotspot, float]]] = {}
    for h, s in hotspot_shares(p):
        if h.kind == "line":
            continue
        fam = family_of(h)
        if fam:
            by.setdefault(fam, []).append((h, s))
    fmt_rows = by.get("formatting", [])
    if fmt_rows and not any("printf" in h.name.lower() for h, _ in fmt_rows):
        # multi-precision digits alone are number parsing, not printf
        by.setdefault("text conversion", []).extend(by.pop("formatting"))
    _join_text(p, by)
    if "construction" in by:  # the type checks and collation the facet lookups make
        by.pop("type checks", None)
        by["construction"] += [(h, s) for h, s in hotspot_shares(p)
                               if h.kind != "line" and _RTTI.search(h.name.lower().strip())]
    if "indirect calls" in by:  # the callables the invokers reach, when not inlined into them
        callees = {c for h, _ in by["indirect calls"] if (c := _invoked(h.name))}
        by["indirect calls"] += [(h, s) for h, s in hotspot_shares(p) if h.kind != "line"
                                 and not family_of(h) and any(
                                     h.name.strip().startswith(c + "::") for c in callees)]
    if "type checks" in by:  # the type-name compares the hierarchy search makes
        by["type checks"] += [(h, s) for h, s in hotspot_shares(p) if h.kind != "line"
                              and _NAME_COMPARE.match(h.name.lower().strip())]
    out = {f: FamilyShare(f, sum(s for _, s in rows), p,
                          tuple(sorted(rows, key=lambda x: -x[1])))
           for f, rows in by.items()}
    if "construction" in out and inclusive_listing(p):  # nested callers: the outermost row is all
        rows = tuple(r for r in out["construction"].rows if r[1] <= 1)  # not a cycle's
        if rows:
            out["construction"] = FamilyShare("construction", rows[0][1], p, rows)
        else:
            del out["construction"]
    return out


def _join_text(p: Profile, by: dict[str, list[tuple[Hotspot, float]]]) -> None:
    """Text both formatted and parsed in one profile is one conversion (a value written to a
    string and read back: ``sprintf``+``sscanf``, a Fortran internal WRITE then READ): the
    formatting rows join the text conversion family (parsing alone is no family here: it may
    be input); a Fortran runtime's unresolved addresses join it too once its named rows hold
    half of ``app.library_share`` (a stripped runtime doing that conversion prints bare
    addresses)."""
    if "text conversion" not in by:
        return
    if "formatting" not in by:  # parsing alone is reading input (app.io_hotspot's): a
        del by["text conversion"]  # profile cannot tell a constant parsed again from input
        return
    by["text conversion"] += by.pop("formatting")
    if sum(s for _, s in by["text conversion"]) >= DEFAULTS["app.library_share"].value / 2:
        by["text conversion"] += [(h, s) for h, s in hotspot_shares(p)
                                  if h.kind != "line" and runtime_address(h)]


def inclusive_listing(p: Profile) -> bool:
    """Profile ``p`` counts each routine with its callees (a callgrind ``--inclusive=yes``
    listing, a perf report with children): its function rows add up to well over the whole."""
    return sum(s for h, s in hotspot_shares(p) if h.kind != "line") > DEFAULTS[
        "profile.inclusive_sum"].value


def kernel_share(p: Profile) -> tuple[float, tuple[tuple[Hotspot, float], ...]]:
    """The share of profile ``p`` sampled in the kernel, with those rows."""
    rows = tuple((h, s) for h, s in hotspot_shares(p) if is_kernel(h))
    return sum(s for _, s in rows), rows


def clock_in_kernel(p: Profile) -> bool:
    """Profile ``p`` samples the kernel's side of a clock system call (a CPU-time clock read,
    not served by the vDSO): its other kernel rows outside the page-fault path serve those
    calls too (the system-call entry, the scheduler lock the clock takes)."""
    return any(is_kernel(h) and family_of(h) == "timer" for h, _ in hotspot_shares(p))


#: opening, creating and closing files (libc's entry points, the kernel's handlers): a profile
#: that samples them spends its kernel time on files it opens, not on metadata queries alone
_OPEN_CLOSE = re.compile(
    r"^_*(?:gi_+|libc_|io_)*(?:open(?:at)?(?:64)?|fopen(?:64)?|fopen_internal|fclose|close|"
    r"new_fclose|creat(?:64)?|"
    r"unlink(?:at)?|rename(?:at2?)?|mkdir(?:at)?)(?:_nocancel)?(?:@.*)?$"
    r"|^(?:__x64_sys_(?:openat2?|open|close|creat|unlinkat|renameat2?|mkdirat)|do_sys_openat2|"
    r"do_sys_open|do_filp_open|path_openat|do_dentry_open|filp_close|__fput|fput|close_fd|"
    r"file_close_fd|alloc_empty_file|[a-z0-9]+_create|do_unlinkat|vfs_unlink|do_renameat2|"
    r"vfs_create|lookup_open|open_last_lookups)(?:\.[a-z0-9_.]+)?$")


def metadata_in_kernel(p: Profile) -> bool:
    """Profile ``p`` samples a stat-family system call (libc's entry point or the kernel's
    handler) and no file being opened, closed or transferred: its other kernel rows outside
    the page-fault path (the path walk, the system-call entry) serve those stat calls. A
    program that opens a file per element also stats it (``fopen``), but its kernel time is
    the files' (I/O)."""
    rows = [h for h, _ in hotspot_shares(p) if h.kind != "line"]
    if not any(family_of(h) == "metadata" for h in rows):
        return False
    return not any(is_transfer(h) or _OPEN_CLOSE.match(
        h.name.lower().strip().split("(")[0].strip().replace("@plt", "")) for h in rows)


def sampled_seconds(p: Profile) -> float | None:
    """The CPU seconds a cpu-clock/task-clock sampling profile covers (its event count is in
    nanoseconds), else None."""
    ev = (p.meta.get("event") or p.meta.get("events") or "").lower()
    tot = p.first("profile.total")
    if tot is None or tot.value <= 0 or not any(e in ev for e in ("cpu-clock", "task-clock")):
        return None
    return tot.value / 1e9


#: system calls that read a clock (the timer family's system calls)
TIMER_CALLS = frozenset({"clock_gettime", "gettimeofday", "time", "getrusage", "times",
                         "clock_getres"})


#: routines that move bytes to or from a file/socket: libc's write/read entry points, stdio's
#: flush path and the kernel's write/read path. Formatting with none of them sampled is work
#: done in memory (snprintf into a buffer), not I/O.
_TRANSFER = re.compile(
    r"(?:^|_)(?:f?write|writev|pwrite[a-z0-9]*|fflush|fread|read|readv|pread[a-z0-9]*|fgets|"
    r"getline|getdelim|fscanf|file_sync|do_write|new_file_write|file_write|new_do_write|"
    r"file_overflow|new_file_overflow|file_underflow|new_file_underflow|write_iter|read_iter|"
    r"perform_write|vfs_write|vfs_read|ksys_write|ksys_read)(?:@.*|\.[a-z0-9_.]+)?$")


def is_transfer(h: Hotspot) -> bool:
    """A row of the I/O transfer path (a write/read call, stdio's flush, the kernel's side)."""
    low = h.name.lower().strip().split("(")[0].strip().replace("@plt", "")
    low = low.split("@")[0]
    if is_kernel(h):  # the kernel's names: only its write path and read entry points
        return "write" in low or bool(re.search(r"(?:vfs|ksys|sys)_read|read_iter", low))
    return bool(_TRANSFER.search(low))


def transfer_share(p: Profile) -> float:
    """The share of profile ``p`` sampled on the I/O transfer path (:func:`is_transfer`)."""
    return sum(s for h, s in hotspot_shares(p) if h.kind != "line" and is_transfer(h))


#: libc's formatters into a caller's buffer (``snprintf``, ``sprintf``, ``asprintf`` and
#: their ``v`` and ``_chk`` forms): the text is built in memory, never written
_TO_STRING = re.compile(r"^_*(?:gi_+|io_+)?v?(?:s|sn|as)printf(?:_chk|_internal)?(?:@.*)?$")


def formatted_into_strings(p: Profile) -> float | None:
    """The share of the formatting a call tree shows entering through a formatter into
    memory (:data:`_TO_STRING`): each path's first formatting routine is where the program
    called in, weighted by that call's cost. None when the profile has no call tree or no
    formatting in it."""
    from perfscout.ingest.callgraph import walk

    if p.calltree is None:
        return None
    to_string = other = 0.0
    for node, path in walk(p.calltree):
        low = node.name.lower().strip().replace("@plt", "")
        if not _FORMAT.match(low):
            continue
        if any(_FORMAT.match(a.lower().strip().replace("@plt", "")) for a in path[:-1]):
            continue  # inside the formatting already: its entry point was counted
        if _TO_STRING.match(low):
            to_string += node.inclusive_value
        else:
            other += node.inclusive_value
    total = to_string + other
    return to_string / total if total > 0 else None
