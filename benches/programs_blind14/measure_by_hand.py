"""The expert's reference for the fourteenth blind set, measured by hand outside perfscout.

How a program is built, timed and checked is the same for every set (``benches/by_hand.py``);
this file says only which build, timer and result lines each of this set's programs has.

usage: python benches/programs_blind14/measure_by_hand.py [--runs N] [NAME ...]
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from by_hand import HowToMeasure, main  # noqa: E402

HOW: dict[str, HowToMeasure] = {
    "adi_omp": HowToMeasure("make", "plate", timer="regex",
                            timer_regex=r"adi time: ([0-9.]+) s", check="stdout_lines",
                            check_pattern=r"^plate|^field|^probe"),
    "bude_c": HowToMeasure("make", "dockscan", timer="regex",
                           timer_regex=r"fasten: ([0-9.]+) ms", timer_scale=0.001,
                           check="stdout_lines",
                           check_pattern=r"^deck|^energy|^best|^worst"),
    "gemver_quiet": HowToMeasure("make", "reweigh", timer="cpu", check="stdout_lines",
                                 check_pattern=r"^n |^x|^w|^A"),
    "gups_cpp": HowToMeasure("cmake", "build/scatterbench", timer="regex",
                             timer_regex=r"update time +([0-9.]+) s", check="stdout_lines",
                             check_pattern=r"^table|^updates|^entries|^verification"),
    "trisolv_f90": HowToMeasure("make", "loadcases", flags_var="FFLAGS", timer="regex",
                                timer_regex=r"solve: +[0-9.]+ s cpu +([0-9.]+) s wall",
                                check="stdout_lines",
                                check_pattern=r"^ order|^ case|^ weighted|^ x\(|^ residual"),
}


if __name__ == "__main__":
    main(HERE, HOW)
