#!/bin/sh
# Regenerate the diag14 fixtures (application/compute gaps): sh make.sh  (gcc 12, g++, perf,
# gprof, objdump, Open MPI). Builds in a scratch directory; numbers change run to run.
set -eu
D=$(cd "$(dirname "$0")" && pwd); S="$D/src"; B=$(mktemp -d); cd "$B"
PR="perf record -q -e cpu-clock -F 2000 -o perf.data"
REP="perf report -i perf.data --stdio --no-children --sort symbol,dso"
# 1. _Decimal64: perf report, gprof flat profile, objdump of the kernel
gcc -O2 -g -o ledger "$S/ledger.c"
$PR ./ledger 20 >/dev/null 2>&1 && $REP > "$D/perf-report-decimal.txt" 2>/dev/null
rm -f gmon.out; gcc -O2 -g -pg -o ledger_pg "$S/ledger.c" && ./ledger_pg 60 >/dev/null
gprof -b -p ledger_pg gmon.out > "$D/gprof-decimal.txt"
objdump -d --no-show-raw-insn ledger | awk '/<post>:/,/^$/' > "$D/objdump-decimal-post.txt"
# 2. float kernel widened by double literals, and the float-literal fix
gcc -O2 -g -o fltlit "$S/fltlit.c" && gcc -O2 -g -o fltlit_fixed "$S/fltlit_fixed.c"
objdump -d --no-show-raw-insn fltlit | awk '/<blend>:/,/^$/' > "$D/objdump-fltlit-blend.txt"
objdump -d --no-show-raw-insn fltlit_fixed | awk '/<blend>:/,/^$/' > "$D/objdump-fltlit-fixed-blend.txt"
gcc -O3 -march=x86-64-v3 -g -o fltlit_vec "$S/fltlit.c"
objdump -d --no-show-raw-insn fltlit_vec | awk '/<blend>:/,/^$/' > "$D/objdump-fltlit-vec-blend.txt"
$PR ./fltlit 100000 >/dev/null 2>&1
perf annotate -i perf.data --stdio blend > "$D/perf-annotate-fltlit.txt" 2>/dev/null
# 3. exceptions as control flow, and a look-alike with one miss in 2000
g++ -O2 -g -o lookup "$S/lookup.cpp" && g++ -O2 -g -o lookup_rare "$S/lookup_rare.cpp"
$PR ./lookup 400000 >/dev/null 2>&1 && $REP > "$D/perf-report-exceptions.txt" 2>/dev/null
$PR ./lookup_rare 400000 >/dev/null 2>&1 && $REP > "$D/perf-report-exceptions-rare.txt" 2>/dev/null
# 4. an engine seeded per Monte Carlo path, and one engine for all paths
g++ -O2 -g -o mcpaths "$S/mcpaths.cpp" && g++ -O2 -g -o mcpaths_fixed "$S/mcpaths_fixed.cpp"
$PR ./mcpaths 200000 16 >/dev/null 2>&1 && $REP > "$D/perf-report-rng-per-path.txt" 2>/dev/null
$PR ./mcpaths_fixed 200000 16 >/dev/null 2>&1 && $REP > "$D/perf-report-rng-one-engine.txt" 2>/dev/null
g++ -O2 -g -pg -o mc_pg "$S/mcpaths.cpp" && g++ -O2 -g -pg -o mcf_pg "$S/mcpaths_fixed.cpp"
rm -f gmon.out && ./mc_pg 200000 16 >/dev/null && gprof -b -p mc_pg gmon.out > "$D/gprof-rng-per-path.txt"
rm -f gmon.out && ./mcf_pg 200000 16 >/dev/null && gprof -b -p mcf_pg gmon.out > "$D/gprof-rng-one-engine.txt"
# 5. element-wise MPI_Allreduce of a 16 MiB array for one maximum
mpicc -O2 -g -o resmax "$S/resmax.c"
mpirun --allow-run-as-root --oversubscribe -np 2 ./resmax 2097152 20 > "$D/resmax-output.txt"
$PR -- mpirun --allow-run-as-root --oversubscribe -np 2 ./resmax 2097152 20 >/dev/null 2>&1
$REP --comm resmax > "$D/perf-report-resmax.txt" 2>/dev/null
# Open MPI's own monitoring of the same run, and of the fixed variant (one scalar per call)
MON="--mca pml_monitoring_enable 2 --mca pml_monitoring_enable_output 3"
mpirun --allow-run-as-root --oversubscribe -np 2 $MON --mca pml_monitoring_filename "$B/mon" \
    ./resmax 2097152 20 >/dev/null && cp "$B/mon.0.prof" "$D/ompi-monitoring-resmax.0.prof"
mpicc -O2 -g -o resmax_scalar "$S/resmax_scalar.c"
mpirun --allow-run-as-root --oversubscribe -np 2 $MON --mca pml_monitoring_filename "$B/mons" \
    ./resmax_scalar 2097152 20 >/dev/null && cp "$B/mons.0.prof" "$D/ompi-monitoring-scalar.0.prof"
cd "$B"; rm -rf "$B"
