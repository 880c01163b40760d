"""The expert's reference for the sixteenth blind set, measured by hand outside perfscout.

How a program is built, timed and checked is the same for every set (``benches/by_hand.py``);
this file says only which build, timer and result lines each of this set's programs has.

usage: python benches/programs_blind16/measure_by_hand.py [--runs N] [NAME ...]
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from by_hand import HowToMeasure, main  # noqa: E402

HOW: dict[str, HowToMeasure] = {
    "cutcp_quiet": HowToMeasure("make", "potmap", timer="cpu", check="stdout_lines",
                                check_pattern=r"^lattice|^potential|^points|^minimum|^probes"),
    "ft_f90": HowToMeasure("make", "spectral", flags_var="FFLAGS", timer="regex",
                           timer_regex=r"Time in seconds = +([0-9.]+)", check="stdout_lines",
                           check_pattern=r"^ FT grid|^ T ="),
    "quantum_cpp": HowToMeasure("cmake", "build/qsim", timer="regex",
                                timer_regex=r"gates applied [0-9]+ in ([0-9.]+) s",
                                check="stdout_lines",
                                check_pattern=r"^qsim|^states|^amplitudes|^P\(bit"),
    "sad_c": HowToMeasure("make", "mvsearch", timer="regex",
                          timer_regex=r"\[sad\] ([0-9.]+) ms", timer_scale=1e-3,
                          check="stdout_lines", check_pattern=r"^clip|^frame|^total"),
    "tpacf_omp": HowToMeasure("make", "angcorr", timer="regex",
                              timer_regex=r"Time: ([0-9.]+) s", check="stdout_lines",
                              check_pattern=r"^tpacf|^ +[0-9]+ |^ pairs"),
}


if __name__ == "__main__":
    main(HERE, HOW)
