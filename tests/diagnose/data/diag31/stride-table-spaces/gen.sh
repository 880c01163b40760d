#!/bin/bash
# column sums down a row-major matrix, the same 2^27 updates at every size, in a whitespace
# table whose last header holds a space (GB/s(4 B/update)), times from /usr/bin/time
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -o "$B/colsum" "$SRC/colsum.c"
snap
cd "$B"
{ echo "\$ ./sweep.sh"; printf "%6s %7s %10s %8s %18s\n" n passes updates user_s "GB/s(4 B/update)"
  for n in 256 512 1024 2048 4096; do
    p=$(( (1 << 27) / (n * n) ))
    t=$( { /usr/bin/time -f "%U" ./colsum $n $p cols > /dev/null; } 2>&1 )
    awk -v n=$n -v p=$p -v t=$t 'BEGIN { u = p * n * n; printf "%6d %7d %10d %8.2f %18.2f\n", n, p, u, t, (t > 0 ? 4 * u / t / 1e9 : 0) }'
  done; } > "$D/run.txt"
