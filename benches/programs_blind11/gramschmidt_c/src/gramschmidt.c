/* PolyBench/C 4.2 linear-algebra/solvers/gramschmidt, the suite's loops */
#include <math.h>
#include "basis.h"

void gramschmidt(matrix a, matrix r, matrix q)
{
    const int m = a.rows, n = a.cols;
    double nrm;
    for (int k = 0; k < n; k++) {
        nrm = 0.0;
        for (int i = 0; i < m; i++)
            nrm += AT(a, i, k) * AT(a, i, k);
        AT(r, k, k) = sqrt(nrm);
        for (int i = 0; i < m; i++)
            AT(q, i, k) = AT(a, i, k) / AT(r, k, k);
        for (int j = k + 1; j < n; j++) {
            AT(r, k, j) = 0.0;
            for (int i = 0; i < m; i++)
                AT(r, k, j) += AT(q, i, k) * AT(a, i, j);
            for (int i = 0; i < m; i++)
                AT(a, i, j) = AT(a, i, j) - AT(q, i, k) * AT(r, k, j);
        }
    }
}
