double *collect(long n, long *count);
