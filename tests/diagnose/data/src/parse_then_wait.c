/* Rank 0 parses a text input (digits of generated numbers) before the solve; every rank then
 * runs an imbalanced compute loop closed by MPI_Allreduce and MPI_Barrier. Rank 0's parsing is
 * the largest single function, but the ranks together spend more time waiting in MPI. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef PARSE_REPS
#define PARSE_REPS 800
#endif
#ifndef WORK
#define WORK 8000000L
#endif

static char *make_input(size_t n) {
    char *buf = malloc(n * 24 + 1), *p = buf;
    for (size_t i = 0; i < n; i++) p += sprintf(p, "%.12f\n", (double)i * 0.001 + 0.5);
    return buf;
}

/* a hand-written number reader, so the parsing is one function in the profile */
__attribute__((noinline)) static double parse_input(const char *text, int reps) {
    double s = 0.0;
    for (int r = 0; r < reps; r++) {
        const char *p = text;
        while (*p) {
            double v = 0.0, scale = 0.0;
            for (; *p && *p != '\n'; p++) {
                if (*p == '.') { scale = 1.0; continue; }
                v = v * 10.0 + (*p - '0');
                if (scale > 0.0) scale *= 10.0;
            }
            s += scale > 0.0 ? v / scale : v;
            while (*p == '\n') p++;
        }
    }
    return s;
}

__attribute__((noinline)) static double compute(long iters) {
    double x = 1.0;
    for (long i = 0; i < iters; i++) x = x * 1.0000001 + 1e-9;
    return x;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    double acc = 0.0;
    if (rank == 0) {
        char *text = make_input(50000);
        acc += parse_input(text, PARSE_REPS);
        free(text);
    }
    MPI_Barrier(MPI_COMM_WORLD);           /* the other ranks wait for the input */
    for (int step = 0; step < 20; step++) {
        acc += compute(rank == 0 ? WORK : WORK / 4);  /* rank 0 carries 4x the work */
        double g;
        MPI_Allreduce(&acc, &g, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        acc = g / size;
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) printf("result %.6g\n", acc);
    MPI_Finalize();
    return 0;
}
