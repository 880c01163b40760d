#!/bin/sh
# A user's "machine info" for a slow job: numastat, numastat -m (per-node memory) and lscpu.
. "$(dirname "$0")/../_lib.sh"
{ show numastat; show numastat -m; } > "$OUT/numastat.txt"
show lscpu > "$OUT/lscpu.txt"
snap
