#!/bin/sh
# What a user handed over: the gmon.out of a profiled run (binary; the executable was not kept) and a note.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -pg "$SRC/gaincal.c" -o "$B/gaincal" -lm
(cd "$B" && ./gaincal 64 2000 > /dev/null)
cp "$B/gmon.out" "$OUT/gmon.out"
echo "profiled with -pg as the wiki says, gmon.out attached; the calibration step is slow, what should we change?" > "$OUT/note.txt"
snap
