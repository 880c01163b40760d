#!/bin/sh
# The spectrogram program run beside two stress-ng CPU hogs: the load snapshot, the program's line,
# and gprof -b -l (line-level flat profile) of that run.
. "$(dirname "$0")/../_lib.sh"
cp "$SRC/spectro.c" "$B/"
(cd "$B" && gcc -O2 -g -pg spectro.c -o spectro -lm)
load_on 2
loadsnap > "$OUT/load.txt"
show ./spectro 16000 2048 > "$OUT/run.txt"
load_off
(cd "$B" && gprof -b -l ./spectro gmon.out 2> /dev/null) | clean | head -40 > "$OUT/gprof-lines.txt"
snap
