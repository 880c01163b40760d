#!/bin/bash
# one run of the flock, birds joining every step: the program's step table (each row that
# step's time and the running total), after the echoed command
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -o "$B/flocking" "$HERE/../_src/flocking.c"
snap
cd "$B"
{ echo "\$ ./flocking steps 32 150"; ./flocking steps 32 150; } > "$D/run.txt"
