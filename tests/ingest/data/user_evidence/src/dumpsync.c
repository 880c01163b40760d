/* Writes a 32 MiB state file in 64 KiB chunks and syncs it, 8 times (a checkpoint per step). */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv) {
    const char *path = argc > 1 ? argv[1] : "state.bin";
    static char buf[65536];
    memset(buf, 7, sizeof buf);
    for (int step = 0; step < 8; step++) {
        int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd < 0) return 1;
        for (int i = 0; i < 512; i++)
            if (write(fd, buf, sizeof buf) != (ssize_t)sizeof buf) return 1;
        fsync(fd);
        close(fd);
    }
    puts("steps=8");
    return 0;
}
