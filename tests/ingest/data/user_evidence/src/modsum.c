/* Sums a[i] % m[i] over 64-bit integers: one integer division per element. */
long modsum(const long *a, const long *m, long n) {
    long s = 0;
    for (long i = 0; i < n; i++) s += a[i] % m[i];
    return s;
}
