// Sparse matrix-vector products y = A x for a matrix in CSR form whose rows are stored by
// increasing length (row i holds 4 + i/64 entries: a graph ordered by vertex degree), OpenMP
// over rows with schedule(static).  Prints each thread's row count, entries and busy time.
// usage: rowlen NROW NREP
#include <omp.h>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char **argv)
{
    const int n = argc > 1 ? std::atoi(argv[1]) : 40000;
    const int nrep = argc > 2 ? std::atoi(argv[2]) : 12;
    std::vector<long> start(n + 1, 0);
    for (int i = 0; i < n; i++) start[i + 1] = start[i] + 4 + i / 64;
    std::vector<int> col(start[n]);
    std::vector<double> val(start[n]), x(n, 1.0), y(n, 0.0);
    unsigned s = 12345u;
    for (long k = 0; k < start[n]; k++) {
        s = s * 1664525u + 1013904223u;
        col[k] = (int)(s % (unsigned)n);
        val[k] = 1e-3 * (double)(s >> 24);
    }
    const int nt = omp_get_max_threads();
    std::vector<double> busy(nt, 0.0);
    std::vector<long> rows(nt, 0), nnz(nt, 0);
    double t0 = omp_get_wtime();
    for (int r = 0; r < nrep; r++) {
#pragma omp parallel
        {
            int me = omp_get_thread_num();
            double b0 = omp_get_wtime();
            long myrows = 0, mynnz = 0;
#pragma omp for schedule(static) nowait
            for (int i = 0; i < n; i++) {
                double acc = 0.0;
                for (long k = start[i]; k < start[i + 1]; k++) acc += val[k] * x[col[k]];
                y[i] = acc;
                myrows++;
                mynnz += start[i + 1] - start[i];
            }
            busy[me] += omp_get_wtime() - b0;
            rows[me] += myrows;
            nnz[me] += mynnz;
        }
        for (int i = 0; i < n; i++) x[i] = 0.5 * x[i] + 1e-6 * y[i];
    }
    std::printf("rows=%d nnz=%ld reps=%d threads=%d wall=%.3f s\n", n, start[n], nrep, nt, omp_get_wtime() - t0);
    for (int t = 0; t < nt; t++)
        std::printf("  thread %d: rows %ld  entries %ld  busy %.3f s\n", t, rows[t], nnz[t], busy[t]);
    return 0;
}
