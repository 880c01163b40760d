#!/bin/sh
# Rebuild the fixture: the program alone with its two threads (alone.txt), then two ranks of
# two threads each launched together, 4 threads on this 2-CPU machine (ensemble.txt), as a
# user pastes the terminal; platform.json is `perfscout snapshot --json` of the machine.
set -e
cd "$(dirname "$0")"
t=$(mktemp -d)
mpicc -O2 -fopenmp -o "$t/hybwork" hybwork.c
{
  echo '$ nproc'; nproc
  echo '$ OMP_NUM_THREADS=2 mpirun --allow-run-as-root -np 1 ./hybwork'
  OMP_NUM_THREADS=2 mpirun --allow-run-as-root -np 1 "$t/hybwork"
} > alone.txt 2>&1
{
  echo '$ mpirun --allow-run-as-root --oversubscribe -np 2 -x OMP_NUM_THREADS=2 ./hybwork'
  mpirun --allow-run-as-root --oversubscribe -np 2 -x OMP_NUM_THREADS=2 "$t/hybwork"
} > ensemble.txt 2>&1
rm -rf "$t"
"${PERFSCOUT:-perfscout}" snapshot --json > platform.json
