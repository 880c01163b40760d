# Shared by every heldout26 case's gen.sh (copied from heldout24's, helpers added at the end): build directory, output directory, tool helpers.
# A case's gen.sh builds a program from _src/, runs it under real tools on this machine and writes
# what they print into data/ (the files a user would hand over) and the machine snapshot into
# platform.json (perfscout snapshot, the only perfscout command these scripts run).
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
# the machine as it was when the case ran (load average included); SNAP=0 skips it (dry runs)
snap() { if [ "${SNAP:-1}" = 1 ]; then "$PS" snapshot --json > "$HERE/platform.json"; fi; }
# a command line as the user typed it, then what it printed (stdout and stderr together), run in $B
show() { echo "\$ $*"; (cd "$B" && "$@") 2>&1; }
# perf record with the cpu-clock software event (no hardware counters here): rec FILE [perf options] -- command
rec() { o=$1; shift; (cd "$B" && perf record -q -e cpu-clock -F 999 -o "$o" "$@" 2> /dev/null) > /dev/null; }
# the disassembly of function $2 of binary $1 (objdump -d, that function only)
disasm() { objdump -d --no-show-raw-insn "$1" | awk -v f="<$2>:" '$2 == f {p = 1} p && /^$/ {exit} p'; }
# a CPU load of N stress-ng hogs beside the program (contention case only), stopped by its pid
load_on() { stress-ng --cpu "$1" --timeout 120s > /dev/null 2>&1 & LOADPID=$!; sleep 3; }
load_off() { kill "$LOADPID" 2> /dev/null || true; wait "$LOADPID" 2> /dev/null || true; LOADPID=; }
# /usr/bin/time -v of a command, its report alone in file $1: timev FILE command...
timev() { o=$1; shift; (cd "$B" && /usr/bin/time -v -o "$o" "$@"); }
# Open MPI as a user runs it here (root, 2 CPUs): mpi ARGS... (run in $B)
mpi() { (cd "$B" && mpirun --allow-run-as-root --oversubscribe "$@"); }
# the first 100 lines of a perf report of $B/p.data with the given sort options
prep() { perf report -i "$B/p.data" --stdio --no-children "$@" 2> /dev/null | head -100; }
# strip this run's temporary build directory and the _src/ path from tool output (stdin to stdout)
clean() { sed -e "s|$B/||g" -e "s|$SRC/||g"; }
# uptime and the busiest processes, as a user pastes them next to a slow run
loadsnap() { { show uptime; show ps -eo pid,pcpu,comm --sort=-pcpu; } 2>&1 | head -8; }
# Open MPI's pml monitoring component writing per-rank message matrices to $B/mon.<rank>.prof:
# mpimon ARGS... (an mpirun with those options, run in $B); monfiles prints the files one after another
mpimon() { mpi --mca pml_monitoring_enable 2 --mca pml_monitoring_enable_output 3 --mca pml_monitoring_filename mon "$@"; }
monfiles() { for f in "$B"/mon.*.prof; do echo "==> $(basename "$f") <=="; cat "$f"; done; }
# one CSV row of /usr/bin/time for a command: csvtime FILE PREFIX command... (PREFIX: the leading columns)
csvtime() { o=$1; p=$2; shift 2; (cd "$B" && /usr/bin/time -f "$p,%e,%U,%S,%M" -a -o "$o" "$@" > /dev/null); }
# perf sched record (scheduler tracepoints, all CPUs) while a command runs in $B; the command's own
# output goes to $B/FILE.out: schedrec FILE command...
schedrec() { o=$1; shift; (cd "$B" && perf sched record -o "$o" "$@" > "$o.out" 2> /dev/null); }
# perf sched timehist -s (run-time summary per task) of $B/FILE
thsum() { perf sched timehist -i "$B/$1" -s 2> /dev/null; }
# perf sched timehist event lines (time, cpu, task, wait, delay, run) of the tasks whose name
# contains $2, with the header, at most $3 lines (default 60)
thlines() { perf sched timehist -i "$B/$1" 2> /dev/null | awk -v p="$2" 'NR <= 3 || index($0, p)' | head -"${3:-60}"; }
# perf sched latency of $B/FILE (per-task run time, switches, average and maximum scheduling delay)
schedlat() { perf sched latency -i "$B/$1" 2> /dev/null | head -"${2:-40}"; }
# a job-script excerpt as the user pastes it (stdin to stdout, with a heading line)
jobscript() { echo "### job script ($1)"; cat; }
# --- added for heldout15 ---
# perf sched map of $B/FILE (one line per context switch, one column per CPU; "*" marks the CPU that
# switched; the legend lines name each task), at most $2 lines (default 120)
schedmap() { perf sched map -i "$B/$1" 2> /dev/null | head -"${2:-120}"; }
# perf diff of two recordings in $B with sample periods shown (baseline first): pdiff BASE NEW [options]
pdiff() { b=$1; n=$2; shift 2; perf diff --period "$@" "$B/$b" "$B/$n" 2> /dev/null | head -60; }
# folded stacks (the FlameGraph "stack count" format) from a perf record -g file in $B: folded FILE;
# one line per distinct call stack, root first, frames joined by ';', then the sample count
folded() {
  perf script -i "$B/$1" -F comm,ip,sym 2> /dev/null | awk '
    function emit(   i, line) { line = comm; for (i = n - 1; i >= 0; i--) line = line ";" fr[i]; cnt[line]++; n = 0 }
    /^$/ { if (n) emit(); next }
    /^[ \t]+[0-9a-f]+ / && n >= 0 && comm != "" && $0 ~ /^\t/ { s = $2; for (k = 3; k <= NF; k++) s = s "_" $k; fr[n++] = s; next }
    { if (n) emit(); comm = $1; n = 0 }
    END { if (n) emit(); for (l in cnt) printf "%d\t%s\n", cnt[l], l }' | sort -nr | head -"${2:-60}" | awk -F'\t' '{print $2, $1}'
}
# --- added for heldout16 ---
# per-thread placement of a running process (ps -L: thread id, last processor, CPU share), sampled
# once after $2 seconds while the command in $B runs: psthreads DELAY command...
psthreads() { d=$1; shift; (cd "$B" && "$@" > "$B/psthreads.out" 2>&1) & PP=$!; sleep "$d"; echo "\$ ps -L -o pid,tid,psr,pcpu,comm -p <pid>"; ps -L -o pid,tid,psr,pcpu,comm --ppid "$PP" -p "$PP" 2>&1 | grep -v ' sh$' ; wait "$PP"; }
# gcov's JSON intermediate format (gcov --json-format --stdout), one object per source file
gcovjson() { (cd "$B" && gcov --json-format --stdout "$@" 2> /dev/null); }
# top in batch mode, one iteration, the first $1 lines (default 15)
topsnap() { top -b -n 1 -w 120 2> /dev/null | head -"${1:-15}"; }
# --- added for heldout17 ---
# the scheduler lines of /proc/<pid>/status (voluntary and nonvoluntary context switches, allowed CPUs)
# of every thread of a command running in $B, read after $2 seconds: procstatus DELAY command...
procstatus() { d=$1; shift; (cd "$B" && "$@" > "$B/procstatus.out" 2>&1) & PP=$!; sleep "$d"; for t in /proc/"$PP"/task/*/status /proc/$(pgrep -P "$PP" | head -1)/task/*/status; do [ -r "$t" ] && { echo "==> $t <=="; grep -E '^(Name|Pid|Threads|Cpus_allowed_list|voluntary_ctxt_switches|nonvoluntary_ctxt_switches)' "$t"; }; done 2> /dev/null; wait "$PP"; }
# the shell's own time keyword in POSIX form (real/user/sys in seconds) for a command in $B: ptime command...
ptime() { (cd "$B" && bash -c 'time -p "$@"' _ "$@") 2>&1; }
# --- added for heldout18 ---
# perf annotate in the two-column source+assembly layout (--stdio2) of function $1 from $B/p.data
annot2() { perf annotate -i "$B/p.data" --stdio2 "$1" 2> /dev/null | clean | head -"${2:-120}"; }
# vmstat 1 in the background while a command runs in $B (samples to $B/vmstat.out): vmwhile command...
vmwhile() { vmstat 1 > "$B/vmstat.out" 2>&1 & VP=$!; (cd "$B" && "$@"); kill "$VP" 2> /dev/null || true; wait "$VP" 2> /dev/null || true; }
# --- added for heldout19 ---
# perf annotate --stdio with the per-line summary (-l, --print-line: source lines sorted by their
# share) of function $1 from $B/p.data, at most $2 lines (default 80)
annotl() { perf annotate -i "$B/p.data" --stdio -l "$1" 2> /dev/null | clean | head -"${2:-80}"; }
# the program's output and the environment display of an OpenMP run in $B: ompenv NAME=value... command...
# (OMP_DISPLAY_ENV=true added; the NAME=value pairs are exported for that run only)
ompenv() { (cd "$B" && env OMP_DISPLAY_ENV=true "$@") 2>&1; }
# --- added for heldout20 ---
# gprof's annotated source listing (-A: each function's entry line with its call count) of binary $1 and
# $B/gmon.out, brief form (-b), at most $2 lines (default 80)
gprofA() { (cd "$B" && gprof -b -A "$1" gmon.out 2> /dev/null) | clean | head -"${2:-80}"; }
# strace with wall-clock timestamps (-tt) of the given syscalls for a command in $B: stracett FILTER command...
stracett() { f=$1; shift; (cd "$B" && strace -tt -e trace="$f" "$@" 2>&1 > /dev/null); }
# perf record with DWARF call graphs (cpu-clock software event): recg FILE [perf options] -- command
recg() { o=$1; shift; (cd "$B" && perf record -q -e cpu-clock -F 999 --call-graph dwarf -o "$o" "$@" 2> /dev/null) > /dev/null; }
# perf report --children --sort srcline -g none of $B/FILE: each source line's inclusive share (a line
# that calls a hot routine carries the routine's time), lines above $2 percent (default 3)
srcchildren() { perf report -i "$B/$1" --stdio --children --sort srcline -g none --percent-limit "${2:-3}" 2> /dev/null | grep -v '^$' | clean | head -60; }
# --- added for heldout21 ---
# perf stat -a (system wide: every CPU, not only the command's tasks) of a command run in $B, with the
# command's own output first: perfstata command...
perfstata() { (cd "$B" && perf stat -a -e task-clock,context-switches,cpu-migrations -- "$@" 2>&1); }
# perf stat of the command's own tasks (software events), output as perfstata: perfstatp command...
perfstatp() { (cd "$B" && perf stat -e task-clock,context-switches,cpu-migrations,page-faults -- "$@" 2>&1); }
# objdump -S (disassembly interleaved with the source lines) of function $2 of binary $1
objsrc() { objdump -S --no-show-raw-insn --disassemble="$2" "$1" 2> /dev/null | awk '/^Disassembly of section .text/ {p = 1; next} /^Disassembly of section/ {p = 0} p' | clean; }
# a sorted environment dump as a user saves it (env | sort), of the given NAME=value list only (env -i):
# envdump NAME=value...
envdump() { env -i "$@" env | sort; }
# --- added for heldout22 ---
# perf report --hierarchy (one indented level per sort key: command, shared object, symbol) of $B/p.data
phier() { perf report -i "$B/p.data" --stdio --no-children --hierarchy --sort comm,dso,sym --percent-limit "${1:-1}" 2> /dev/null | grep -v '^$' | clean | head -60; }
# perf report with the output fields chosen by the user (-F overhead,sym,srcline): per-line shares of $B/p.data
psrcf() { perf report -i "$B/p.data" --stdio --no-children -F overhead,sym,srcline --percent-limit "${1:-1}" 2> /dev/null | grep -v '^$' | clean | head -60; }
# perf report per thread id (--sort pid,sym: the pid key is command and thread id) of $B/p.data
ptid() { perf report -i "$B/p.data" --stdio --no-children --sort pid,sym --percent-limit "${1:-1}" 2> /dev/null | grep -v '^$' | clean | head -60; }
# gprof's per-line execution counts (-C, --exec-counts) of binary $1 and $B/gmon.out
gprofC() { (cd "$B" && gprof -b -C "$1" gmon.out 2> /dev/null) | clean | head -"${2:-60}"; }
# llvm-mca's throughput summary of the assembly file $1 (gcc -S output), the first $2 lines
mca() { llvm-mca -mcpu=x86-64 "$1" 2> /dev/null | head -"${2:-40}"; }
# --- added for heldout23 ---
# perf report sorted by thread id and symbol with the shared object (--sort tid... is not a key here:
# pid is command/thread id), of $B/FILE, lines above $2 percent: ppidso FILE [limit]
ppidso() { perf report -i "$B/$1" --stdio --no-children --sort pid,dso,sym --percent-limit "${2:-1}" 2> /dev/null | grep -v '^$' | clean | head -60; }
# perf report --sort dso,sym of $B/FILE above $2 percent
pdso() { perf report -i "$B/$1" --stdio --no-children --sort dso,sym --percent-limit "${2:-1}" 2> /dev/null | grep -v '^$' | clean | head -50; }
# perf trace -s (per-syscall summary: calls, errors, total/min/avg/max msec) of a command in $B,
# the command's own output first, then the summary section of perf trace's output: ptrace_s command...
ptrace_s() { (cd "$B" && perf trace -s -o "$B/trace.out" -- "$@" 2>&1); sed -n '/Summary of events/,$p' "$B/trace.out" | head -60; }
# cg_annotate of a cachegrind run of a command in $B with the cache simulation on (D1 and LL misses per
# line, --auto=yes for the source): cgsim FILE command...
cgsim() { o=$1; shift; (cd "$B" && valgrind --tool=cachegrind --cache-sim=yes --cachegrind-out-file="$o" "$@" > /dev/null 2>&1); cg_annotate --auto=yes "$B/$o" 2> /dev/null | clean | head -"${CGLINES:-120}"; }
# callgrind_annotate --tree=caller (each function with the callers of its cost) of $B/FILE
cgtree() { callgrind_annotate --tree=caller "$B/$1" 2> /dev/null | clean | head -"${2:-90}"; }
# gcov's text listing (FILE.gcov: execution count, line number, source) of source $1 built in $B with
# --coverage, the lines between $2 and $3
gcovtxt() { (cd "$B" && gcov -o . "$1" > /dev/null 2>&1); awk -v a="$2" -v b="$3" -F: '{ l = $2 + 0 } l >= a && l <= b' "$B/$(basename "$1").gcov"; }
# massif's peak report: ms_print of $B/FILE, the first $2 lines
msprint() { ms_print "$B/$1" 2> /dev/null | clean | head -"${2:-60}"; }
# --- added for heldout24 ---
# perf report --sort comm,dso of $B/FILE (share per command and shared object), lines above $2 percent
pcommdso() { perf report -i "$B/$1" --stdio --no-children --sort comm,dso --percent-limit "${2:-1}" 2> /dev/null | grep -v '^$' | clean | head -40; }
# perf report with caller call graphs (-g caller, folded to the first levels) of a perf record -g file $B/FILE
pcaller() { perf report -i "$B/$1" --stdio --no-children -g caller,0.5,callee,function,percent --percent-limit "${2:-2}" 2> /dev/null | grep -v '^$' | clean | head -"${3:-70}"; }
# cg_annotate of a cachegrind run with the cache simulation, only the data-read and miss columns, sorted by D1 read misses
cgmiss() { o=$1; shift; (cd "$B" && valgrind --tool=cachegrind --cache-sim=yes --cachegrind-out-file="$o" "$@" > /dev/null 2>&1); cg_annotate --show=Dr,D1mr,DLmr --sort=D1mr --auto=yes "$B/$o" 2> /dev/null | clean | head -"${CGLINES:-90}"; }
# strace -c -f (syscall count summary) of a command in $B, the command's own output first
stracec() { (cd "$B" && strace -c -f -o "$B/strace.c" "$@" 2>&1); cat "$B/strace.c"; }
# --- added for heldout26 ---
# perf record of every MPI rank into its own file $B/FILE.<rank> (a wrapper script run by mpirun):
# mpiperf FILE NP command... ; then rankrep FILE RANK shows one rank's symbol report above 1 percent
mpiperf() { o=$1; np=$2; shift 2; printf '#!/bin/sh\nexec perf record -q -e cpu-clock -F 999 -o %s.$OMPI_COMM_WORLD_RANK "$@" 2> /dev/null\n' "$o" > "$B/wrap.sh"; chmod +x "$B/wrap.sh"; mpi -np "$np" ./wrap.sh "$@"; }
rankrep() { perf report -i "$B/$1.$2" --stdio --no-children --sort dso,sym --percent-limit 1 2> /dev/null | grep -v '^$' | clean | head -30; }
# perf annotate --stdio of symbol $1 from $B/p.data, only the instructions above $2 percent and the header
annothot() { perf annotate -i "$B/p.data" --stdio "$1" 2> /dev/null | clean | awk -v m="${2:-0.5}" 'NR <= 6 || ($1 + 0 >= m && $2 == ":")' | head -"${3:-60}"; }
# the build lines a user's make printed (the compile command echoed, then run): build CMD...
build() { echo "$*" | clean; "$@" 2>&1 | clean; }
# --- added for heldout27 ---
# gcc's vectorizer report for a build (-fopt-info-vec-all), the lines naming source file $1 only: vecinfo SRCNAME gcc-args...
vecinfo() { s=$1; shift; echo "\$ gcc $*" | clean; gcc "$@" 2>&1 | clean | grep -F "$s" | head -40; }
# /proc/<pid>/status of a command running in $B, read after $1 seconds (the whole file): pstatus DELAY command...
pstatus() { d=$1; shift; (cd "$B" && "$@" > "$B/pstatus.out" 2>&1) & PP=$!; sleep "$d"; C=$(pgrep -P "$PP" | head -1); echo "\$ cat /proc/<pid>/status"; cat /proc/"${C:-$PP}"/status 2> /dev/null || true; wait "$PP"; }
