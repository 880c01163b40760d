#!/bin/sh
# Undecidable: likwid-topology -g of the machine (a machine description), nothing else.
. "$(dirname "$0")/../_lib.sh"
show likwid-topology -g > "$OUT/likwid-topology.txt"
snap
