"""Formatted (text) I/O inside a language's runtime: the routines that turn characters into
numbers and back when a program reads or writes text with its language's own I/O (a Fortran
list-directed or formatted READ/WRITE in libgfortran or the Intel/LLVM Fortran runtimes, C's
scanf/strtod family and the multi-precision helpers strtod runs, C++ stream extraction and
insertion with ``num_get``/``num_put``).

Read by ``app.io_hotspot``: a run whose profile holds these routines at ``app.io_share`` or
more spends its I/O time converting text in user space, whatever the language; the system
calls (few, large reads) are not the cost, so neither buffering nor the file system is the fix.
The classification is by routine and library, never by a program's own names.
"""

from __future__ import annotations

import re

from perfscout.diagnose.rules.common import Share, hotspot_shares
from perfscout.model.metrics import Hotspot, Profile

#: C library number parsing and scanning (glibc's strtod runs str_to_mpn, round_and_return and
#: the mpn_* multi-precision helpers on every value), including the GI/isoc99 aliases
_C_PARSE = re.compile(
    r"^_*(?:gi_+|libc_|isoc99_|isoc23_|io_)*(?:v?f?s?scanf|vfscanf_internal|vfwscanf|"
    r"strto(?:d|f|ld|l|ul|ll|ull|imax|umax|f128)(?:_l)?(?:_internal)?|wcsto[a-z]+|"
    r"str_to_mpn|round_and_return|mpn_construct_(?:double|float|long_double|float128)|"
    r"mpn_(?:mul|mul_1|lshift|rshift|divrem|add_n|sub_n|submul_1|addmul_1)|atof|atoi|atol|atoll)"
    r"(?:\.[a-z0-9_.]+)?(?:@.*)?$")
#: Fortran runtime I/O entry points and their internals (libgfortran ``_gfortran_st_read``,
#: ``_gfortran_transfer_real``, list-directed ``read_real``/``next_char``/``eat_separator``,
#: ``write_float``; Intel ``for_read_seq_lis``/``for__`` conversions; LLVM ``_FortranAio``)
_FORTRAN_IO = re.compile(
    r"^_*(?:gfortran_|gfortrani_)?(?:st_(?:read|write)(?:_done)?|transfer_[a-z0-9_]+|"
    r"list_formatted_(?:read|write)[a-z_]*|formatted_transfer[a-z_]*|read_(?:real|integer|"
    r"logical|character|complex|decimal|radix|a|f|x|l|block_form[a-z0-9_]*)|next_char[a-z_]*|"
    r"eat_(?:spaces|separator|line)|push_char[a-z_]*|convert_(?:real|integer|infnan)|"
    r"finish_list_read|next_record[a-z_]*|write_(?:float|real|integer|character|decimal|"
    r"[a-z]+_string)[a-z0-9_]*|fbuf_[a-z_]+|data_transfer_init|"
    r"for_(?:read|write)_[a-z_]+|for__[a-z0-9_]+|cvt_text_to_[a-z0-9_]+|cvt_[a-z0-9_]+_to_text)"
    r"(?:\.[a-z0-9_.]+)?$"
    r"|^_fortranaio[a-z0-9_]+$")
#: C++ stream extraction/insertion of numbers (libstdc++ and libc++)
_CXX_STREAM = re.compile(r"std::(?:__1::)?(?:basic_istream|basic_ostream|istream|ostream|"
                         r"num_get|num_put|__convert_to_v|basic_stringstream|"
                         r"basic_istringstream|basic_ostringstream)[<:]|"
                         r"_znsi|_znso|_zst\w*num_get|_zst\w*num_put")
#: shared objects of Fortran runtimes: their unresolved addresses are I/O code when resolved
#: text-conversion rows are themselves sampled (a stripped runtime prints bare addresses)
FORTRAN_RUNTIMES = ("libgfortran", "libifcore", "libflang", "libfortranruntime", "libpgf90")
_ADDRESS = re.compile(r"^(?:0x[0-9a-f]+|\[unknown\]|[\w.+-]+\+0x[0-9a-f]+)$")


def is_text_conversion(h: Hotspot) -> bool:
    """A routine that converts text to numbers or numbers to text inside a language's I/O
    runtime (by name, any library)."""
    low = h.name.lower().strip().split("(")[0].strip().replace("@plt", "")
    return bool(_C_PARSE.match(low) or _FORTRAN_IO.match(low) or _CXX_STREAM.search(
        h.name.lower()))


def runtime_address(h: Hotspot) -> bool:
    """An unresolved address inside a Fortran runtime library (a stripped libgfortran)."""
    mod = h.module.rsplit("/", 1)[-1].lower()
    return mod.startswith(FORTRAN_RUNTIMES) and bool(_ADDRESS.match(h.name.strip().lower()))


def text_io_share(p: Profile, named_min: float) -> Share | None:
    """The share of profile ``p`` in the runtime's text conversion: the named routines, plus a
    Fortran runtime's unresolved addresses when the named rows hold ``named_min`` or more
    (then the stripped runtime is doing that I/O); None when no named row is sampled."""
    rows = [(h, s) for h, s in hotspot_shares(p) if h.kind != "line"]
    named = tuple((h, s) for h, s in rows if is_text_conversion(h))
    if not named:
        return None
    entries = named
    if sum(s for _, s in named) >= named_min:
        entries = named + tuple((h, s) for h, s in rows if runtime_address(h))
    return Share(sum(s for _, s in entries), p, entries)
