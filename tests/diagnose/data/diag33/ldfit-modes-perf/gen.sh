#!/bin/bash
# the fit built in long double and in double, run side by side (the program's own lines), and
# a perf report of the long double run
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -o "$B/ldfit" "$HERE/../_src/ldfit.c" -lm
gcc -O2 -DREAL=double -o "$B/ldfit_double" "$HERE/../_src/ldfit.c" -lm
snap
cd "$B"
{ echo "\$ ./ldfit 2048 200"; ./ldfit 2048 200; echo "\$ ./ldfit_double 2048 200"
  ./ldfit_double 2048 200; } > "$D/modes.txt"
perf record -q -o perf.data ./ldfit 2048 200 > /dev/null 2>&1
perf report -i perf.data --stdio 2>/dev/null > "$D/perf-report.txt"
