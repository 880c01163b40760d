#!/bin/sh
# Buoy track writer, shipped build, 20000 fixes (200000 lost events under perf trace): perf trace -s (per-syscall summary) with the program's own line.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/gpslog.c" -o "$B/gpslog" -lm
{ echo "\$ perf trace -s ./gpslog 20000"; ptrace_s ./gpslog 20000; } > "$OUT/perf-trace-s.txt"
snap
