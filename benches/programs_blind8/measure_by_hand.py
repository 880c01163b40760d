"""The expert's reference for the eighth blind set, measured by hand outside perfscout.

How a program is built, timed and checked is the same for every set (``benches/by_hand.py``);
this file says only which build, timer and result lines each of this set's programs has.

usage: python benches/programs_blind8/measure_by_hand.py [--runs N] [NAME ...]
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from by_hand import HowToMeasure, main  # noqa: E402

HOW: dict[str, HowToMeasure] = {
    "anderson_omp": HowToMeasure("make", "anderson", timer="regex",
                                 timer_regex=r"([0-9.]+) s cpu", check="stdout_lines",
                                 check_pattern=r"^ *-?[0-9]+\.[0-9]+ |^W ="),
    "granular_cpp": HowToMeasure("cmake", "build/granular", timer="regex",
                                 timer_regex=r"([0-9.]+) ms cpu", timer_scale=1e-3,
                                 check="stdout_lines",
                                 check_pattern=r"^ +[0-9]|^contacts|^Haff"),
    "permafrost_f90": HowToMeasure("make", "permafrost", flags_var="FFLAGS", timer="regex",
                                   timer_regex=r"([0-9.]+) s cpu", check="stdout_lines",
                                   check_pattern=r"^ +[0-9]+ +[0-9]|^temperature"),
    "randwalk_quiet": HowToMeasure("make", "twostep", timer="cpu", check="file",
                                   check_pattern="twostep.out"),
    "rotcurve_f90": HowToMeasure("make", "rotcurve", flags_var="FFLAGS", timer="regex",
                                 timer_regex=r"([0-9.]+) s cpu", check="stdout_lines",
                                 check_pattern=r"^ +[0-9]+\.[0-9]+ |^peak"),
}


if __name__ == "__main__":
    main(HERE, HOW)
