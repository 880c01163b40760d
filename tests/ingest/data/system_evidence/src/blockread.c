/* Reads a file with read() in blocks of a given size and prints what it moved:
 * "read N bytes in T s (R MB/s) in C calls block=B". */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc < 3) return 2;
    size_t block = (size_t)atol(argv[2]);
    char *buf = malloc(block);
    int fd = open(argv[1], O_RDONLY);
    if (fd < 0 || !buf) return 1;
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    long total = 0, calls = 0;
    ssize_t n;
    while ((n = read(fd, buf, block)) > 0) { total += n; ++calls; }
    ++calls; /* the read that returned 0 */
    clock_gettime(CLOCK_MONOTONIC, &b);
    double t = (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec);
    printf("read %ld bytes in %.4f s (%.1f MB/s) in %ld calls block=%zu\n", total, t,
           total / t / 1e6, calls, block);
    close(fd);
    free(buf);
    return 0;
}
