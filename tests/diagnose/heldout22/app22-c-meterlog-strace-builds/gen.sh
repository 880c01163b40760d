#!/bin/sh
# Meter archive: build rows (fflush after every record, and -DNOFLUSH stdio buffering), two runs each, and
# strace -c -w (wall-clock time per system call) of the shipped build.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/meterlog.c" -o "$B/meterlog"
gcc -O2 -g -DNOFLUSH "$SRC/meterlog.c" -o "$B/meterlog_buf"
{ show ./meterlog 400000; show ./meterlog 400000; show ./meterlog_buf 400000; show ./meterlog_buf 400000; } > "$OUT/builds.txt"
(cd "$B" && strace -c -w -o "$B/sc.txt" ./meterlog 400000 > /dev/null)
{ echo "\$ strace -c -w ./meterlog 400000"; cat "$B/sc.txt"; } > "$OUT/strace-c-w.txt"
snap
