/* Monte Carlo estimate of pi, the same number of samples on every rank (equal work). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    long samples = argc > 1 ? atol(argv[1]) : 200000000L;
    int rounds = 10;
    unsigned long long s = 88172645463325252ULL + rank;
    long hits = 0;
    double comp = 0, wait = 0;
    for (int r = 0; r < rounds; r++) {
        double t0 = MPI_Wtime();
        for (long i = 0; i < samples / rounds; i++) {
            s ^= s << 13; s ^= s >> 7; s ^= s << 17;
            double x = (s >> 11) * 0x1.0p-53;
            s ^= s << 13; s ^= s >> 7; s ^= s << 17;
            double y = (s >> 11) * 0x1.0p-53;
            hits += x * x + y * y < 1.0;
        }
        double t1 = MPI_Wtime();
        long tot;
        MPI_Allreduce(&hits, &tot, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
        comp += t1 - t0;
        wait += MPI_Wtime() - t1;
    }
    printf("rank %d compute %.3f s wait %.3f s total %.3f s\n", rank, comp, wait, comp + wait);
    long tot;
    MPI_Reduce(&hits, &tot, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) printf("pi=%.6f ranks=%d\n", 4.0 * tot / ((double)samples * size), size);
    MPI_Finalize();
    return 0;
}
