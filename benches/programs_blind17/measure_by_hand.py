"""The expert's reference for the seventeenth blind set, measured by hand outside perfscout.

How a program is built, timed and checked is the same for every set (``benches/by_hand.py``);
this file says only which build, timer and result lines each of this set's programs has.

usage: python benches/programs_blind17/measure_by_hand.py [--runs N] [NAME ...]
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from by_hand import HowToMeasure, main  # noqa: E402

HOW: dict[str, HowToMeasure] = {
    "correlation_f90": HowToMeasure("make", "stationcorr", flags_var="FFLAGS", timer="regex",
                                    timer_regex=r"kernel took +([0-9.]+) s",
                                    check="stdout_lines",
                                    check_pattern=(r"^ CORRELATION|^ sum|^ abs sum|^ weighted"
                                                   r"|^ entries")),
    "gaussian_c": HowToMeasure("make", "circuitsolve", timer="regex",
                               timer_regex=r"elapsed \(forward elimination\): ([0-9.]+) us",
                               timer_scale=1e-6, check="stdout_lines",
                               check_pattern=r"^circuit|^x "),
    "hotspot_omp": HowToMeasure("make", "chipheat", timer="regex",
                                timer_regex=r"Total time: ([0-9.]+) seconds",
                                check="stdout_lines",
                                check_pattern=r"^mean|^hottest|^probe"),
    "mriq_cpp": HowToMeasure("cmake", "build/scanrecon", timer="regex",
                             timer_regex=r"computeQ: ([0-9.]+) ms", timer_scale=1e-3,
                             check="stdout_lines",
                             check_pattern=r"^\[scanrecon\] (voxels|sum|Q\[)"),
    "syrk_quiet": HowToMeasure("make", "gramfit", timer="cpu", check="stdout_lines",
                               check_pattern=r"^gram|^trace|^lower|^weighted|^corners"),
}


if __name__ == "__main__":
    main(HERE, HOW)
