#!/bin/sh
# Gain control of an in-cache section calling agc_gain() from another file: -fopt-info-vec-all of agc.c,
# perf report of the separate build, and the run of three builds (separate -O2, -O2 -flto, -O3 -flto).
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -c "$SRC/agc_gain.c" -o "$B/agc_gain.o"
gcc -O2 -g -fopt-info-vec-all -c "$SRC/agc.c" -o "$B/agc.o" 2> "$B/optinfo.txt"
gcc "$B/agc.o" "$B/agc_gain.o" -o "$B/agc"
gcc -O2 -g -flto "$SRC/agc.c" "$SRC/agc_gain.c" -o "$B/agc_lto"
gcc -O3 -g -flto "$SRC/agc.c" "$SRC/agc_gain.c" -o "$B/agc_lto3"
{ echo "\$ gcc -O2 -g -fopt-info-vec-all -c agc.c"; clean < "$B/optinfo.txt" | head -40; } > "$OUT/opt-info.txt"
{ echo "# agc: gcc -O2 -c agc.c agc_gain.c, linked; agc_lto: gcc -O2 -flto; agc_lto3: gcc -O3 -flto"
  show ./agc 2000 300000; show ./agc_lto 2000 300000; show ./agc_lto3 2000 300000; } > "$OUT/builds.txt"
rec p.data -- ./agc 2000 300000
prep --sort dso,sym --percent-limit 1 | clean > "$OUT/perf-report.txt"
snap
