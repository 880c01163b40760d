#!/bin/sh
# C event selection with a data-dependent cut at -O2: the program's printout for the events in
# their input order and sorted by pt (same events, same work), and perf annotate -l of main.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/cutsel.c" -o "$B/cutsel"
{ show ./cutsel 1000000 60; show ./cutsel 1000000 60 sorted; } > "$OUT/run.txt"
rec p.data -- ./cutsel 1000000 60
perf annotate -i "$B/p.data" --stdio -l -s main 2> /dev/null | clean | head -150 > "$OUT/perf-annotate-main.txt"
snap
