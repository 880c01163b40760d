#!/bin/sh
# Duplicate-read flagging by all-pairs comparison: a size table (4000-32000 reads, pair column) and
# callgrind_annotate (inclusive functions and the annotated source with call counts) of a 3000-read run.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/readdup.c" -o "$B/readdup"
{ echo "\$ for n in 4000 8000 16000 32000; do ./readdup \$n; done"; (cd "$B" && for n in 4000 8000 16000 32000; do ./readdup $n; done); } > "$OUT/size-table.txt" 2>&1
(cd "$B" && valgrind --tool=callgrind --callgrind-out-file=cg.out ./readdup 3000 > /dev/null 2>&1)
{ echo "\$ callgrind_annotate --inclusive=yes callgrind.out"; callgrind_annotate --inclusive=yes "$B/cg.out" 2> /dev/null | clean | head -40; } > "$OUT/callgrind-inclusive.txt"
{ echo "\$ callgrind_annotate --auto=yes callgrind.out"; callgrind_annotate --auto=yes "$B/cg.out" 2> /dev/null | clean | head -140; } > "$OUT/callgrind-annotate.txt"
snap
