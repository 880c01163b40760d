#!/bin/sh
# Gravity anomaly: objdump -d of main (long double build) and perf stat of the long double build and of a
# double build the user tried (-DDBL), nothing else.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/gravanom.c" -o "$B/gravanom" -lm
gcc -O2 -g -DDBL "$SRC/gravanom.c" -o "$B/gravanom_dbl" -lm
{ echo "\$ objdump -d --no-show-raw-insn gravanom | (main)"; disasm "$B/gravanom" main | head -120; } > "$OUT/objdump_main.txt"
{ echo "\$ perf stat ./gravanom 6000 6000"; perfstatp ./gravanom 6000 6000; echo "\$ perf stat ./gravanom_dbl 6000 6000"; perfstatp ./gravanom_dbl 6000 6000; } > "$OUT/perfstat.txt"
snap
