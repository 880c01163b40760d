#!/bin/sh
# What a user pasted: the node's topology (lstopo text, numactl -H), asking why "the job" is slow; no program data.
. "$(dirname "$0")/../_lib.sh"
{ echo "\$ lstopo-no-graphics --of console"; lstopo-no-graphics --of console 2>&1 || lstopo --of console 2>&1; } | head -40 > "$OUT/lstopo.txt"
show numactl -H > "$OUT/numactl.txt"
snap
