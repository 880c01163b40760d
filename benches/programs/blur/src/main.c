#include <stdio.h>
#include <stdlib.h>
#include <sys/time.h>
#include "image.h"

int main(int argc, char **argv) {
    int passes = argc > 1 ? atoi(argv[1]) : 4;
    float *a = calloc((size_t)W * H, sizeof(float)), *b = calloc((size_t)W * H, sizeof(float));
    for (long i = 0; i < (long)W * H; i++) a[i] = (float)((i * 2654435761u) % 256);
    struct timeval t0, t1;
    gettimeofday(&t0, NULL);
    for (int p = 0; p < passes; p++) {
        blur_rows(a, b);
        blur_cols(b, a);
    }
    gettimeofday(&t1, NULL);
    FILE *f = fopen("blurred.txt", "w");
    for (int y = 0; y < H; y += H / 16)
        for (int x = 0; x < W; x += W / 16) fprintf(f, "%.4f\n", a[y * W + x]);
    fclose(f);
    printf("blur %dx%d, %d passes: %.1f ms\n", W, H, passes,
           (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_usec - t0.tv_usec) * 1e-3);
    return 0;
}
