#!/bin/sh
# Audio gain stage: the project's build (-O1) and the same source at -O3 -march=native, two runs each,
# then perf annotate of stage() of the -O1 build (hot instructions only).
. "$(dirname "$0")/../_lib.sh"
gcc -O1 -g "$SRC/audiogain.c" -o "$B/audiogain"
gcc -O3 -march=native -g "$SRC/audiogain.c" -o "$B/audiogain_o3"
{ echo "# audiogain built with: gcc -O1 -g audiogain.c ; audiogain_o3 with: gcc -O3 -march=native -g audiogain.c"; for b in audiogain audiogain audiogain_o3 audiogain_o3; do show ./$b; done; } > "$OUT/builds.txt"
rec p.data -- ./audiogain
{ echo "\$ perf record -e cpu-clock ./audiogain; perf annotate --stdio stage   (instructions >= 0.5%)"; annothot stage 0.5; } > "$OUT/annotate-stage.txt"
snap
