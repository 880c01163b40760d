/* specxpose: MPI pseudo-spectral step on an n x n field split in row slabs. Every step each rank
   scales its rows while packing them (a cheap "spectral" multiply), then the whole field is
   transposed with MPI_Alltoall (every rank sends all of its slab) and transposed back with a
   second MPI_Alltoall; the received blocks are used in place.
   Usage: specxpose n steps. Prints per-rank compute and Alltoall times. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int n = argc > 1 ? atoi(argv[1]) : 2048, steps = argc > 2 ? atoi(argv[2]) : 10;
  int rows = n / size, blk = rows * rows;
  double *a = malloc(sizeof(double) * rows * n), *b = malloc(sizeof(double) * rows * n);
  for (long i = 0; i < (long)rows * n; i++) a[i] = (double)((i + rank * 31) % 101);
  double tc = 0, ta = 0;
  for (int s = 0; s < steps; s++) {
    double t0 = MPI_Wtime();
    /* pack: block p = columns [p*rows, (p+1)*rows) of my rows */
    for (int p = 0; p < size; p++)
      for (int i = 0; i < rows; i++)
        for (int j = 0; j < rows; j++) b[(long)p * blk + i * rows + j] = 0.999 * a[(long)i * n + p * rows + j];
    double t1 = MPI_Wtime();
    MPI_Alltoall(b, blk, MPI_DOUBLE, a, blk, MPI_DOUBLE, MPI_COMM_WORLD);
    MPI_Alltoall(a, blk, MPI_DOUBLE, b, blk, MPI_DOUBLE, MPI_COMM_WORLD);
    double *t = a; a = b; b = t;
    double t2 = MPI_Wtime();
    tc += t1 - t0; ta += t2 - t1;
  }
  double chk = 0;
  for (long i = 0; i < (long)rows * n; i += 97) chk += a[i];
  for (int r = 0; r < size; r++) {
    if (r == rank)
      printf("rank %d: rows %d, compute+pack %.3f s, 2 x MPI_Alltoall %.3f s (%.1f MB sent per call, %d steps), check %.4e\n",
             rank, rows, tc, ta, 8.0 * rows * n * (size - 1) / size / 1e6, steps, chk);
    fflush(stdout);
    MPI_Barrier(MPI_COMM_WORLD);
  }
  free(a); free(b);
  MPI_Finalize();
  return 0;
}
