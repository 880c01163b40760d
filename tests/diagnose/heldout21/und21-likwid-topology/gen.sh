#!/bin/sh
# What a user handed over: likwid-topology of the node and a note asking how to make the code faster.
. "$(dirname "$0")/../_lib.sh"
{ echo "\$ likwid-topology"; likwid-topology 2>&1 | head -60; } > "$OUT/likwid-topology.txt"
echo "Our node's topology is attached. Which settings should we use to make our solver faster?" > "$OUT/note.txt"
snap
