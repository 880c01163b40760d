#!/bin/sh
# Rebuild the fixtures: both builds run twice each (builds.txt, the terminal as pasted), and
# cachegrind of the std::map build at a small size annotated by cg_annotate (cg-annotate.txt,
# self costs per file:function: the tree walk inlined into main shows under stl_tree.h).
set -e
cd "$(dirname "$0")"
t=$(mktemp -d)
g++ -O2 -g -o "$t/cellsum" cellsum.cpp
g++ -O2 -g -DFLAT -o "$t/cellsum_flat" cellsum.cpp
{ for b in cellsum cellsum cellsum_flat cellsum_flat; do echo "\$ ./$b"; "$t/$b"; done; } > builds.txt
(cd "$t" && valgrind --tool=cachegrind --cache-sim=yes --cachegrind-out-file=cg.out ./cellsum 20000 2 >/dev/null 2>&1 \
  && { echo '$ cg_annotate cg.out'; cg_annotate cg.out; } > cg-annotate.txt)
cp "$t/cg-annotate.txt" .
rm -rf "$t"
