#!/bin/sh
# Regenerates the fixtures of the A/B reader (ingest/ab_runs.py): real runs of the two
# programs in src/, built with gcc here. Run from this directory.
set -eu
B=$(mktemp -d)
trap 'rm -rf "$B"' EXIT
gcc -O1 -fno-if-conversion -fno-if-conversion2 src/modes.c -o "$B/modes"
gcc -O2 src/prec.c -o "$B/prec"
# a mode per run, each echoed with its command, twice (interleaved)
for _ in 1 2; do for m in raw sorted; do echo "\$ ./modes $m 1000000 10"; "$B/modes" $m 1000000 10; done; done > modes-runs.txt
# one run printing a table of both modes under its column names
{ echo "\$ ./modes table 1000000 10"; "$B/modes" table 1000000 10; } > modes-table.txt
# the factor in the command only: float or double
for t in float double; do echo "\$ ./prec $t 20000000"; "$B/prec" $t 20000000; done > prec-runs.txt
# a size sweep: the counts differ, so it is no A/B
for n in 250000 500000 1000000; do echo "\$ ./modes raw $n 10"; "$B/modes" raw $n 10; done > size-sweep.txt
# the branch simulator on the raw order (the second family of the A/B's cause)
gcc -O1 -g -fno-if-conversion -fno-if-conversion2 src/modes.c -o "$B/modes_g"
valgrind --tool=cachegrind --cache-sim=no --branch-sim=yes --cachegrind-out-file="$B/cg.out" "$B/modes_g" raw 200000 2 > /dev/null 2>&1
cg_annotate "$B/cg.out" > cg-annotate-branch.txt
