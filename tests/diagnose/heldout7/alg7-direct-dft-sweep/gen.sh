#!/bin/sh
# Direct DFT of a sampled signal: printouts for N = 1024, 2048, 4096, 8192 and perf report.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/dft.c" -o "$B/dft" -lm
for n in 1024 2048 4096 8192; do "$B/dft" $n; done > "$OUT/dft-sweep.txt"
(cd "$B" && rec p.data ./dft 4096 > /dev/null)
report "$B/p.data" > "$OUT/perf-report.txt"
snap
