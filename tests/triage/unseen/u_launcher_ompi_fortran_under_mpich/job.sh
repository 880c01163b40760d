#!/bin/bash
#SBATCH -n 2
#SBATCH --mem=800M
#SBATCH --time=5
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1

cat > hello.f90 <<'EOF'
program hello
  use mpi
  implicit none
  integer :: ierr, rank, nprocs
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  print *, 'rank', rank, 'of', nprocs
  call MPI_Finalize(ierr)
end program hello
EOF
mpif90.openmpi -o hello hello.f90
mpirun.mpich -n 2 ./hello
