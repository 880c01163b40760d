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
