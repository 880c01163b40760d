/* Every step writes an intermediate array to a scratch file, syncs it and reads it back
   (mode 1); mode 0 keeps it in memory and writes the result once at the end. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define CH 8192L

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : "/var/tmp/spill.bin";
    long n = argc > 2 ? atol(argv[2]) : 4000000;
    int steps = argc > 3 ? atoi(argv[3]) : 10;
    int spill = argc > 4 ? atoi(argv[4]) : 1;
    double *u = malloc(n * sizeof *u), *w = malloc(n * sizeof *w);
    for (long i = 0; i < n; i++) u[i] = (double)i;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int k = 0; k < steps; k++) {
        for (long i = 0; i < n; i++) w[i] = 0.5 * u[i] + 1.0;
        if (spill) {
            int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
            for (long off = 0; off < n; off += CH) write(fd, w + off, (n - off < CH ? n - off : CH) * sizeof *w);
            fsync(fd);
            lseek(fd, 0, SEEK_SET);
            for (long off = 0; off < n; off += CH) read(fd, u + off, (n - off < CH ? n - off : CH) * sizeof *u);
            close(fd);
        } else {
            memcpy(u, w, n * sizeof *u);
        }
    }
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    write(fd, u, 1024 * sizeof *u);
    close(fd);
    unlink(path);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    printf("n=%ld steps=%d time=%.4f s u1=%g\n", n, steps,
           (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec), u[1]);
    return 0;
}
