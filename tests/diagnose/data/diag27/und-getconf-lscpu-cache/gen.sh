#!/bin/bash
# machine facts only: getconf -a and lscpu -C (no run measured)
. "$(dirname "$0")/../_lib.sh"
snap
getconf -a > "$D/getconf-a.txt"
lscpu -C > "$D/lscpu-cache.txt"
