#!/bin/bash
# machine facts only: numactl -H and likwid-topology (no run measured)
. "$(dirname "$0")/../_lib.sh"
snap
numactl -H > "$D/numactl-H.txt" 2>&1
likwid-topology > "$D/likwid-topology.txt" 2>&1 || true
