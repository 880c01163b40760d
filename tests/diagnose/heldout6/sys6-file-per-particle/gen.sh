#!/bin/sh
# Input read as one small text file per particle (20000 files): printout, strace -c, perf report, /usr/bin/time -v.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/smallfiles.c" -o "$B/sf"
mkdir "$B/particles"
"$B/sf" gen "$B/particles" 20000
"$B/sf" "$B/particles" 20000 > "$OUT/reader-output.txt"
strace -c -o "$OUT/strace-c.txt" "$B/sf" "$B/particles" 20000 > /dev/null
(cd "$B" && rec p.data ./sf particles 20000 > /dev/null)
report "$B/p.data" > "$OUT/perf-report.txt"
/usr/bin/time -v "$B/sf" "$B/particles" 20000 > /dev/null 2> "$OUT/time-v.txt"
snap
