#!/bin/sh
# The same relaxation update: perf report by symbol (with call graphs, --no-children) and
# perf annotate --stdio of main with source lines.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -c "$SRC/extmain.c" -o "$B/extmain.o"; gcc -O2 -g -c "$SRC/scale.c" -o "$B/scale.o"; gcc -O2 "$B/extmain.o" "$B/scale.o" -o "$B/relax"
rec p.data -g -- ./relax 80000
perf report -i "$B/p.data" --stdio --no-children --sort sym -g none --percent-limit 0.5 2> /dev/null | head -40 > "$OUT/perf-report-sym.txt"
perf annotate -i "$B/p.data" --stdio -l main 2> /dev/null | head -150 > "$OUT/perf-annotate-main.txt"
snap
