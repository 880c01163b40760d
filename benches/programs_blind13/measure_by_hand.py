"""The expert's reference for the thirteenth blind set, measured by hand outside perfscout.

How a program is built, timed and checked is the same for every set (``benches/by_hand.py``);
this file says only which build, timer and result lines each of this set's programs has.

usage: python benches/programs_blind13/measure_by_hand.py [--runs N] [NAME ...]
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from by_hand import HowToMeasure, main  # noqa: E402

HOW: dict[str, HowToMeasure] = {
    "lavamd_omp": HowToMeasure("make", "screening", timer="regex",
                               timer_regex=r"kernel: ([0-9.]+) s", check="stdout_lines",
                               check_pattern=r"^total|^particle"),
    "lud_c": HowToMeasure("make", "factorize", timer="regex",
                          timer_regex=r"Time consumed\(ms\): ([0-9.]+)", timer_scale=0.001,
                          check="stdout_lines",
                          check_pattern=r"^logdet|^smallest|^sum|^entry|^residual"),
    "mg_f90": HowToMeasure("make", "poisson3d", flags_var="FFLAGS", timer="regex",
                           timer_regex=r"smoothing: +([0-9.]+) s cpu", check="stdout_lines",
                           check_pattern=r"^sweep|^final|^potential"),
    "nn_cpp": HowToMeasure("cmake", "build/stormfinder", timer="regex",
                           timer_regex=r"search: ([0-9.]+) ms", timer_scale=0.001,
                           check="stdout_lines", check_pattern=r"Distance=|^slots"),
    "ptrans_quiet": HowToMeasure("make", "mirror", timer="cpu", check="stdout_lines",
                                 check_pattern=r"^sum|^abs|^weighted|^trace|^C\(|^check"),
}


if __name__ == "__main__":
    main(HERE, HOW)
