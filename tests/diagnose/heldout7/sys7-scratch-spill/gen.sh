#!/bin/sh
# A two-pass filter that writes its 64 MB intermediate to a scratch file and reads it back every step: printout, perf report, /usr/bin/time -v.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/spill.c" -o "$B/sp"
(cd "$B" && ./sp 8000000 10 scratch.bin) > "$OUT/filter-output.txt"
(cd "$B" && rec p.data ./sp 8000000 10 scratch.bin > /dev/null)
report "$B/p.data" > "$OUT/perf-report.txt"
(cd "$B" && /usr/bin/time -v ./sp 8000000 10 scratch.bin > /dev/null 2> time-v.txt)
cp "$B/time-v.txt" "$OUT/time-v.txt"
snap
