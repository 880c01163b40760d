#!/bin/sh
# Heat solver writing its whole grid as text every step through a 1 MiB stdio buffer: printout (solve vs output time), strace -c, perf report.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/dumpgrid.c" -o "$B/dg"
"$B/dg" 400 20 "$B/s1.txt" > "$OUT/dumpgrid-output.txt"
strace -c -o "$OUT/strace-c.txt" "$B/dg" 400 20 "$B/s2.txt" > /dev/null
(cd "$B" && rec p.data ./dg 400 20 s3.txt > /dev/null)
report "$B/p.data" > "$OUT/perf-report.txt"
snap
