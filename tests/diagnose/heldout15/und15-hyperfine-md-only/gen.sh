#!/bin/sh
# Undecidable: hyperfine's markdown export of three runs of the EOS-table program, nothing else.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g "$SRC/eostab.f90" -o "$B/eostab"
(cd "$B" && hyperfine --runs 3 --warmup 1 --export-markdown bench.md './eostab 4000 400000' > /dev/null 2>&1)
cp "$B/bench.md" "$OUT/bench.md"
snap
