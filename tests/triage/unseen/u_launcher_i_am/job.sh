#!/bin/bash
#SBATCH -n 2
#SBATCH --mem=800M
#SBATCH --time=5
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
cat > prog.c <<'EOF'
#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  printf("I am %d of %d\n", rank, size);
  MPI_Finalize();
  return 0;
}
EOF

mpicc.mpich -o prog prog.c
srun -n 2 ./prog
