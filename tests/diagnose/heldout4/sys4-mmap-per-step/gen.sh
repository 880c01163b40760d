#!/bin/sh
# A 128 MB scratch field mmap-ed and munmap-ed every step, sparsely written: printout, /usr/bin/time -v, perf report.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 "$SRC/mmapstep.c" -o "$B/mm"
"$B/mm" > "$OUT/mmapstep-output.txt"
/usr/bin/time -v "$B/mm" > /dev/null 2> "$OUT/time-v.txt"
(cd "$B" && rec p.data ./mm > /dev/null)
report "$B/p.data" > "$OUT/perf-report.txt"
snap
