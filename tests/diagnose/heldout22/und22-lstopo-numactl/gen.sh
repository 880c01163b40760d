#!/bin/sh
# What a user sent before a run: the node's topology (lstopo-no-graphics) and numactl -H, with a question.
. "$(dirname "$0")/../_lib.sh"
{ echo "\$ lstopo-no-graphics --of console"; lstopo-no-graphics --of console 2>&1 | head -40; } > "$OUT/lstopo.txt"
{ echo "\$ numactl -H"; numactl -H 2>&1; } > "$OUT/numactl-H.txt"
echo "Our ocean code is slower on this node type than on the old cluster. Topology attached." > "$OUT/note.txt"
snap
