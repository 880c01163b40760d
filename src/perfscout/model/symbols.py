"""Symbol names that say what code is, whichever tool printed them.

Used where a profile's rows are judged by their names: ingest (which thread of a profile
computes) and diagnose (whether the regions ran, where an atomic sits). Declared once here.
"""

from __future__ import annotations

import re

#: compiler-outlined OpenMP region bodies (gcc/gfortran ``main._omp_fn.0``, clang/icx
#: ``.omp_outlined.`` / ``__omp_outlined__``, Intel ``..._$omp$parallel``, Fortran
#: ``_par_region``/``_par_loop``): code that runs only inside a parallel region, on a team
#: the OpenMP runtime's shared object (GNU libgomp, LLVM libomp, Intel libiomp5), by the module
#: a profile names for a row: its code is the team's start, barriers and waiting, not work
OMP_RUNTIME_LIB = re.compile(r"lib(?:gomp|omp|iomp5?)\b", re.I)
OMP_OUTLINED = re.compile(r"\._omp_fn\.\d+|\.?omp_outlined|__omp_outlined__|_?\$omp\$|"
                          r"\.omp_fn\.|_par_region\d*|_par_loop\d*")

#: the shared objects of MPI implementations (Open MPI, MPICH/MVAPICH, Intel MPI and their
#: transports): a process's samples there are its time inside MPI, named or stripped
MPI_MODULES = ("libmpi", "libopen-pal", "libopen-rte", "mca_", "libmpich", "libmca", "libpsm",
               "libucp", "libuct", "libucs", "libfabric", "libinfinipath", "libpmix")
#: MPI's own functions by name (the standard's ``MPI_``/``PMPI_``, Open MPI's ``ompi_``,
#: ``mca_``, ``opal_progress``, MPICH's ``MPID``/``MPIR_``, the C++ bindings)
MPI_NAME_PREFIXES = ("mpi_", "pmpi_", "ompi_", "mca_", "opal_progress", "mpid", "mpir_",
                     "mpi::", "hmpi")
#: the kernel's get_user_pages path, which pins another process's pages: the signature of
#: cross-memory attach (``process_vm_readv``, Open MPI's single-copy shared-memory transfer
#: of a large message), seen only beside it in a sampling profile of an MPI job
PINNED_PAGES = re.compile(r"^(?:follow_page_(?:pte|mask)|try_grab_(?:folio|page)|"
                          r"unpin_user_pages?(?:_dirty_lock)?|__?get_user_pages\w*|"
                          r"get_user_pages\w*|pin_user_pages\w*|__?gup_\w+|gup_\w+|"
                          r"process_vm_\w+)$")
#: the kernel's copy of those pinned pages into the receiver's buffer (``_copy_to_iter``...)
PINNED_COPY = re.compile(r"^(?:_copy_(?:to|from)_iter|copy_(?:page_)?(?:to|from)_iter|"
                         r"rep_movs_alternative|copy_user_\w+|memcpy_orig|__memcpy)$")


def is_mpi_name(name: str) -> bool:
    """A function of the MPI library by its name (any case)."""
    low = name.lower()
    return low.startswith(MPI_NAME_PREFIXES) or " mpi_" in low


#: a library's symbol for a routine the program calls: glibc's internal prefixes
#: (``__``, ``__ieee754_``, ``__GI_``, ``__kernel_``), its ISA-specific variants (``_fma``,
#: ``_avx2``, ``_evex_movbe``, ``_sse2_unaligned_erms``...) and the symbol version or PLT stub
_ROUTINE = re.compile(r"^_*(?:ieee754_|gi_+|kernel_)?(?P<fn>[a-z][a-z0-9_]*?)"
                      r"(?:_(?:fma4?|avx2|avx512\w*|avx|sse[0-9_]*\w*|evex\w*|erms|"
                      r"unaligned\w*|finite|ssse3\w*))*(?:@.*)?$")
#: glibc's libmvec vector variants (the vector ABI's mangling: ISA letter, mask, lanes,
#: parameter kinds, then the routine and its ISA): what GCC calls for a vectorized ``exp``
_LIBMVEC = re.compile(r"^_zgv[a-z][nm]\d+[a-z]+_(?P<rest>[a-z0-9]+)")
#: libm routines: their result depends only on their arguments
LIBM = ("exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "pow", "sin", "cos", "tan",
        "sincos", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh", "cbrt", "erf",
        "erfc", "hypot", "fmod")


def library_routine(name: str) -> str:
    """The routine a program calls for a library's symbol, as a profiler prints it
    (``__cos_fma`` and ``cos@plt`` are ``cos``, ``__memcmp_evex_movbe`` is ``memcmp``,
    ``__ieee754_exp_fma`` is ``exp``, libmvec's ``_ZGVdN4v_exp_avx2`` is ``exp``); a float
    variant keeps its ``f`` (``cosf``). Empty for a name that is no identifier. Used wherever
    a hot library symbol is matched with the calls in the program's source."""
    low = name.strip().lower()
    vec = _LIBMVEC.match(low)
    m = _ROUTINE.match(vec["rest"] if vec else low)
    return m["fn"] if m else ""


def libm_routine(name: str) -> str | None:
    """The double-precision libm routine a symbol names, its float variant included
    (``expf`` is ``exp``), else None: code whose result depends only on its arguments."""
    fn = library_routine(name)
    if fn in LIBM:
        return fn
    return fn[:-1] if fn.endswith("f") and fn[:-1] in LIBM else None
