#!/bin/sh
# What a user pasted: lscpu and numactl -H of the node, and one sentence about the run.
. "$(dirname "$0")/../_lib.sh"
{ echo "\$ lscpu"; lscpu; echo; echo "\$ numactl -H"; numactl -H 2>&1; } > "$OUT/node.txt"
echo "our transport code takes about 40 minutes per case on this node, is that normal?" > "$OUT/note.txt"
snap
