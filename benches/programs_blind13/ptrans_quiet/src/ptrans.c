/* HPC Challenge PTRANS (pdtrans: C := beta C + A^T), the operation on one process:
 * row i of C takes column i of A. */
#include "ptrans.h"

void ptrans(int n, double beta, const double *a, double *c)
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            c[(size_t)i * n + j] = beta * c[(size_t)i * n + j] + a[(size_t)j * n + i];
}
