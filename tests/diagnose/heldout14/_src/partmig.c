/* partmig: MPI particle migration on two slabs of a periodic 1-D domain. Every step each rank
   pushes its particles and sends every particle that left its slab to the other rank as its own
   message (one MPI_Send of 6 doubles per particle), after sending the count.
   Usage: partmig nper steps. Prints per-rank push time, exchange time, messages and bytes. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct { double x, y, z, vx, vy, vz; } part;

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  long nper = argc > 1 ? atol(argv[1]) : 200000;
  int steps = argc > 2 ? atoi(argv[2]) : 10;
  int other = 1 - rank;
  long cap = 4 * nper, np = nper;
  part *p = malloc(cap * sizeof *p), *out = malloc(cap * sizeof *out);
  unsigned long long s = 1234567ULL + rank;
  for (long i = 0; i < np; i++) {
    s = s * 6364136223846793005ULL + 1442695040888963407ULL;
    double u = (s >> 11) * (1.0 / 9007199254740992.0);
    p[i] = (part){0.5 * rank + 0.5 * u, u, 1 - u, (u - 0.5) * 0.3, 0.01, -0.01};
  }
  double lo = 0.5 * rank, hi = lo + 0.5, tpush = 0, tex = 0;
  long msgs = 0, bytes = 0;
  for (int st = 0; st < steps; st++) {
    double t0 = MPI_Wtime();
    long nout = 0, keep = 0;
    for (long i = 0; i < np; i++) {
      part q = p[i];
      q.x += q.vx; q.y += q.vy; q.z += q.vz;
      if (q.x < 0) q.x += 1; if (q.x >= 1) q.x -= 1;
      if (q.x < lo || q.x >= hi) out[nout++] = q; else p[keep++] = q;
    }
    np = keep;
    double t1 = MPI_Wtime();
    long nin;
    MPI_Sendrecv(&nout, 1, MPI_LONG, other, 0, &nin, 1, MPI_LONG, other, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    for (int phase = 0; phase < 2; phase++) {
      if (phase == rank) {
        for (long i = 0; i < nout; i++) MPI_Send(&out[i], 6, MPI_DOUBLE, other, 1, MPI_COMM_WORLD);
        msgs += nout; bytes += nout * (long)sizeof(part);
      } else {
        for (long i = 0; i < nin && np < cap; i++) MPI_Recv(&p[np++], 6, MPI_DOUBLE, other, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      }
    }
    tpush += t1 - t0; tex += MPI_Wtime() - t1;
  }
  for (int r = 0; r < size; r++) {
    if (r == rank)
      printf("rank %d: %ld particles, push %.3f s, exchange %.3f s, %ld messages sent (%ld bytes, %.0f B/message)\n", rank, np,
             tpush, tex, msgs, bytes, msgs ? (double)bytes / msgs : 0.0);
    fflush(stdout);
    MPI_Barrier(MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
