/* Reads back fixed-size records, each with its own lseek + read (two system calls per
   record, no user-space buffer). */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    long n = argc > 2 ? atol(argv[2]) : 50000;
    const char *path = argc > 1 ? argv[1] : "records.bin";
    int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
    char rec[16] = {0};
    char *all = calloc((size_t)n, sizeof rec);
    for (long i = 0; i < n; i++) all[i * 16] = (char)i;
    if (write(fd, all, (size_t)n * sizeof rec) < 0) return 1;
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    long sum = 0;
    for (long i = n - 1; i >= 0; i--) {
        lseek(fd, i * (long)sizeof rec, SEEK_SET);
        if (read(fd, rec, sizeof rec) != sizeof rec) return 1;
        sum += rec[0];
    }
    clock_gettime(CLOCK_MONOTONIC, &b);
    printf("records=%ld time=%.4f s sum=%ld\n", n,
           (double)(b.tv_sec - a.tv_sec) + 1e-9 * (double)(b.tv_nsec - a.tv_nsec), sum);
    close(fd); unlink(path); free(all);
    return 0;
}
