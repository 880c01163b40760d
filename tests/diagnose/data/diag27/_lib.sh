# shared by the cases' gen.sh: build into a scratch dir, write tool outputs into $D (the case's data/)
set -eu
HERE=$(cd "$(dirname "$0")" && pwd); SRC=$HERE/../_src; D=$HERE/data; B=${TMPDIR:-/tmp}/diag27-bin
ROOT=$(cd "$HERE/../../../../.." && pwd); PY=${PY:-/work/main/.venv/bin/python}
rm -rf "$D"; mkdir -p "$D" "$B"
snap() { (cd "$ROOT" && PYTHONPATH=src $PY -m perfscout snapshot --json) > "$HERE/platform.json" 2>/dev/null; }
perf_rec() { perf record -q -e cpu-clock -F 1999 -g -o "$B/perf.data" -- "$@" > "$D/run-output.txt" 2>&1; }
# other work beside the run: two CPU hogs for as long as the block runs (busy machine)
load_on() { stress-ng --cpu 2 --timeout 300s --quiet & LOADPID=$!; sleep 2; }
load_off() { kill "$LOADPID"; wait "$LOADPID" 2>/dev/null || true; }
