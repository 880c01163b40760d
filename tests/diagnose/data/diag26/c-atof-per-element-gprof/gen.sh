#!/bin/bash
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -pg -static -o "$B/atofloop" "$SRC/atofloop.c"
(cd "$B" && ./atofloop 40 > "$D/run-output.txt" && gprof -b -p ./atofloop gmon.out > "$D/gprof-flat.txt")
