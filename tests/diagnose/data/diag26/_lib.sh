# shared by the cases' gen.sh: build into a scratch dir, write tool outputs into $D (the case's data/)
set -eu
HERE=$(cd "$(dirname "$0")" && pwd); SRC=$HERE/../_src; D=$HERE/data; B=${TMPDIR:-/tmp}/diag26-bin
mkdir -p "$D" "$B"
perf_rec() { perf record -q -e cpu-clock -F 1999 -g -o "$B/perf.data" -- "$@" > "$D/run-output.txt" 2>&1; }
timev() { /usr/bin/time -v -o "$1" "${@:2}"; }
