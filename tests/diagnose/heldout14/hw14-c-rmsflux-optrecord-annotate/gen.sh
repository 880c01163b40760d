#!/bin/sh
# C weighted RMS of flux jumps over an in-cache array, built -O3 -march=native: GCC's optimization
# record (-fsave-optimization-record, the .json.gz it writes), the printout of that build and of
# the same source built with -ffast-math added, and perf annotate -l of main (jump_rms is inlined there) from the first build.
. "$(dirname "$0")/../_lib.sh"
cp "$SRC/rmsflux.c" "$B/"
(cd "$B" && gcc -O3 -march=native -g -fsave-optimization-record rmsflux.c -o rmsflux -lm)
(cd "$B" && gcc -O3 -march=native -ffast-math -g rmsflux.c -o rmsflux_fm -lm)
cp "$B"/rmsflux*.opt-record.json.gz "$OUT/"
{ echo "# gcc -O3 -march=native -g rmsflux.c -o rmsflux -lm"; show ./rmsflux 4096 120000
  echo "# gcc -O3 -march=native -ffast-math -g rmsflux.c -o rmsflux_fm -lm"; show ./rmsflux_fm 4096 120000; } > "$OUT/run.txt"
rec p.data -- ./rmsflux 4096 120000
{ echo "\$ perf annotate --stdio -l -s main"; perf annotate -i "$B/p.data" --stdio -l -s main 2> /dev/null | clean | head -90; } > "$OUT/perf-annotate.txt"
snap
