"""The expert's reference for the seventh blind set, measured by hand outside perfscout.

How a program is built, timed and checked is the same for every set (``benches/by_hand.py``);
this file says only which build, timer and result lines each of this set's programs has.

usage: python benches/programs_blind7/measure_by_hand.py [--runs N] [NAME ...]
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from by_hand import MPIRUN, HowToMeasure, main  # noqa: E402

HOW: dict[str, HowToMeasure] = {
    "cardiac_mpi": HowToMeasure("make", "cardiac", timer="regex",
                                timer_regex=r"([0-9.]+) s cpu", check="stdout_lines",
                                check_pattern=r"^  t =|^activation|^conduction",
                                launcher=MPIRUN),
    "percolation_cpp": HowToMeasure("make", "perco", flags_var="CXXFLAGS", timer="regex",
                                    timer_regex=r"([0-9.]+) ms cpu", timer_scale=1e-3,
                                    check="stdout_lines", check_pattern=r"^ *0\.|^spanning"),
    "porous_lbm_quiet": HowToMeasure("make", "porolbm", timer="cpu", check="file",
                                     check_pattern="porolbm.out"),
    "quakecat_f90": HowToMeasure("make", "quakecat", flags_var="FFLAGS", timer="regex",
                                 timer_regex=r"([0-9.]+) s cpu", check="stdout_lines",
                                 check_pattern=r"^  station|^catalogue|^b-value|^mean|"
                                               r"^largest|^triggers"),
    "waterflood_cpp": HowToMeasure("cmake", "build/waterflood", timer="regex",
                                   timer_regex=r"([0-9.]+) ms cpu", timer_scale=1e-3,
                                   check="stdout_lines", check_pattern=r"^ +[0-9]|^water"),
}


if __name__ == "__main__":
    main(HERE, HOW)
