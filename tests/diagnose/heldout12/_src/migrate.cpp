// MPI particle migration between two ranks: each step every rank moves its particles and sends the
// ones that left its half of the box to the other rank, one MPI_Send per particle (3 doubles).
#include <mpi.h>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

struct P { double x, v, w; };

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int n = argc > 1 ? std::atoi(argv[1]) : 100000;
  int nsteps = argc > 2 ? std::atoi(argv[2]) : 20;
  int other = 1 - rank;
  std::vector<P> mine;
  for (int i = 0; i < n; ++i) {
    double x = 0.5 * rank + 0.5 * (i + 0.5) / n;
    mine.push_back(P{x, 2.0 * std::sin(37.0 * i), 1.0});
  }
  long nmsg = 0;
  double tcomm = 0, tmove = 0;
  for (int s = 0; s < nsteps; ++s) {
    double a = MPI_Wtime();
    std::vector<P> stay, leave;
    for (P p : mine) {
      p.x += 0.1 * p.v;
      if (p.x < 0) p.x += 1; if (p.x >= 1) p.x -= 1;
      ((int)(p.x * 2) == rank ? stay : leave).push_back(p);
    }
    double b = MPI_Wtime();
    int nout = leave.size(), nin = 0;
    MPI_Sendrecv(&nout, 1, MPI_INT, other, 0, &nin, 1, MPI_INT, other, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    for (int turn = 0; turn < 2; ++turn) {
      if (turn == rank) {
        for (const P &p : leave) MPI_Send(&p, 3, MPI_DOUBLE, other, 1, MPI_COMM_WORLD);
      } else {
        for (int k = 0; k < nin; ++k) {
          P p;
          MPI_Recv(&p, 3, MPI_DOUBLE, other, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
          stay.push_back(p);
        }
      }
    }
    nmsg += nout;
    mine.swap(stay);
    double c = MPI_Wtime();
    tmove += b - a;
    tcomm += c - b;
  }
  std::printf("rank %d/%d particles=%zu steps=%d messages_sent=%ld bytes_per_message=%zu move_s=%.3f exchange_s=%.3f\n",
              rank, size, mine.size(), nsteps, nmsg, sizeof(P), tmove, tcomm);
  MPI_Finalize();
  return 0;
}
