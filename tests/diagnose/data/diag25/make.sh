#!/bin/sh
# Real-tool fixtures of diag25 (run from this folder; gcc, gfortran, perf, strace, time).
set -e
B=$(mktemp -d)
# 1. OMP_THREAD_LIMIT below OMP_NUM_THREADS: OMP_DISPLAY_ENV=verbose and the printout
gcc -O2 -fopenmp teamcap.c -o "$B/teamcap" -lm
OMP_THREAD_LIMIT=1 OMP_NUM_THREADS=2 OMP_DISPLAY_ENV=verbose "$B/teamcap" > threadlimit.log 2>&1
# 2. text input parsed by the language runtime: a gfortran list-directed READ (perf report by
#    dso,sym; strace -c) and a C fscanf loop over the same file (perf report, default sort)
gfortran -O2 -g txtin.f90 -o "$B/txtin"
gcc -O2 -g scanin.c -o "$B/scanin"
(cd "$B" && ./txtin write vals.txt)
(cd "$B" && perf record -q -e cpu-clock -o f.data ./txtin text vals.txt > /dev/null 2>&1)
perf report -i "$B/f.data" --stdio --no-children --sort dso,sym 2> /dev/null | head -40 > fortran-read-perf.txt
(cd "$B" && strace -c -o sc.txt ./txtin text vals.txt > /dev/null 2>&1); cp "$B/sc.txt" fortran-read-strace-c.txt
(cd "$B" && perf record -q -e cpu-clock -o c.data ./scanin vals.txt > /dev/null 2>&1)
perf report -i "$B/c.data" --stdio --no-children 2> /dev/null | head -40 > c-fscanf-perf.txt
(cd "$B" && strace -c -o sc2.txt ./scanin vals.txt > /dev/null 2>&1); cp "$B/sc2.txt" c-fscanf-strace-c.txt
rm -rf "$B"
# 3. a serial run while other work holds the CPUs (three busy loops of ours on 2 CPUs):
#    /proc/pressure/cpu before and after, /usr/bin/time -v of the run
B=$(mktemp -d)
gcc -O1 spin.c -o "$B/spin"
H=""; for k in 1 2 3; do sh -c 'while :; do :; done' & H="$H $!"; done
sleep 3
{ echo "# cat /proc/pressure/cpu"; cat /proc/pressure/cpu
  /usr/bin/time -v "$B/spin" 2>&1
  echo "# cat /proc/pressure/cpu"; cat /proc/pressure/cpu; } > contended-psi-time.log
for h in $H; do kill "$h"; done
{ for f in cpu memory io; do echo "\$ cat /proc/pressure/$f"; cat /proc/pressure/$f; done; } > pressure-only.txt
rm -rf "$B"
# 4. a 48 MB work array allocated per step vs once: strace -f -T -e trace=memory call lines
B=$(mktemp -d)
gfortran -O2 stepalloc.f90 -o "$B/stepalloc"
strace -f -T -e trace=memory -o strace-mem-step.txt "$B/stepalloc" step > /dev/null
strace -f -T -e trace=memory -o strace-mem-once.txt "$B/stepalloc" once > /dev/null
rm -rf "$B"
# 5. iostat alone (extended, and the default tps form) taken while a text file is read
B=$(mktemp -d)
gfortran -O2 txtin.f90 -o "$B/txtin"; (cd "$B" && ./txtin write vals.txt)
iostat -x 1 3 > iostat-x.txt & I=$!
(cd "$B" && ./txtin text vals.txt && ./txtin text vals.txt) > /dev/null
wait "$I"
iostat -d 1 2 > iostat-d.txt
rm -rf "$B"
# 6. a per-thread printout whose busy time carries its unit in the key (busy_ms=), with perf
#    report by thread; 7. two MPI ranks, rank 0 alone computing a diagnostic: perf report by
#    pid,srcline
B=$(mktemp -d)
gcc -O2 -g -fopenmp tri.c -o "$B/tri" -lm
OMP_NUM_THREADS=2 OMP_PROC_BIND=true "$B/tri" 20000 > tri-threads.txt
(cd "$B" && OMP_NUM_THREADS=2 OMP_PROC_BIND=true perf record -q -e cpu-clock -o t.data ./tri 20000 > /dev/null 2>&1)
perf report -i "$B/t.data" --stdio --no-children --sort pid 2> /dev/null | head -30 > tri-perf-pid.txt
mpicc -O2 -g rootdiag.c -o "$B/rootdiag" -lm
(cd "$B" && perf record -q -e cpu-clock -o m.data mpirun --allow-run-as-root --oversubscribe -np 2 ./rootdiag 40 > /dev/null 2>&1)
perf report -i "$B/m.data" --stdio --no-children --comm rootdiag --sort pid,srcline --percent-limit 1 2> /dev/null | head -40 > mpi-perf-pid-srcline.txt
(cd "$B" && mpirun --allow-run-as-root --oversubscribe -np 2 ./rootdiag 40) > mpi-run.txt 2>&1
rm -rf "$B"
# 8. the text read as a user reports it (time -v, strace -c, no profile), and a plain byte
#    scan of the same file (wc -l): reads at the same rate, the CPU in the kernel
B=$(mktemp -d)
gfortran -O2 txtin.f90 -o "$B/txtin"; (cd "$B" && ./txtin write vals.txt)
(cd "$B" && /usr/bin/time -v ./txtin text vals.txt) > fortran-read-time-v.txt 2>&1
(cd "$B" && strace -c -o sc.txt ./txtin text vals.txt > /dev/null 2>&1); cp "$B/sc.txt" fortran-read-strace-c-2.txt
(cd "$B" && /usr/bin/time -v wc -l vals.txt) > wc-time-v.txt 2>&1
(cd "$B" && strace -c -o sw.txt wc -l vals.txt > /dev/null 2>&1); cp "$B/sw.txt" wc-strace-c.txt
rm -rf "$B"
# 9. a serial qsort between parallel loops: the program's times at 1 and 2 threads, and perf
#    report by pid,sym at 2 threads
B=$(mktemp -d)
gcc -O2 -g -fopenmp sortpar.c -o "$B/sortpar" -lm
for t in 1 2; do echo "\$ OMP_NUM_THREADS=$t ./sortpar"; OMP_NUM_THREADS=$t "$B/sortpar"; done > sort-threads-1-2.txt
(cd "$B" && OMP_NUM_THREADS=2 perf record -q -e cpu-clock -o s.data ./sortpar > /dev/null 2>&1)
perf report -i "$B/s.data" --stdio --no-children --sort pid,sym --percent-limit 1 2> /dev/null | head -40 > sort-perf-pid-sym.txt
rm -rf "$B"
# 10. a std::regex built per line: perf report by symbol (the bracket matcher's _M_ready is
#     regex compilation, not I/O)
B=$(mktemp -d)
g++ -O2 -g rxline.cpp -o "$B/rxline"
(cd "$B" && perf record -q -e cpu-clock -o r.data ./rxline 20000 > /dev/null 2>&1)
perf report -i "$B/r.data" --stdio --no-children --sort sym --percent-limit 0.5 2> /dev/null | head -50 > regex-perf-sym.txt
rm -rf "$B"
