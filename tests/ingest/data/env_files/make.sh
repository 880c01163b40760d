#!/bin/sh
# Regenerates the fixtures of the environment-file readers: the runs below are real (gcc,
# libgomp's OMP_DISPLAY_ENV, nproc, procps pmap); the module files, the sourced settings
# file and the run script are written by people, as sites write them, and are kept as they
# are. Run from this directory.
set -eu
B=$(mktemp -d)
trap 'rm -rf "$B"' EXIT
gcc -O2 -fopenmp src/stars.c -o "$B/stars"
# the run with the sourced settings applied: what the runtime reports, and how many CPUs
# the shell that started it could use
# (its export lines only: `module` is no command here). nproc honours OMP_NUM_THREADS and
# OMP_THREAD_LIMIT, so the CPUs the shell may use are asked before the settings apply, as in
# a login shell before the site file is sourced
{ echo '$ nproc'; nproc; } > run-with-site-env.txt
( eval "$(grep '^export ' site-env.sh)"
  { echo '$ . ./site-env.sh; nproc'; nproc; echo '$ OMP_DISPLAY_ENV=true ./stars'
    OMP_DISPLAY_ENV=true "$B/stars"; } >> run-with-site-env.txt 2>&1 )
# pmap -x of the running program, taken while it waits for a signal after its work
"$B/stars" 4000000 hold > "$B/out" &
pid=$!
while ! grep -q '^ready' "$B/out" 2>/dev/null; do sleep 0.05; done
{ echo "\$ pmap -x \$(pgrep stars)"; pmap -x "$pid"; } > pmap-x.txt
kill -USR1 "$pid"
wait "$pid"
# a job's environment as `env | sort` lists it (a clean environment holding a thread limit)
{ echo '$ env | sort'; env -i HOME=/home/chem USER=chem SHELL=/bin/bash LANG=C.UTF-8 \
    PATH=/usr/bin:/bin OMP_NUM_THREADS=2 OMP_THREAD_LIMIT=1 OMP_PROC_BIND=spread \
    SLURM_CPUS_PER_TASK=2 env | sort; } > env-sorted.txt
# /usr/bin/time -v of an OpenMP loop under that limit: one CPU busy
gcc -O2 -fopenmp src/spin.c -o "$B/spin" -lm
OMP_NUM_THREADS=2 OMP_THREAD_LIMIT=1 /usr/bin/time -v "$B/spin" > /dev/null 2> time-v-one-cpu.txt
