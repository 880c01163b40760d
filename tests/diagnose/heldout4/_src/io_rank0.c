/* Rank 1 computes blocks and sends them to rank 0, which writes every value with
   fprintf + fflush before it accepts the next block. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int blocks = argc > 1 ? atoi(argv[1]) : 60;
  const char *path = argc > 2 ? argv[2] : "trace.txt";
  int flush = argc > 3 ? atoi(argv[3]) : 1;
  double buf[4096], tcomp = 0.0, twait = 0.0, tio = 0.0, t0 = MPI_Wtime();
  FILE *f = rank == 0 ? fopen(path, "w") : NULL;
  for (int b = 0; b < blocks; b++) {
    double a = MPI_Wtime();
    if (rank == 1) {
      for (int i = 0; i < 4096; i++) { double v = b + i; for (int k = 0; k < 200; k++) v = v * 0.999999 + 1e-7; buf[i] = v; }
      double c = MPI_Wtime();
      tcomp += c - a;
      MPI_Send(buf, 4096, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD);
      MPI_Recv(NULL, 0, MPI_BYTE, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      twait += MPI_Wtime() - c;
    } else {
      MPI_Recv(buf, 4096, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      double c = MPI_Wtime();
      twait += c - a;
      for (int i = 0; i < 4096; i++) { fprintf(f, "%d %d %.9f\n", b, i, buf[i]); if (flush) fflush(f); }
      MPI_Send(NULL, 0, MPI_BYTE, 1, 1, MPI_COMM_WORLD);
      tio += MPI_Wtime() - c;
    }
  }
  if (f) fclose(f);
  printf("rank %d: compute %.3f s  mpi_wait %.3f s  write %.3f s  total %.3f s\n", rank, tcomp, twait, tio, MPI_Wtime() - t0);
  MPI_Finalize();
  return 0;
}
