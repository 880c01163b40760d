# Shared by every heldout9 case's gen.sh: build directory, output directory, tool settings.
# A case's gen.sh runs a program from _src/ under real tools on this machine and writes what they
# print into data/ (the inputs a user would hand over) and the machine snapshot into platform.json.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
SRC=$ROOT/_src
OUT=$HERE/data
PS=${PERFSCOUT:-$(cd "$ROOT/../../.." && pwd)/.venv/bin/perfscout}
rm -rf "$OUT"
mkdir -p "$OUT"
B=$(mktemp -d)
LOADPID=
cleanup() { if [ -n "$LOADPID" ]; then kill "$LOADPID" 2> /dev/null || true; fi; rm -rf "$B"; }
trap cleanup EXIT
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# software events work here; the hardware ones print <not supported> and are kept as printed
SW=task-clock,context-switches,cpu-migrations,page-faults,cycles,instructions
# the machine as it was when the case ran (load average included); SNAP=0 skips it (dry runs)
snap() { if [ "${SNAP:-1}" = 1 ]; then "$PS" snapshot --json > "$HERE/platform.json"; fi; }
# the widest likwid-bench variant of kernel $1 this CPU has
bench_kernel() {
  if grep -qw avx512f /proc/cpuinfo; then echo "${1}_avx512"
  elif grep -qw avx /proc/cpuinfo; then echo "${1}_avx"
  else echo "$1"; fi
}
# perf record with the cpu-clock event (sampling works without counters), run in the build directory
rec() { out=$1; shift; (cd "$B" && perf record -q -e cpu-clock -F 999 -g -o "$out" -- "$@"); }
# perf report with sort key $2 (default sym), as a user pastes it
report() { perf report -i "$1" --stdio --no-children -g none --percent-limit 0.5 --sort "${2:-sym}" 2> /dev/null | head -"${3:-45}"; }
# perf annotate of symbol $2 (as nm prints it) in recording $1 (source lines with percentages)
annot() { perf annotate -i "$1" --stdio -l --no-demangle "$2" 2> /dev/null | head -"${3:-250}"; }
# the disassembly of function $2 in binary $1 (objdump -d, that function only)
disasm() { objdump -d --no-show-raw-insn "$1" | awk -v f="<$2>:" '$2 == f {p = 1} p && /^$/ {exit} p'; }
# the program's own printout, as a user pastes it with the command that ran it (stdout and stderr)
show() { echo "\$ $*"; (cd "$B" && "$@") 2>&1; }
# a background CPU load of N hogs for the contention case, stopped by its pid
load_on() { stress-ng --cpu "$1" --timeout 300s > /dev/null 2>&1 & LOADPID=$!; sleep 3; }
load_off() { kill "$LOADPID" 2> /dev/null || true; wait "$LOADPID" 2> /dev/null || true; LOADPID=; }
