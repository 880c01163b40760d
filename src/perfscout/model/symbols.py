"""Symbol names that say what code is, whichever tool printed them.

Used where a profile's rows are judged by their names: ingest (which thread of a profile
computes) and diagnose (whether the regions ran, where an atomic sits). Declared once here.
"""

from __future__ import annotations

import re

#: compiler-outlined OpenMP region bodies (gcc/gfortran ``main._omp_fn.0``, clang/icx
#: ``.omp_outlined.`` / ``__omp_outlined__``, Intel ``..._$omp$parallel``, Fortran
#: ``_par_region``/``_par_loop``): code that runs only inside a parallel region, on a team
OMP_OUTLINED = re.compile(r"\._omp_fn\.\d+|\.?omp_outlined|__omp_outlined__|_?\$omp\$|"
                          r"\.omp_fn\.|_par_region\d*|_par_loop\d*")
