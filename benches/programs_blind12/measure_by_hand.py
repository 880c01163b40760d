"""The expert's reference for the twelfth blind set, measured by hand outside perfscout.

How a program is built, timed and checked is the same for every set (``benches/by_hand.py``);
this file says only which build, timer and result lines each of this set's programs has.

usage: python benches/programs_blind12/measure_by_hand.py [--runs N] [NAME ...]
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from by_hand import HowToMeasure, main  # noqa: E402

HOW: dict[str, HowToMeasure] = {
    "backprop_quiet": HowToMeasure("make", "facenet", timer="cpu", check="stdout_lines",
                                   check_pattern=r"^epochs|^output|^error|^weights|^hidden"),
    "doitgen_cpp": HowToMeasure("cmake", "build/spectralmix", timer="regex",
                                timer_regex=r"mixing took ([0-9.]+) ms", timer_scale=0.001,
                                check="stdout_lines", check_pattern=r"^cube|^peak|^band"),
    "heat3d_f90": HowToMeasure("make", "kiln", flags_var="FFLAGS", timer="regex",
                               timer_regex=r"diffusion: +([0-9.]+) s cpu",
                               check="stdout_lines", check_pattern=r"^checksum"),
    "srad_omp": HowToMeasure("make", "despeckle", timer="regex",
                             timer_regex=r"srad time ([0-9.]+) s", check="stdout_lines",
                             check_pattern=r"^image|^pixel"),
    "trmm_c": HowToMeasure("make", "basischange", timer="regex", timer_regex=r"trmm: ([0-9.]+) s",
                           check="stdout_lines", check_pattern=r"^coefficients|^largest|^sample"),
}


if __name__ == "__main__":
    main(HERE, HOW)
