/* Escape-time map of the Mandelbrot set (upper half plane), rows shared among MPI ranks.
   usage: mpirun -np P ./mandel [width=1000] [height=500] [maxiter=2000] */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include "view.h"
#include "escape.h"

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int width = argc > 1 ? atoi(argv[1]) : 1000;
    int height = argc > 2 ? atoi(argv[2]) : 500;
    int maxiter = argc > 3 ? atoi(argv[3]) : 2000;
    View v = view_upper_half(width, height, maxiter);

    int *mine = calloc((size_t)width * height, sizeof(int));
    int *image = rank == 0 ? malloc((size_t)width * height * sizeof(int)) : NULL;

    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    /* each rank takes a contiguous band of rows */
    int first = (int)((long)height * rank / size);
    int last = (int)((long)height * (rank + 1) / size);
    for (int row = first; row < last; row++)
        render_row(&v, row, mine + (size_t)row * width);
    MPI_Reduce(mine, image, width * height, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    double elapsed = MPI_Wtime() - t0;

    if (rank == 0) {
        long inside = 0, iters = 0, edge = 0;
        for (long p = 0; p < (long)width * height; p++) {
            iters += image[p];
            if (image[p] == maxiter)
                inside++;
            else if (image[p] > maxiter / 100)
                edge++;
        }
        /* area of the set: twice the upper half */
        double cell = (v.xmax - v.xmin) * (v.ymax - v.ymin) / ((double)width * height);
        printf("mandel %dx%d maxiter %d on %d ranks\n", width, height, maxiter, size);
        printf("compute time: %.3f s\n", elapsed);
        printf("inside pixels: %ld  slow-escape pixels: %ld  total iterations: %ld\n",
               inside, edge, iters);
        printf("area estimate: %.6f\n", 2.0 * inside * cell);
    }
    free(mine);
    free(image);
    MPI_Finalize();
    return 0;
}
