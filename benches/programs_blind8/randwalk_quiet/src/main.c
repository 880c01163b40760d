/* twostep: the two-step transition matrix P^2 of a lazy random walk on an L x L periodic
 * lattice with random obstacles, and the walk's stationary distribution found by power
 * iteration with P^2 (the group uses the two-step operator to damp the period-2 modes of
 * the coarse-graining runs).
 *
 *   ./twostep [L=200] [obstacle fraction=0.3] [iterations=150] [seed=7]
 *
 * Silent on success (called from the group's batch scripts); writes twostep.out: the
 * sizes, the row-sum defect of P^2, and per lattice row the mean two-step return
 * probability and the stationary mass. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "csr.h"
#include "lattice.h"

int main(int argc, char **argv)
{
    const int L = argc > 1 ? atoi(argv[1]) : 200;
    const double frac = argc > 2 ? atof(argv[2]) : 0.3;
    const int iters = argc > 3 ? atoi(argv[3]) : 150;
    const unsigned seed = argc > 4 ? (unsigned)atoi(argv[4]) : 7u;
    const int n = L * L;
    const double stay = 0.25;

    unsigned char *blocked = malloc((size_t)n);
    double *pi = malloc((size_t)n * sizeof(double));
    double *next = malloc((size_t)n * sizeof(double));
    FILE *out = fopen("twostep.out", "w");
    if (!blocked || !pi || !next || !out) {
        fprintf(stderr, "twostep: cannot allocate or open twostep.out\n");
        return 1;
    }
    const int open = make_obstacles(blocked, L, frac, seed);

    Csr p, p2;
    transition_matrix(blocked, L, stay, &p);
    csr_matmul(&p, &p, &p2);

    double defect = 0.0;
    for (int i = 0; i < n; ++i) {
        double s = 0.0;
        for (int q = p2.rowptr[i]; q < p2.rowptr[i + 1]; ++q)
            s += p2.val[q];
        defect = fmax(defect, fabs(1.0 - s));
    }

    for (int i = 0; i < n; ++i)
        pi[i] = blocked[i] ? 0.0 : 1.0 / open;
    double change = 0.0;
    for (int it = 0; it < iters; ++it) {
        csr_vecmat(&p2, pi, next);
        change = 0.0;
        for (int i = 0; i < n; ++i) {
            change += fabs(next[i] - pi[i]);
            pi[i] = next[i];
        }
    }

    fprintf(out, "# twostep L %d obstacles %.3f seed %u stay %.2f\n", L, frac, seed, stay);
    fprintf(out, "# sites %d open %d nnz(P) %d nnz(P^2) %d\n", n, open, p.nnz, p2.nnz);
    fprintf(out, "# max |1 - row sum of P^2| %.3e\n", defect);
    fprintf(out, "# power iterations %d, last L1 change %.6e\n", iters, change);
    fprintf(out, "# row  open  mean_return_2  stationary_mass\n");
    for (int y = 0; y < L; ++y) {
        int cnt = 0;
        double ret = 0.0, mass = 0.0;
        for (int x = 0; x < L; ++x) {
            const int i = y * L + x;
            mass += pi[i];
            if (blocked[i])
                continue;
            ++cnt;
            for (int q = p2.rowptr[i]; q < p2.rowptr[i + 1]; ++q)
                if (p2.col[q] == i)
                    ret += p2.val[q];
        }
        fprintf(out, "%5d %5d %.10e %.10e\n", y, cnt, cnt ? ret / cnt : 0.0, mass);
    }
    fclose(out);
    csr_free(&p);
    csr_free(&p2);
    free(blocked);
    free(pi);
    free(next);
    return 0;
}
