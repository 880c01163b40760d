#!/bin/sh
# Only the machine's cache description (getconf, lscpu -C): no measurement of the program (field3d).
. "$(dirname "$0")/../_lib.sh"
{ echo "\$ getconf -a | grep -i CACHE"; getconf -a | grep -i CACHE; } > "$OUT/getconf-cache.txt"
show lscpu -C > "$OUT/lscpu-C.txt"
snap
