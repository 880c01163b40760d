#!/bin/bash
# perf trace -s of a program that opens, appends to and closes its log at every step
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -o "$B/steplog" "$SRC/steplog.c"
snap
cd "$B"
rm -f steps.log
{ echo "\$ perf trace -s ./steplog 5000"; perf trace -s ./steplog 5000 2>&1; } > "$D/perf-trace-s.txt"
