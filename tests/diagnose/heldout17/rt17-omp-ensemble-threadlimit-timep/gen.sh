#!/bin/sh
# The ensemble program run from a job script asking for 2 threads in an environment whose profile
# sets OMP_THREAD_LIMIT=1: the job-script excerpt, the run with OMP_DISPLAY_ENV=verbose, and the
# shell's time -p of the same run.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/ensemble.c" -o "$B/ensemble" -lm
jobscript run_ens.sh > "$OUT/jobscript.txt" << 'EOS'
#!/bin/bash
source /etc/profile.d/site-serial.sh   # site profile (exports OMP_THREAD_LIMIT=1)
export OMP_NUM_THREADS=2
export OMP_DISPLAY_ENV=verbose
./ensemble 40 20000 10
EOS
export OMP_THREAD_LIMIT=1
{ echo "\$ OMP_DISPLAY_ENV=verbose OMP_NUM_THREADS=2 ./ensemble 40 20000 10"; (cd "$B" && OMP_DISPLAY_ENV=verbose OMP_NUM_THREADS=2 ./ensemble 40 20000 10 2>&1); } > "$OUT/run.txt"
{ echo "\$ time -p ./ensemble 40 20000 10"; OMP_NUM_THREADS=2 ptime ./ensemble 40 20000 10; } > "$OUT/time-p.txt"
unset OMP_THREAD_LIMIT
snap
