"""The expert's reference for the eleventh blind set, measured by hand outside perfscout.

How a program is built, timed and checked is the same for every set (``benches/by_hand.py``);
this file says only which build, timer and result lines each of this set's programs has.

usage: python benches/programs_blind11/measure_by_hand.py [--runs N] [NAME ...]
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from by_hand import HowToMeasure, main  # noqa: E402

HOW: dict[str, HowToMeasure] = {
    "ep_omp": HowToMeasure("make", "gaussdev", timer="regex",
                           timer_regex=r"deviates: ([0-9.]+) s wall", check="stdout_lines",
                           check_pattern=r"^sum|^accepted|^annulus"),
    "gramschmidt_c": HowToMeasure("make", "krylovbasis", timer="regex",
                                  timer_regex=r"orthonormalisation: ([0-9.]+) s cpu",
                                  check="stdout_lines", check_pattern=r"^mode|^sum|^sampled"),
    "livermore_f90": HowToMeasure("make", "lfkrate", flags_var="FFLAGS", timer="regex",
                                  timer_regex=r"kernels: +([0-9.]+) s cpu",
                                  check="stdout_lines", check_pattern=r"^checksum"),
    "nw_quiet": HowToMeasure("cmake", "build/pairalign", timer="cpu", check="stdout_lines",
                             check_pattern=r"^sequences|^score|^aligned|^identity|^table"),
    "symm_c": HowToMeasure("make", "loadcase", timer="regex", timer_regex=r"symm ([0-9.]+) s",
                           check="stdout_lines", check_pattern=r"^dofs|^response|^largest|^case"),
}


if __name__ == "__main__":
    main(HERE, HOW)
