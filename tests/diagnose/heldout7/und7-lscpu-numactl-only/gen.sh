#!/bin/sh
# Only the machine description a user attaches to "my code is slow": lscpu, numactl --hardware and numactl --show.
. "$(dirname "$0")/../_lib.sh"
lscpu > "$OUT/lscpu.txt"
numactl --hardware > "$OUT/numactl-hardware.txt"
numactl --show > "$OUT/numactl-show.txt"
snap
