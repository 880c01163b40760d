/* Touches a 64 MiB buffer, then hands its pages back with madvise(MADV_DONTNEED), 16 times:
 * every pass faults the whole buffer in again. */
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

int main(void) {
    size_t n = 64UL << 20;
    char *b = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (b == MAP_FAILED) return 1;
    long sum = 0;
    for (int r = 0; r < 16; r++) {
        memset(b, r, n);
        sum += b[r * 4096];
        madvise(b, n, MADV_DONTNEED);
    }
    printf("sum=%ld\n", sum);
    return 0;
}
