#!/bin/sh
# Photolysis-rate accumulation: the build rows (-O2 as shipped, -O3, -O3 -march=native; same work),
# gcc -fopt-info-vec-missed of the shipped build, and perf annotate -l of accumulate in the shipped build.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -DBUILD='"-O2"' "$SRC/rates.c" -o "$B/rates" 2> /dev/null
{ echo "\$ gcc -O2 -g -fopt-info-vec-missed -c rates.c"; (cd "$B" && gcc -O2 -g -DBUILD='"-O2"' -fopt-info-vec-missed -c "$SRC/rates.c" -o rates.o 2>&1) | clean | grep -v '^ *scalar_type' | head -40; } > "$OUT/opt-info.txt"
gcc -O3 -g -DBUILD='"-O3"' "$SRC/rates.c" -o "$B/rates_o3"
gcc -O3 -march=native -g -DBUILD='"-O3 -march=native"' "$SRC/rates.c" -o "$B/rates_native"
{ show ./rates; show ./rates; show ./rates_o3; show ./rates_o3; show ./rates_native; show ./rates_native; } > "$OUT/builds.txt"
rec p.data -- ./rates
{ echo "\$ perf annotate --stdio -l accumulate"; annotl accumulate 70; } > "$OUT/perf-annotate.txt"
snap
