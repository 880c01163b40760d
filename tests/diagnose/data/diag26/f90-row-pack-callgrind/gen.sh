#!/bin/bash
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g -o "$B/arrtemp" "$SRC/arrtemp.f90"
valgrind --tool=callgrind --callgrind-out-file="$B/cg2.out" "$B/arrtemp" > "$D/run-output.txt" 2>/dev/null
callgrind_annotate "$B/cg2.out" 2>/dev/null | head -40 > "$D/callgrind-annotate.txt"
