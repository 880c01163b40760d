#!/bin/bash
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -pg -static -o "$B/qsortmed" "$SRC/qsortmed.c"
(cd "$B" && ./qsortmed 20000 > "$D/run-output.txt" && gprof -b -p ./qsortmed gmon.out > "$D/gprof-flat.txt")
