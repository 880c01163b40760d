#!/bin/sh
# C++ row RMS norms at -O3 -march=native: the build's -fopt-info-vec-all lines for rms.cpp, perf
# annotate -l of the hot function, and the program's printout.
. "$(dirname "$0")/../_lib.sh"
(cd "$SRC" && g++ -O3 -march=native -g -fopt-info-vec-all rms.cpp -o "$B/rms" 2>&1) | grep 'rms.cpp' > "$OUT/build-opt-info.txt" || true
show ./rms 20000 > "$OUT/run.txt"
rec p.data -- ./rms 40000
(cd "$B" && perf annotate -i p.data --stdio -l 2> /dev/null) | head -120 > "$OUT/perf-annotate.txt"
snap
