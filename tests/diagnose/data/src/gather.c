/* Loops gcc does not vectorize: an indirect gather with a data-dependent branch, and a
   loop-carried recurrence. */
void kernel(int n, double *restrict y, const double *restrict x, const int *restrict idx) {
    for (int i = 0; i < n; i++) {
        if (x[idx[i]] > 0.5) y[i] += x[idx[i]];
        else break;
    }
    for (int i = 1; i < n; i++) y[i] = y[i - 1] * 0.5 + x[i];
}
