#!/bin/sh
# Regenerates the size-sweep printout fixtures: one union-find program (a chain without path
# compression: quadratic; with it: linear, the look-alike) printing its sweep in the shapes
# programs use ('|' table with units in the header, space-separated columns, n=... lines,
# repeated runs, CPU time alone, a growth column). Run from this directory. Numbers change run
# to run (wall times with the load); the tests check the committed outputs by hand.
set -eu
B=$(mktemp -d)
trap 'rm -rf "$B"' EXIT
gcc -O1 src/chainfind.c -o "$B/cf"
for shape in pipe spaced kv runs cpuonly ratio; do
  "$B/cf" "$shape" > "chain-$shape.txt"
  "$B/cf" "$shape" compress > "compress-$shape.txt"
done
# gprof of one run per size (find() not inlined): the chain at 12000 and 36000 items, the
# linear look-alike at 12 and 36 million (large enough for gprof's 10 ms samples)
gcc -O1 -pg -fno-inline src/chainfind.c -o "$B/cfpg"
for run in "x 12000 chain" "x 36000 chain" "compress 12000000 compress" "compress 36000000 compress"; do
  set -- $run
  (cd "$B" && ./cfpg one "$1" "$2" > /dev/null && gprof -b -p ./cfpg gmon.out > gprof.txt)
  cp "$B/gprof.txt" "gprof-$3-$2.txt"
done
