"""The expert's reference for the ninth blind set, measured by hand outside perfscout.

How a program is built, timed and checked is the same for every set (``benches/by_hand.py``);
this file says only which build, timer and result lines each of this set's programs has.

usage: python benches/programs_blind9/measure_by_hand.py [--runs N] [NAME ...]
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from by_hand import HowToMeasure, main  # noqa: E402

HOW: dict[str, HowToMeasure] = {
    "dualmesh_cpp": HowToMeasure("cmake", "build/dualmesh", timer="cpu", check="stdout_lines",
                                 check_pattern=r"^mesh|^boundary|^dual|^pulse"),
    "eddies_omp": HowToMeasure("make", "eddies", timer="regex",
                               timer_regex=r"([0-9.]+) s cpu", check="stdout_lines",
                               check_pattern=r"^ +[0-9]+ +[0-9]|^largest"),
    "hbv_f90": HowToMeasure("make", "hbv", flags_var="FFLAGS", timer="regex",
                            timer_regex=r"model run: +([0-9.]+) s cpu", check="stdout_lines",
                            check_pattern=r"^ +[0-9]+ +[0-9]"),
    "multipole_f90": HowToMeasure("make", "multipole", flags_var="FFLAGS", timer="cpu",
                                  check="stdout_lines",
                                  check_pattern=r"^ +[0-9]+\.[0-9]+ |^outside"),
    "yukawa_quiet": HowToMeasure("make", "yukawa", timer="cpu", check="stdout_lines",
                                 check_pattern=r"^ +[0-9]+ |^mean|^g\(r\)"),
}


if __name__ == "__main__":
    main(HERE, HOW)
