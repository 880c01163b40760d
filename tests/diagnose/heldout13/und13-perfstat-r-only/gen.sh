#!/bin/sh
# Undecidable: perf stat -r 5 of the C++ polar-mesh flux program asking for context switches,
# migrations and page faults only (the user was checking faults), nothing else.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/facegeom.cpp" -o "$B/facegeom"
{ echo "\$ perf stat -r 5 -e context-switches,cpu-migrations,page-faults ./facegeom 200 256 30"; (cd "$B" && perf stat -r 5 -e context-switches,cpu-migrations,page-faults ./facegeom 200 256 30 2>&1); } > "$OUT/perf-stat-r.txt"
snap
