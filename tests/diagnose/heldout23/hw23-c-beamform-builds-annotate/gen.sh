#!/bin/sh
# Beamformer (serial build, 2048-sample block in L1): build rows of -O2 and -O2 -fopenmp-simd -DSIMD
# (the reduction marked omp simd), two runs each, and perf annotate --stdio of beam_power in the -O2 build.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/beamform.c" -o "$B/beamform" -lm
gcc -O2 -g -fopenmp-simd -DSIMD "$SRC/beamform.c" -o "$B/beamform_simd" -lm
{ for b in beamform beamform beamform_simd beamform_simd; do show ./$b; done; } > "$OUT/builds.txt"
rec p.data -- ./beamform
{ echo "\$ perf report --stdio --sort sym"; prep --sort sym | grep -v '^#' | grep -v '^$' | head -12; } > "$OUT/perf-report.txt"
{ echo "\$ perf annotate --stdio beam_power"; perf annotate -i "$B/p.data" --stdio beam_power 2> /dev/null | clean | head -70; } > "$OUT/perf-annotate.txt"
snap
