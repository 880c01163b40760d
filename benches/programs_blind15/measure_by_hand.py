"""The expert's reference for the fifteenth blind set, measured by hand outside perfscout.

How a program is built, timed and checked is the same for every set (``benches/by_hand.py``);
this file says only which build, timer and result lines each of this set's programs has.

usage: python benches/programs_blind15/measure_by_hand.py [--runs N] [NAME ...]
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from by_hand import HowToMeasure, main  # noqa: E402

HOW: dict[str, HowToMeasure] = {
    "blackscholes_c": HowToMeasure("make", "bookprice", timer="regex",
                                   timer_regex=r"pricing: ([0-9.]+) s", check="stdout_lines",
                                   check_pattern=r"^book|^value|^range|^prices"),
    "deriche_cpp": HowToMeasure("cmake", "build/edgeprep", timer="cpu", check="stdout_lines",
                                check_pattern=r"^edgeprep|^frame|^total"),
    "is_c": HowToMeasure("make", "keyrank", timer="regex",
                         timer_regex=r"Time in seconds = +([0-9.]+)", check="stdout_lines",
                         check_pattern=r"^ keys|^ rank|^ sorted|^ keys out"),
    "linpack_f90": HowToMeasure("make", "gauss", flags_var="FFLAGS", timer="regex",
                                timer_regex=r"factor\+solve: +[0-9.]+ s cpu +([0-9.]+) s wall",
                                check="stdout_lines",
                                check_pattern=r"^ plant|^ case|^ x\(1\)|^ residual"),
    "pathfinder_omp": HowToMeasure("make", "routecost", timer="regex",
                                   timer_regex=r"pathfinder time: ([0-9.]+) s",
                                   check="stdout_lines",
                                   check_pattern=r"^grid|^scenario|^all"),
}


if __name__ == "__main__":
    main(HERE, HOW)
