/* MPI ping-pong between ranks 0 and 1 over a size sweep 8 B .. max_bytes (x4 steps).
 * usage: mpi_pingpong [max_bytes] [iters]
 * One PERFSCOUT_SIZE line per size, then the one PERFSCOUT summary line (latency at the
 * smallest size, bandwidth at the largest). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  long maxb = argc > 1 ? atol(argv[1]) : 4194304;
  int iters = argc > 2 ? atoi(argv[2]) : 200;
  if (size < 2) { if (!rank) fprintf(stderr, "mpi_pingpong needs 2 ranks\n"); MPI_Finalize(); return 2; }
  char *buf = calloc((size_t)maxb, 1);
  double lat_us = 0, bw = 0, checksum = 0, total = 0;
  for (long b = 8; b <= maxb; b *= 4) {
    int it = b >= 1048576 ? (iters / 10 > 2 ? iters / 10 : 2) : iters;
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    for (int i = 0; i < it; i++) {
      if (rank == 0) {
        buf[0] = (char)(i & 0x7f);
        MPI_Send(buf, (int)b, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
        MPI_Recv(buf, (int)b, MPI_CHAR, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      } else if (rank == 1) {
        MPI_Recv(buf, (int)b, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(buf, (int)b, MPI_CHAR, 0, 0, MPI_COMM_WORLD);
      }
    }
    double t = MPI_Wtime() - t0;
    total += t;
    double one_way = t / (2.0 * it);
    if (rank == 0) {
      checksum += (double)buf[0] + (double)b;
      printf("PERFSCOUT_SIZE bytes=%ld latency_us=%.3f bandwidth_MBps=%.1f\n", b, one_way * 1e6,
             (double)b / one_way / 1e6);
      if (b == 8) lat_us = one_way * 1e6;
      bw = (double)b / one_way / 1e6;
    }
  }
  if (rank == 0)
    printf("PERFSCOUT kernel=mpi_pingpong n=%ld ranks=%d time_s=%.6f metric=latency_us value=%.3f "
           "bandwidth_MBps=%.1f checksum=%.17g\n", maxb, size, total, lat_us, bw, checksum);
  free(buf);
  MPI_Finalize();
  return 0;
}
