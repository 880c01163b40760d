#!/bin/sh
# Regenerates the size-sweep printout fixtures: one union-find program (a chain without path
# compression: quadratic; with it: linear, the look-alike) printing its sweep in the shapes
# programs use ('|' table with units in the header, space-separated columns, n=... lines,
# repeated runs). Run from this directory.
set -eu
B=$(mktemp -d)
trap 'rm -rf "$B"' EXIT
gcc -O1 src/chainfind.c -o "$B/cf"
for shape in pipe spaced kv runs; do
  "$B/cf" "$shape" > "chain-$shape.txt"
  "$B/cf" "$shape" compress > "compress-$shape.txt"
done
