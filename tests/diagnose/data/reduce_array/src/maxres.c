/* Each step every rank computes a residual array and needs its global maximum: "array"
 * reduces the whole array element-wise with MPI_MAX (2 Mi doubles = 16 MiB per call) and takes
 * the maximum of the result; "scalar" (the fix, the look-alike) reduces its local maximum, one
 * double. Rank 0 prints what it moved and how long the reductions took in its own words. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N (2 * 1024 * 1024)

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int whole = !(argc > 1 && strcmp(argv[1], "scalar") == 0);
    int steps = argc > 2 ? atoi(argv[2]) : 10;
    double *r = malloc(sizeof(double) * N), *g = malloc(sizeof(double) * N);
    double tred = 0, t0 = MPI_Wtime(), gmax = 0;
    for (int s = 0; s < steps; s++) {
        double lmax = 0;
        for (int i = 0; i < N; i++) {
            r[i] = 1e-3 * ((i * 7 + s * 13 + rank) % 1000);
            if (r[i] > lmax) lmax = r[i];
        }
        double t1 = MPI_Wtime();
        if (whole) {
            MPI_Allreduce(r, g, N, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
            gmax = 0;
            for (int i = 0; i < N; i++) if (g[i] > gmax) gmax = g[i];
        } else {
            MPI_Allreduce(&lmax, &gmax, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
        }
        tred += MPI_Wtime() - t1;
    }
    double total = MPI_Wtime() - t0;
    if (rank == 0) {
        double mb = (whole ? (double)N : 1.0) * sizeof(double) / 1e6;
        printf("max residual %.4f after %d steps\n", gmax, steps);
        printf("allreduce volume: %.3f MB per call\n", mb);
        printf("allreduce %.3f s of total %.3f s\n", tred, total);
    }
    free(r); free(g);
    MPI_Finalize();
    return 0;
}
