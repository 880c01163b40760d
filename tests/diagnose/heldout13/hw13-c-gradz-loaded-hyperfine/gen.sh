#!/bin/sh
# The gradz program of hw13-c-gradz-sweep-callgrind on a machine loaded by 2 stress-ng CPU hogs
# (started here, stopped by pid): uptime and ps, then hyperfine's parameter scan over the grid side
# (the same ~20 M point updates at every size), exported as JSON (per-run wall, user, system).
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/gradz.c" -o "$B/gradz"
load_on 2
loadsnap > "$OUT/uptime-ps.txt"
(cd "$B" && hyperfine -N --runs 3 --parameter-scan n 48 176 -D 64 --export-json hyperfine.json './gradz {n} 20' > /dev/null 2>&1)
load_off
clean < "$B/hyperfine.json" > "$OUT/hyperfine.json"
snap
