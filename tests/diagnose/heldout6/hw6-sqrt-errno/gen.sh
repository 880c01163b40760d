#!/bin/sh
# Distances sqrt(x^2+y^2+z^2) over a 32 KB block built -O3 -march=native (math errno left on): printout, gcc missed-vectorization remarks, objdump and perf annotate of radii (its constant-n clone).
. "$(dirname "$0")/../_lib.sh"
gcc -O3 -march=native -g -fopt-info-vec-missed "$SRC/dist.c" -o "$B/d" -lm 2> "$OUT/gcc-vec-missed.txt"
"$B/d" 100000 > "$OUT/dist-output.txt"
# gcc clones radii for the constant n (radii.constprop.0): take the clone main calls when there is one
F=$(nm "$B/d" | awk '$3 == "radii" {n = $3} $3 ~ /^radii[.]constprop/ {c = $3} END {print (c != "") ? c : n}')
disasm "$B/d" "$F" > "$OUT/objdump-radii.txt"
(cd "$B" && rec p.data ./d 60000 > /dev/null)
annot "$B/p.data" "$F" 60 > "$OUT/perf-annotate-radii.txt"
snap
