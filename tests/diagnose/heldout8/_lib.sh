# Shared by every heldout8 case's gen.sh: build directory, output directory, tool settings.
# A case's gen.sh runs real programs under real tools on this machine and writes what they
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
# the machine as it was when the case ran (load average included)
snap() { "$PS" snapshot --json > "$HERE/platform.json"; }
# the widest likwid-bench variant of kernel $1 (copy, ddot, triad...) this CPU has
bench_kernel() {
  if grep -qw avx512f /proc/cpuinfo; then echo "${1}_avx512"
  elif grep -qw avx /proc/cpuinfo; then echo "${1}_avx"
  else echo "$1"; fi
}
# three likwid-bench runs of kernel $1 on both cores (1 GB working set), in one file
bench3() { for _ in 1 2 3; do likwid-bench -t "$(bench_kernel "$1")" -w S0:1GB:2; done; }
# perf record with the cpu-clock event (sampling works without counters)
rec() { out=$1; shift; perf record -q -e cpu-clock -F 999 -g -o "$out" -- "$@"; }
# the top of a perf report, as a user pastes it
report() { perf report -i "$1" --stdio --no-children -g none --percent-limit 0.5 2> /dev/null | head -"${2:-45}"; }
# a background CPU load of N hogs for the contention cases, stopped by its pid
load_on() { stress-ng --cpu "$1" --timeout 300s > /dev/null 2>&1 & LOADPID=$!; sleep 2; }
load_off() { kill "$LOADPID" 2> /dev/null || true; wait "$LOADPID" 2> /dev/null || true; LOADPID=; }
# perf annotate of symbol $2 in recording $1, as a user pastes it (source lines with percentages)
annot() { perf annotate -i "$1" --stdio -l "$2" 2> /dev/null | head -"${3:-80}"; }
# the disassembly of function $2 in binary $1 (objdump -d, that function only)
disasm() { objdump -d --no-show-raw-insn "$1" | awk -v f="<$2>:" '$2 == f {p = 1} p && /^$/ {exit} p'; }
# callgrind_annotate of a callgrind run of "$@" (source lines), as a user pastes it
cgrind() { (cd "$B" && valgrind --tool=callgrind --callgrind-out-file=cg.out "$@" > /dev/null 2>&1); callgrind_annotate --auto=yes "$B/cg.out" 2> /dev/null | head -"${CGLINES:-140}"; }
# gprof flat profile and call graph of a -pg binary run as "$@" in the build directory (brief, as a user pastes it)
gprofrun() { bin=$1; shift; (cd "$B" && "$bin" "$@" > /dev/null && gprof -b "$bin" gmon.out 2> /dev/null | head -"${GPLINES:-60}"); }
# the program's own printout, as a user pastes it with the command that ran it
show() { echo "\$ $*"; "$@"; }
# perf report sorted by CPU (where the samples ran), as a user pastes it
bycpu() { perf report -i "$1" --stdio --no-children -g none --sort cpu 2> /dev/null | head -"${2:-30}"; }
