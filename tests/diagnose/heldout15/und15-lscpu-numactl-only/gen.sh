#!/bin/sh
# Undecidable: a machine description only (lscpu and numactl --hardware), as pasted with a
# "my code is slow on this node" question.
. "$(dirname "$0")/../_lib.sh"
{ show lscpu; show numactl --hardware; } > "$OUT/machine.txt"
snap
