/* life: Conway's Game of Life on a rows x cols board (dead border), columns split among ranks */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>
#include "grid.h"
#include "halo.h"

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    int rows = argc > 1 ? atoi(argv[1]) : 2000;
    int cols = argc > 2 ? atoi(argv[2]) : 500;
    int gens = argc > 3 ? atoi(argv[3]) : 300;
    int every = gens >= 10 ? gens / 5 : 1;

    Grid g;
    grid_init(&g, rows, cols, rank, size);
    grid_seed(&g, 2024u, 0.31);
    int left = rank > 0 ? rank - 1 : MPI_PROC_NULL;
    int right = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;

    long pop = grid_population(&g), total;
    MPI_Reduce(&pop, &total, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("board %d x %d on %d ranks, %d generations, initial population %ld\n",
               rows, cols, size, gens, total);

    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    for (int gen = 1; gen <= gens; gen++) {
        halo_exchange(&g, left, right, MPI_COMM_WORLD);
        grid_step(&g);
        if (gen % every == 0) {
            pop = grid_population(&g);
            MPI_Reduce(&pop, &total, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
            if (rank == 0)
                printf("  gen %5d  population %ld\n", gen, total);
        }
    }
    double t1 = MPI_Wtime();

    unsigned long sig = grid_signature(&g), sigsum;
    MPI_Reduce(&sig, &sigsum, 1, MPI_UNSIGNED_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    double secs = t1 - t0, elapsed;
    MPI_Reduce(&secs, &elapsed, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        printf("evolution: %.3f s, %.1f Mcell-updates/s\n", elapsed,
               (double)rows * cols * gens / elapsed / 1e6);
        printf("final signature %lu\n", sigsum);
    }
    grid_free(&g);
    MPI_Finalize();
    return 0;
}
