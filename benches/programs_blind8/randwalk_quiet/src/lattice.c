#include "lattice.h"

#include <stdio.h>
#include <stdlib.h>

static unsigned lcg(unsigned *s)
{
    *s = *s * 1664525u + 1013904223u;
    return *s >> 8;
}

int make_obstacles(unsigned char *blocked, int L, double fraction, unsigned seed)
{
    unsigned s = seed;
    int open = 0;
    for (int i = 0; i < L * L; ++i) {
        blocked[i] = (lcg(&s) / 16777216.0) < fraction;
        open += !blocked[i];
    }
    return open;
}

void transition_matrix(const unsigned char *blocked, int L, double stay, Csr *p)
{
    static const int dx[8] = {-1, 0, 1, -1, 1, -1, 0, 1};
    static const int dy[8] = {-1, -1, -1, 0, 0, 1, 1, 1};
    const int n = L * L;
    csr_alloc(p, n, 9 * n);
    int nnz = 0;
    p->rowptr[0] = 0;
    for (int y = 0; y < L; ++y) {
        for (int x = 0; x < L; ++x) {
            const int i = y * L + x;
            int nb[9];
            double w[9];
            int m = 0;
            double wsum = 0.0;
            if (!blocked[i]) {
                for (int d = 0; d < 8; ++d) {
                    const int xn = (x + dx[d] + L) % L, yn = (y + dy[d] + L) % L;
                    const int j = yn * L + xn;
                    if (blocked[j])
                        continue;
                    nb[m] = j;
                    w[m] = (dx[d] != 0 && dy[d] != 0) ? 0.5 : 1.0;
                    wsum += w[m];
                    ++m;
                }
            }
            for (int a = 1; a < m; ++a) /* neighbours in column order (periodic wrap) */
                for (int b = a; b > 0 && nb[b - 1] > nb[b]; --b) {
                    const int tj = nb[b];
                    const double tw = w[b];
                    nb[b] = nb[b - 1];
                    w[b] = w[b - 1];
                    nb[b - 1] = tj;
                    w[b - 1] = tw;
                }
            /* the row, columns ascending, the diagonal in its place */
            int done_self = 0;
            for (int t = 0; t <= m; ++t) {
                const int j = t < m ? nb[t] : n;
                if (!done_self && i < j) {
                    p->col[nnz] = i;
                    p->val[nnz] = m ? stay : 1.0;
                    ++nnz;
                    done_self = 1;
                }
                if (t < m) {
                    p->col[nnz] = j;
                    p->val[nnz] = (1.0 - stay) * w[t] / wsum;
                    ++nnz;
                }
            }
            p->rowptr[i + 1] = nnz;
        }
    }
    p->nnz = nnz;
}
