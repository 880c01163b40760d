#!/bin/sh
# Feeder voltage drop: build rows of the shipped build and of -DHOIST (attenuation once per bus), two runs
# each, and callgrind_annotate --auto=yes --inclusive=yes of a small shipped run (40 buses, 8640 samples).
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/feeder.c" -o "$B/feeder" -lm
gcc -O2 -g -DHOIST "$SRC/feeder.c" -o "$B/feeder_hoist" -lm
{ show ./feeder 400 86400; show ./feeder 400 86400; show ./feeder_hoist 400 86400; show ./feeder_hoist 400 86400; } > "$OUT/builds.txt"
(cd "$B" && valgrind --tool=callgrind --callgrind-out-file=cg.out ./feeder 40 8640 > /dev/null 2>&1)
{ echo "\$ callgrind_annotate --auto=yes --inclusive=yes callgrind.out"; callgrind_annotate --auto=yes --inclusive=yes "$B/cg.out" 2> /dev/null | clean | head -150; } > "$OUT/callgrind-annotate.txt"
snap
