/* Reads a file with O_DIRECT, one block (argv[2] bytes) per read(2): every request waits
 * for the device. Prints bytes, time, rate and the block size. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc < 3) return 2;
    size_t block = (size_t)atol(argv[2]);
    int fd = open(argv[1], O_RDONLY | O_DIRECT);
    if (fd < 0) { perror("open"); return 1; }
    void *buf;
    if (posix_memalign(&buf, 4096, block)) return 1;
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    long total = 0, sum = 0;
    ssize_t got;
    while ((got = read(fd, buf, block)) > 0) { total += got; sum += ((unsigned char *)buf)[0]; }
    clock_gettime(CLOCK_MONOTONIC, &b);
    double t = (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec);
    printf("read %ld bytes in %.3f s (%.1f MB/s) block=%zu sum=%ld\n", total, t, total / t / 1e6,
           block, sum);
    close(fd);
    free(buf);
    return 0;
}
