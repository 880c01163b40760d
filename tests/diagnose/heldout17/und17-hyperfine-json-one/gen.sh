#!/bin/sh
# Undecidable: hyperfine's JSON export of three runs of one command (the smoothing program at one
# size), nothing else.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g -J "$B" "$SRC/tempfld.f90" -o "$B/tempfld"
(cd "$B" && hyperfine --runs 3 --style none --export-json "$OUT/hyperfine.json" './tempfld 1024 15' > /dev/null 2>&1)
sed -i -e "s|$B/||g" "$OUT/hyperfine.json"
snap
