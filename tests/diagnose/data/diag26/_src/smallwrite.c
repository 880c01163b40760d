/* each record written with its own write() of 12 bytes */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
int main(int argc, char **argv) {
    int n = argc > 2 ? atoi(argv[2]) : 300000;
    int fd = open(argc > 1 ? argv[1] : "/tmp/sw.out", O_WRONLY | O_CREAT | O_TRUNC, 0644);
    char rec[12];
    for (int i = 0; i < n; ++i) { snprintf(rec, sizeof rec, "%10d\n", i); if (write(fd, rec, 11) != 11) return 1; }
    close(fd);
    printf("records=%d\n", n);
    return 0;
}
