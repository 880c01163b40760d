#!/bin/sh
# 2-D diffusion beside two stress-ng hogs: the user's uptime/ps paste, the shipped build and the build
# with the nest interchanged (-DGOOD) at n=2048 under the same load, and perf annotate --stdio -l of the
# shipped build's main program.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g -J "$B" "$SRC/gridflip.F90" -o "$B/gridflip"
gfortran -O2 -g -DGOOD -J "$B" "$SRC/gridflip.F90" -o "$B/gridflip_good"
load_on 2
loadsnap > "$OUT/load.txt"
{ for b in gridflip gridflip_good gridflip gridflip_good; do echo "\$ ./$b 2048 3"; (cd "$B" && ./$b 2048 3); done; } > "$OUT/builds.txt" 2>&1
rec p.data -- ./gridflip 2048 3
load_off
{ echo "\$ perf annotate --stdio -l MAIN__"; annotl MAIN__ 70; } > "$OUT/perf-annotate.txt"
snap
