#include "image.h"

void blur_rows(const float *in, float *out) {
    for (int y = 0; y < H; y++)
        for (int x = 2; x < W - 2; x++)
            out[y * W + x] = (in[y * W + x - 2] + 4 * in[y * W + x - 1] + 6 * in[y * W + x] +
                              4 * in[y * W + x + 1] + in[y * W + x + 2]) / 16.0f;
}

/* vertical pass, written column by column */
void blur_cols(const float *in, float *out) {
    for (int x = 0; x < W; x++)
        for (int y = 2; y < H - 2; y++)
            out[y * W + x] = (in[(y - 2) * W + x] + 4 * in[(y - 1) * W + x] + 6 * in[y * W + x] +
                              4 * in[(y + 1) * W + x] + in[(y + 2) * W + x]) / 16.0f;
}
