// Flux on a circular domain stored in an n x n box: rows are split equally between ranks, only cells
// inside the circle cost work. Each rank prints its cells, compute CPU time and time spent in MPI.
#include <mpi.h>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <vector>

static double cpu_s() { timespec t; clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const int n = argc > 1 ? std::atoi(argv[1]) : 1200;
    const int steps = argc > 2 ? std::atoi(argv[2]) : 6;
    // rows [r0, r1) of the box; the disc is centred at row n/4, column n/2, radius about 0.32 n
    int r0 = rank * n / size, r1 = (rank + 1) * n / size;
    std::vector<double> f((r1 - r0) * (long)n, 1.0);
    long cells = 0;
    double comp = 0, wait = 0, g = 0;
    for (int s = 0; s < steps; ++s) {
        double c0 = cpu_s();
        for (int r = r0; r < r1; ++r)
            for (int c = 0; c < n; ++c) {
                double dy = r - n * 0.25, dx = c - n * 0.5;
                if (dx * dx + dy * dy < n * n * 0.0625 * 1.6) {
                    double &x = f[(long)(r - r0) * n + c];
                    for (int k = 0; k < 8; ++k) x = x + 1e-3 * std::sin(x + k);
                    ++cells;
                }
            }
        comp += cpu_s() - c0;
        double loc = f[0], w0 = MPI_Wtime();
        MPI_Allreduce(&loc, &g, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        wait += MPI_Wtime() - w0;
    }
    std::printf("rank %d: rows %d-%d cells_updated=%ld compute_cpu=%.3f s mpi_allreduce=%.3f s\n", rank, r0, r1 - 1, cells, comp, wait);
    MPI_Finalize();
    return 0;
}
