/* Sparse matrix-vector products with the rows split evenly over ranks, while the nonzeros per row grow with the row index. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int n = argc > 1 ? atoi(argv[1]) : 6000;
    int iters = argc > 2 ? atoi(argv[2]) : 20;
    int r0 = rank * (n / size), r1 = rank == size - 1 ? n : r0 + n / size;
    long nnz = 0;
    for (int i = r0; i < r1; i++) nnz += 1 + i / 2;
    int *col = malloc(nnz * sizeof *col), *ptr = malloc((r1 - r0 + 1) * sizeof *ptr);
    double *val = malloc(nnz * sizeof *val), *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
    long k = 0;
    for (int i = r0; i < r1; i++) {
        ptr[i - r0] = k;
        for (int j = 0; j <= i / 2; j++) { col[k] = (j * 7) % n; val[k] = 1.0 / (1 + i + j); k++; }
    }
    ptr[r1 - r0] = k;
    for (int i = 0; i < n; i++) x[i] = 1.0;
    double comp = 0, wait = 0;
    for (int it = 0; it < iters; it++) {
        double t0 = MPI_Wtime();
        for (int i = r0; i < r1; i++) {
            double s = 0;
            for (int q = ptr[i - r0]; q < ptr[i - r0 + 1]; q++) s += val[q] * x[col[q]];
            y[i] = s;
        }
        double t1 = MPI_Wtime();
        MPI_Allgather(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, y, n / size, MPI_DOUBLE, MPI_COMM_WORLD);
        for (int i = 0; i < n; i++) x[i] = 0.5 * x[i] + 0.5 * y[i] / (1 + y[i]);
        comp += t1 - t0;
        wait += MPI_Wtime() - t1;
    }
    printf("rank %d rows %d nnz %ld compute %.3f s wait %.3f s\n", rank, r1 - r0, nnz, comp, wait);
    MPI_Finalize();
    return 0;
}
