/* A cheap explicit update of a 32 MiB state, with the whole state written to a checkpoint after every step. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }

int main(int argc, char **argv) {
    const char *path = argc > 1 ? argv[1] : "ckpt.bin";
    int steps = argc > 2 ? atoi(argv[2]) : 20;
    int every = argc > 3 ? atoi(argv[3]) : 1;
    long n = 4L << 20;
    double *u = malloc(n * sizeof *u);
    for (long i = 0; i < n; i++) u[i] = i * 1e-7;
    double tc = 0, tio = 0;
    long written = 0;
    for (int s = 0; s < steps; s++) {
        double t0 = now();
        for (long i = 1; i < n; i++) u[i] = 0.999 * u[i] + 0.001 * u[i - 1];
        double t1 = now();
        tc += t1 - t0;
        if ((s + 1) % every == 0) {
            int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
            for (long off = 0; off < n; off += 1L << 17) written += write(fd, u + off, (1L << 17) * sizeof *u);
            fsync(fd);
            close(fd);
            tio += now() - t1;
        }
    }
    printf("steps: %d\n", steps);
    printf("compute: %.3f s\n", tc);
    printf("checkpoint: %.3f s\n", tio);
    printf("written: %.1f MB\n", written / 1e6);
    printf("state: %.6f\n", u[n - 1]);
    return 0;
}
