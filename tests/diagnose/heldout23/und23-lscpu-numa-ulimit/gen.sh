#!/bin/sh
# What a user pasted: lscpu, free -m and ulimit -a of the node, and a one-line complaint; no run of the program.
. "$(dirname "$0")/../_lib.sh"
{ show lscpu; show free -m; show sh -c 'ulimit -a'; } > "$OUT/node.txt"
echo "our wave model runs 40% slower on this node than on the old cluster, anything wrong with the node?" > "$OUT/note.txt"
snap
