#!/bin/sh
# C++ 3-D smoothing built with -pg -fno-inline (gprof -l fails on the inlined -O2 build here): gprof's flat profile and its line-level flat profile (gprof -l).
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g -pg -fno-inline "$SRC/field3d.cpp" -o "$B/smooth3d"
show ./smooth3d 160 8 > "$OUT/run.txt"
(cd "$B" && gprof -b -p ./smooth3d gmon.out) 2> /dev/null | head -30 > "$OUT/gprof-flat.txt"
(cd "$B" && gprof -b -l -p ./smooth3d gmon.out) 2> /dev/null | head -40 > "$OUT/gprof-line.txt"
snap
