"""The expert's reference for the eighteenth blind set, measured by hand outside perfscout.

How a program is built, timed and checked is the same for every set (``benches/by_hand.py``);
this file says only which build, timer and result lines each of this set's programs has.

usage: python benches/programs_blind18/measure_by_hand.py [--runs N] [NAME ...]
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from by_hand import HowToMeasure, main  # noqa: E402

HOW: dict[str, HowToMeasure] = {
    "accel_f90": HowToMeasure("make", "nodalkick", flags_var="FFLAGS", timer="regex",
                              timer_regex=r"accelerate: +([0-9.]+) s",
                              check="stdout_lines",
                              check_pattern=r"^ (xvel|yvel|kinetic|probe)"),
    "conv3d_quiet": HowToMeasure("make", "voxfilter", timer="cpu", check="stdout_lines",
                                 check_pattern=r"^(sum|sumsq|weighted|voxel)"),
    "histo_omp": HowToMeasure("make", "pixtally", timer="regex",
                              timer_regex=r"Timing: compute ([0-9.]+) s",
                              check="stdout_lines", check_pattern=r"^counts"),
    "md_cpp": HowToMeasure("cmake", "build/ljforce", timer="regex",
                           timer_regex=r"perf: ([0-9.]+) ms total", timer_scale=1e-3,
                           check="stdout_lines", check_pattern=r"^force"),
    "sparselu_c": HowToMeasure("make", "blockfact", timer="regex",
                               timer_regex=r"Time Program += ([0-9.]+) seconds",
                               check="stdout_lines",
                               check_pattern=r"^(Blocks|Factor|log|Corner)"),
}


if __name__ == "__main__":
    main(HERE, HOW)
