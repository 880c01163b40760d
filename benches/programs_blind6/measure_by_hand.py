"""The expert's reference for the sixth blind set, measured by hand outside perfscout.

How a program is built, timed and checked is the same for every set (``benches/by_hand.py``);
this file says only which build, timer and result lines each of this set's programs has.

usage: python benches/programs_blind6/measure_by_hand.py [--runs N] [NAME ...]
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from by_hand import HowToMeasure, main  # noqa: E402

HOW: dict[str, HowToMeasure] = {
    "bspline_cpp": HowToMeasure("cmake", "build/terrain", timer="regex",
                                timer_regex=r"([0-9.]+) ms cpu", timer_scale=1e-3,
                                check="stdout_lines", check_pattern=r"^  "),
    "channel_mesh_quiet": HowToMeasure("make", "channelmesh", flags_var="CXXFLAGS",
                                       timer="cpu", check="file",
                                       check_pattern="channel.msh"),
    "grayscott_f90": HowToMeasure("make", "gray_scott", flags_var="FFLAGS", timer="regex",
                                  timer_regex=r"([0-9.]+) s cpu", check="stdout_lines",
                                  check_pattern=r"^step|^wrote"),
    "kriging_c": HowToMeasure("make", "krige", timer="regex",
                              timer_regex=r"total ([0-9.]+) s", check="stdout_lines",
                              check_pattern=r"^  "),
    "penning_omp": HowToMeasure("make", "penning", timer="regex",
                                timer_regex=r"([0-9.]+) s cpu", check="stdout_lines",
                                check_pattern=r"^t="),
}


if __name__ == "__main__":
    main(HERE, HOW)
