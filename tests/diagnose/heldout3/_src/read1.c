/* Checksums a file read one byte per read() call (no user-space buffering). */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: read1 FILE\n"); return 2; }
    int fd = open(argv[1], O_RDONLY);
    if (fd < 0) { perror(argv[1]); return 1; }
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    unsigned long sum = 0, bytes = 0;
#ifdef BUFFERED
    unsigned char buf[65536]; ssize_t k;
    while ((k = read(fd, buf, sizeof buf)) > 0) for (ssize_t i = 0; i < k; i++) { sum = sum * 31 + buf[i]; bytes++; }
#else
    unsigned char c;
    while (read(fd, &c, 1) == 1) { sum = sum * 31 + c; bytes++; }
#endif
    clock_gettime(CLOCK_MONOTONIC, &b);
    double dt = (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec);
    printf("bytes: %lu\n", bytes);
    printf("elapsed: %.3f s\n", dt);
    printf("throughput: %.2f MB/s\n", bytes / dt / 1e6);
    printf("checksum: %lu\n", sum);
    close(fd);
    return 0;
}
