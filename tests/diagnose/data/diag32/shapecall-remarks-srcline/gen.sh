#!/bin/bash
# a loop calling a small noinline shape function per cell (gcc -O2 leaves it scalar: the call),
# beside a cold set-up loop: gcc's -fopt-info-vec-missed remarks of the build, the program's
# printout and perf report by source line
. "$(dirname "$0")/../_lib.sh"
SRC=$HERE/../_src
cp "$SRC/shapecall.c" "$B/"
cd "$B"
gcc -O2 -g -fopt-info-vec-missed -o shapecall shapecall.c 2> "$D/build.log"
snap
{ echo "\$ ./shapecall 4096 200000"; ./shapecall 4096 200000; } > "$D/run.txt"
perf record -q -e cpu-clock -o "$B/sc.data" ./shapecall 4096 200000 > /dev/null 2>&1
perf report --stdio --no-children --sort srcline -i "$B/sc.data" 2>/dev/null | head -40 > "$D/perf-report-srcline.txt"
