#!/bin/sh
# Gravity anomaly: the program's lines for the long double and the -DDBL build, and perf annotate --stdio of main
# of the long double build.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/gravanom.c" -o "$B/gravanom" -lm
gcc -O2 -g -DDBL "$SRC/gravanom.c" -o "$B/gravanom_dbl" -lm
{ show ./gravanom 6000 6000; show ./gravanom_dbl 6000 6000; } > "$OUT/runs.txt"
rec p.data -- ./gravanom 6000 6000
{ echo "\$ perf record -e cpu-clock ./gravanom 6000 6000; perf annotate --stdio main"; perf annotate -i "$B/p.data" --stdio main 2> /dev/null | clean | grep -v '^\s*0.00 *:' | head -60; } > "$OUT/annotate.txt"
snap
