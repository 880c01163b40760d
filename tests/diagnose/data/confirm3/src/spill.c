/* A time-stepping filter that spills its whole field to a scratch file after every step and
   syncs it (fsync) before reading it back: the run waits on the disk. Prints its own timers of
   the compute and the scratch I/O phases. With "nap" as argv[4] the spill is not synced (it
   stays in the page cache) and each compute step sleeps 0.5 s instead: the run still waits
   and still writes the same bytes, but not on the file system, and its own timers say so. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 4000000;
    int steps = argc > 2 ? atoi(argv[2]) : 8;
    const char *path = argc > 3 ? argv[3] : "scratch.bin";
    int nap = argc > 4 && argv[4][0] == 'n';
    double *u = malloc(n * sizeof *u), *v = malloc(n * sizeof *v);
    for (long i = 0; i < n; i++) u[i] = (double)(i % 1000);
    double tc = 0.0, tio = 0.0, t0 = now();
    for (int s = 0; s < steps; s++) {
        double a = now();
        for (long i = 1; i < n - 1; i++) v[i] = 0.25 * u[i - 1] + 0.5 * u[i] + 0.25 * u[i + 1];
        v[0] = u[0];
        v[n - 1] = u[n - 1];
        if (nap) {
            struct timespec d = {0, 500000000L};
            nanosleep(&d, NULL);
        }
        double b = now();
        int fd = open(path, O_CREAT | O_TRUNC | O_RDWR, 0600);
        if (fd < 0 || write(fd, v, n * sizeof *v) != (ssize_t)(n * sizeof *v)) return 1;
        if (!nap) fsync(fd);
        if (lseek(fd, 0, SEEK_SET) != 0 || read(fd, u, n * sizeof *u) != (ssize_t)(n * sizeof *u))
            return 1;
        close(fd);
        tc += b - a;
        tio += now() - b;
    }
    unlink(path);
    printf("[spill] n=%ld steps=%d\n", n, steps);
    printf("[spill] compute %.3f s | scratch i/o %.3f s | total %.3f s\n", tc, tio, now() - t0);
    printf("[spill] u[n/2]=%.4f\n", u[n / 2]);
    free(u);
    free(v);
    return 0;
}
