/* A scalar loop as gcc -O2 leaves it (no -ftree-vectorize before GCC 12 at -O2 for this shape
   with the division), fed to llvm-mca as users do: the loop body's assembly. */
void scale(double *restrict y, const double *restrict x, double a, double b, long n)
{
    for (long i = 0; i < n; i++)
        y[i] = (a * x[i] + y[i]) / b;
}
