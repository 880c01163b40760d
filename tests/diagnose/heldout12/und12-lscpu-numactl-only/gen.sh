#!/bin/sh
# Only a description of the machine: lscpu and numactl --hardware (no program, no measurement).
. "$(dirname "$0")/../_lib.sh"
{ show lscpu; show numactl --hardware; } > "$OUT/machine.txt"
snap
