#!/bin/sh
# lstopo --of console of the node only.
. "$(dirname "$0")/../_lib.sh"
lstopo --of console > "$OUT/lstopo.txt" 2>&1
snap
