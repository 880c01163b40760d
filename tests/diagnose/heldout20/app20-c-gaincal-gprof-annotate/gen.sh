#!/bin/sh
# Detector calibration recomputing the channel gain per sample: gprof's flat profile of a -pg build,
# perf report --sort dso,sym and perf annotate --stdio -l of channel_gain from a normal build, and perf report
# --children --sort srcline of a DWARF call-graph recording (inclusive share per source line).
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -pg "$SRC/gaincal.c" -o "$B/gaincal_pg" -lm
gcc -O2 -g "$SRC/gaincal.c" -o "$B/gaincal" -lm
{ echo "\$ ./gaincal 64 4000"; (cd "$B" && ./gaincal 64 4000); } > "$OUT/run.txt" 2>&1
(cd "$B" && ./gaincal_pg 64 4000 > /dev/null)
{ echo "\$ gprof -b -p gaincal gmon.out"; (cd "$B" && gprof -b -p gaincal_pg gmon.out 2> /dev/null) | head -20; } > "$OUT/gprof-flat.txt"
rec p.data -- ./gaincal 64 4000
prep --sort dso,sym --percent-limit 1 | clean > "$OUT/perf-report.txt"
{ echo "\$ perf annotate --stdio -l channel_gain"; annotl channel_gain 50; } > "$OUT/perf-annotate.txt"
recg g.data -- ./gaincal 64 4000
{ echo "\$ perf record --call-graph dwarf ./gaincal 64 4000; perf report --children --sort srcline -g none"; srcchildren g.data; } > "$OUT/perf-children-srcline.txt"
snap
