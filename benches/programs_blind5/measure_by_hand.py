"""The expert's reference for the fifth blind set, measured by hand outside perfscout.

How a program is built, timed and checked is the same for every set (``benches/by_hand.py``);
this file says only which build, timer and result lines each of this set's programs has.

usage: python benches/programs_blind5/measure_by_hand.py [--runs N] [NAME ...]
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from by_hand import HowToMeasure, main  # noqa: E402

HOW: dict[str, HowToMeasure] = {
    "anomaly_cpp": HowToMeasure("cmake", "build/anomaly", timer="regex",
                                timer_regex=r"\(cpu ([0-9.]+) ms\)", timer_scale=1e-3,
                                check="stdout_lines", check_pattern=r"\.\."),
    "coldcurve_quiet": HowToMeasure("make", "coldcurve", timer="cpu",
                                    check="file", check_pattern="coldcurve.dat"),
    "eos_f90": HowToMeasure("make", "eosrun", flags_var="FFLAGS", timer="regex",
                            timer_regex=r"in +([0-9.]+) s cpu", check="stdout_lines",
                            check_pattern=r"^snapshot"),
    "slab_omp": HowToMeasure("make", "slab", timer="regex",
                             timer_regex=r"transport: ([0-9.]+) s wall", check="stdout_lines",
                             check_pattern=r"^R =|^mean|^absorption"),
    "smooth_c": HowToMeasure("make", "smooth", timer="regex", timer_regex=r"cpu ([0-9.]+) s",
                             check="stdout_lines", check_pattern=r"^\[smooth\] (scene|scale )"),
}


if __name__ == "__main__":
    main(HERE, HOW)
