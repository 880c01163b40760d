#!/bin/sh
# Loan accrual: two runs each of the shipped build (long double) and -DDBL, then perf annotate of main
# (hot instructions) of the shipped build.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/interest.c" -o "$B/interest"
gcc -O2 -g -DDBL "$SRC/interest.c" -o "$B/interest_dbl"
{ for b in interest interest interest_dbl interest_dbl; do show ./$b; done; } > "$OUT/builds.txt"
rec p.data -- ./interest
{ echo "\$ perf record -e cpu-clock ./interest; perf annotate --stdio main  (instructions >= 1%)"; annothot main 1; } > "$OUT/annotate-main.txt"
snap
