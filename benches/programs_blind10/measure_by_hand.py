"""The expert's reference for the tenth blind set, measured by hand outside perfscout.

How a program is built, timed and checked is the same for every set (``benches/by_hand.py``);
this file says only which build, timer and result lines each of this set's programs has.

usage: python benches/programs_blind10/measure_by_hand.py [--runs N] [NAME ...]
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from by_hand import HowToMeasure, main  # noqa: E402

HOW: dict[str, HowToMeasure] = {
    "bfs_c": HowToMeasure("make", "reach", timer="regex",
                          timer_regex=r"search time: ([0-9.]+) s wall", check="stdout_lines",
                          check_pattern=r"^ +[0-9]+ +[0-9]|^area|^unserved"),
    "cholesky_f90": HowToMeasure("make", "gpfield", flags_var="FFLAGS", timer="regex",
                                 timer_regex=r"factorisation: +([0-9.]+) s cpu",
                                 check="stdout_lines",
                                 check_pattern=r"^log det|^L\(|^ +[0-9]+ +[0-9]"),
    "nussinov_quiet": HowToMeasure("make", "rnafold", timer="cpu", check="stdout_lines",
                                   check_pattern=r"^transcript"),
    "particlefilter_cpp": HowToMeasure("cmake", "build/tracker", timer="regex",
                                       timer_regex=r"filter ([0-9.]+) s", check="stdout_lines",
                                       check_pattern=r"^ +[0-9]+ +[0-9]|^mean"),
    "xsbench_omp": HowToMeasure("make", "xslookup", timer="cpu", check="stdout_lines",
                                check_pattern=r"^ +[0-9]+ +[0-9]+ |^verification"),
}


if __name__ == "__main__":
    main(HERE, HOW)
