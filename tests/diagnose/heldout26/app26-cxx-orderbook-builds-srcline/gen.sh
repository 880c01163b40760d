#!/bin/sh
# Order book replay: two runs each of the shipped build (std::list + find_if) and -DHASH, then perf report
# -F overhead,sym,srcline of the shipped build.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/orderbook.cpp" -o "$B/orderbook"
g++ -O2 -g -DHASH "$SRC/orderbook.cpp" -o "$B/orderbook_hash"
{ for b in orderbook orderbook orderbook_hash orderbook_hash; do show ./$b; done; } > "$OUT/builds.txt"
rec p.data -- ./orderbook
{ echo "\$ perf record -e cpu-clock ./orderbook; perf report -F overhead,sym,srcline"; psrcf 1; } > "$OUT/perf-srcline.txt"
snap
