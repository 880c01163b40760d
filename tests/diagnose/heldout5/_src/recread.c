/* Writes N 24-byte particle records, then reads them back one record at a time with lseek+read. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

struct rec { double x, v; long id; };
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 200000;
    const char *path = argc > 2 ? argv[2] : "particles.bin";
    int fd = open(path, O_CREAT | O_TRUNC | O_RDWR, 0644);
    struct rec *all = malloc(n * sizeof *all);
    for (long i = 0; i < n; i++) { all[i].x = 0.001 * i; all[i].v = 1.0; all[i].id = i; }
    if (write(fd, all, n * sizeof *all) != (ssize_t)(n * sizeof *all)) return 1;
    double t0 = now(), e = 0;
    for (long i = 0; i < n; i++) {
        struct rec r;
        lseek(fd, (off_t)i * sizeof r, SEEK_SET);
        if (read(fd, &r, sizeof r) != sizeof r) return 1;
        e += 0.5 * r.v * r.v + r.x;
    }
    double t = now() - t0;
    printf("records=%ld read_time=%.3f s  %.2f MB/s  energy=%.3f\n", n, t, n * sizeof(struct rec) / t / 1e6, e);
    close(fd);
    unlink(path);
    return 0;
}
