#!/bin/sh
# Only numactl --show as the user's job saw it: the policy and CPUs, nothing about the program.
. "$(dirname "$0")/../_lib.sh"
numactl --show > "$OUT/numactl-show.txt"
snap
