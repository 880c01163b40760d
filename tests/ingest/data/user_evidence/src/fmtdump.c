/* Writes a field as text with %.10e to /dev/null. Mode "big": a 4 MiB stdio buffer (few large
   write calls, the time is formatting); mode "none": unbuffered (one write call per value). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int main(int argc, char **argv)
{
    int unbuf = argc > 1 && strcmp(argv[1], "none") == 0;
    long n = argc > 2 ? atol(argv[2]) : 300000;
    FILE *f = fopen("/dev/null", "w");
    static char buf[4 << 20];
    setvbuf(f, unbuf ? NULL : buf, unbuf ? _IONBF : _IOFBF, unbuf ? 0 : sizeof buf);
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    for (long i = 0; i < n; i++)
        fprintf(f, "%.10e\n", 1.0 / (double)(i + 1));
    fclose(f);
    clock_gettime(CLOCK_MONOTONIC, &b);
    printf("values=%ld write_time=%.4f s\n", n,
           (double)(b.tv_sec - a.tv_sec) + 1e-9 * (double)(b.tv_nsec - a.tv_nsec));
    return 0;
}
