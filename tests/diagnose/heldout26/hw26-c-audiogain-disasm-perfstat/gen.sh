#!/bin/sh
# Audio gain stage as the user has it: the make line (-O1), perf stat (software events) of one run,
# a flat perf report and objdump of stage().
. "$(dirname "$0")/../_lib.sh"
{ echo "\$ make"; build gcc -O1 -g "$SRC/audiogain.c" -o "$B/audiogain"; } > "$OUT/make.log"
(cd "$B" && perf stat -e task-clock,context-switches,page-faults -- ./audiogain 2>&1) > "$OUT/perf-stat.txt"
rec p.data -- ./audiogain
{ echo "\$ perf report --sort sym"; pdso p.data 1; } > "$OUT/perf-flat.txt"
{ echo "\$ objdump -d audiogain  (stage)"; disasm "$B/audiogain" stage; } > "$OUT/stage.s.txt"
snap
