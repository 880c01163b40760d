/* krylovbasis: the basis of the reduced-order model and what the group checks of it.
 * usage: krylovbasis [m=1200] [n=400] [seed=7] */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "basis.h"

int main(int argc, char **argv)
{
    int m = argc > 1 ? atoi(argv[1]) : 1200;
    int n = argc > 2 ? atoi(argv[2]) : 400;
    unsigned seed = argc > 3 ? (unsigned)atoi(argv[3]) : 7u;
    if (m < 2 || n < 2 || n > m) {
        fprintf(stderr, "krylovbasis: need 2 <= n <= m\n");
        return 1;
    }
    matrix a = matrix_new(m, n), r = matrix_new(n, n), q = matrix_new(m, n);
    snapshots(a, seed);

    clock_t c0 = clock();
    gramschmidt(a, r, q);
    double secs = (double)(clock() - c0) / CLOCKS_PER_SEC;

    /* energy captured by the leading modes: the diagonal of R */
    double total = 0.0;
    for (int k = 0; k < n; k++)
        total += AT(r, k, k) * AT(r, k, k);
    printf("snapshots %d x %d\n", m, n);
    double acc = 0.0;
    for (int k = 0; k < n; k++) {
        acc += AT(r, k, k) * AT(r, k, k);
        if (k < 5 || k == n / 2 || k == n - 1)
            printf("mode %4d  r_kk %.10e  captured %.10f\n", k, AT(r, k, k), acc / total);
    }
    /* orthogonality of a few pairs of columns of Q */
    int pairs[4][2] = {{0, 1}, {0, n - 1}, {n / 2, n / 2 + 1}, {n - 2, n - 1}};
    double worst = 0.0;
    for (int p = 0; p < 4; p++) {
        double dot = 0.0, nn = 0.0;
        for (int i = 0; i < m; i++) {
            dot += AT(q, i, pairs[p][0]) * AT(q, i, pairs[p][1]);
            nn += AT(q, i, pairs[p][1]) * AT(q, i, pairs[p][1]);
        }
        worst = fmax(worst, fmax(fabs(dot), fabs(nn - 1.0)));
    }
    printf("sampled columns orthonormal to 1e-10: %s\n", worst < 1e-10 ? "yes" : "NO");
    double rs = 0.0, qs = 0.0;
    for (int i = 0; i < n; i++)
        for (int j = i; j < n; j++)
            rs += fabs(AT(r, i, j));
    for (size_t k = 0; k < (size_t)m * n; k++)
        qs += fabs(q.v[k]);
    printf("sum |R| %.10e  sum |Q| %.10e\n", rs, qs);
    printf("orthonormalisation: %.3f s cpu\n", secs);
    matrix_free(&a);
    matrix_free(&r);
    matrix_free(&q);
    return 0;
}
