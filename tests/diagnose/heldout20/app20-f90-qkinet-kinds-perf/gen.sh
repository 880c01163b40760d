#!/bin/sh
# Reaction-network integration in real(16): the run of the shipped build and of the same source built with
# -DWP=8, perf report --sort dso,sym, and perf report --children --sort srcline of a DWARF call-graph
# recording (quad build).
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g -J "$B" "$SRC/qkinet.F90" -o "$B/qkinet"
gfortran -O2 -g -DWP=8 -J "$B" "$SRC/qkinet.F90" -o "$B/qkinet8"
{ for b in qkinet qkinet8 qkinet qkinet8; do echo "\$ ./$b 150000"; (cd "$B" && ./$b 150000); done; } > "$OUT/kinds.txt" 2>&1
rec p.data -- ./qkinet 150000
prep --sort dso,sym --percent-limit 1 | clean > "$OUT/perf-report.txt"
recg g.data -- ./qkinet 150000
{ echo "\$ perf record --call-graph dwarf ./qkinet 150000; perf report --children --sort srcline -g none"; srcchildren g.data; } > "$OUT/perf-children-srcline.txt"
snap
