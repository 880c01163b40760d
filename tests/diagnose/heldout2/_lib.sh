# Shared by every held-out case's gen.sh: build directory, output directory, tool settings.
# A case's gen.sh runs real programs under real tools on this machine and writes what they
# print into data/ (the inputs perfscout reads) and the machine snapshot into platform.json.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
SRC=$ROOT/_src
OUT=$HERE/data
PS=${PERFSCOUT:-$(cd "$ROOT/../../.." && pwd)/.venv/bin/perfscout}
rm -rf "$OUT"
mkdir -p "$OUT"
B=$(mktemp -d)
trap 'rm -rf "$B"' EXIT
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# software events only work here; the hardware ones print <not supported>, kept as they are
SW=task-clock,context-switches,cpu-migrations,page-faults,cycles,instructions
# the machine as it was when the case ran (load average included)
snap() { "$PS" snapshot --json > "$HERE/platform.json"; }
# the likwid-bench triad kernel this CPU has
bench_kernel() {
  if grep -qw avx512f /proc/cpuinfo; then echo triad_avx512_fma
  elif grep -qw fma /proc/cpuinfo; then echo triad_avx_fma
  else echo triad; fi
}
# three likwid-bench triad runs on both cores, 1 GB working set, in one file
bench_triad() { for _ in 1 2 3; do likwid-bench -t "$(bench_kernel)" -w S0:500MB:2; done; }
# perf record with the cpu-clock event (sampling works without counters)
rec() { out=$1; shift; perf record -q -e cpu-clock -F 999 -g -o "$out" -- "$@"; }
# a background CPU load of N hogs for the contention cases; stopped on exit
load_on() { stress-ng --cpu "$1" --timeout 120s > /dev/null 2>&1 & LOADPID=$!; sleep 2; }
load_off() { kill "$LOADPID" 2> /dev/null || true; wait "$LOADPID" 2> /dev/null || true; }
