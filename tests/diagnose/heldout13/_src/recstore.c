/* Nuclide cross-section lookups from a binary table file: each query reads its 16-byte record
   with pread at the record's offset (the table is not kept in memory).
   usage: recstore TABLEFILE NQUERY  (creates the 32 MB table first if the file does not exist) */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#define NREC (2L * 1024 * 1024)
struct rec { double energy, sigma; };

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : "xs.bin";
    long nq = argc > 2 ? atol(argv[2]) : 300000;
    int fd = open(path, O_RDONLY);
    if (fd < 0) {
        FILE *f = fopen(path, "wb");
        for (long i = 0; i < NREC; i++) {
            struct rec r = {1e-5 * (double)i, 1.0 / (1.0 + 1e-6 * (double)i)};
            fwrite(&r, sizeof r, 1, f);
        }
        fclose(f);
        fd = open(path, O_RDONLY);
    }
    unsigned long s = 2463534242UL;
    double tot = 0;
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    for (long q = 0; q < nq; q++) {
        s ^= s << 13; s ^= s >> 17; s ^= s << 5;
        long k = (long)(s % NREC);
        struct rec r;
        if (pread(fd, &r, sizeof r, k * (long)sizeof r) != (ssize_t)sizeof r) return 1;
        tot += r.sigma * 1e-3;
    }
    clock_gettime(CLOCK_MONOTONIC, &b);
    double t = (double)(b.tv_sec - a.tv_sec) + 1e-9 * (double)(b.tv_nsec - a.tv_nsec);
    printf("queries=%ld  lookup time=%.3f s  %.2f us/query  sum=%.6f\n", nq, t, 1e6 * t / (double)nq, tot);
    close(fd);
    return 0;
}
