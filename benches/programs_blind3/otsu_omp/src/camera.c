#include "camera.h"
#include "config.h"

static uint32_t mix(uint32_t x)
{
    x ^= x >> 16; x *= 0x7feb352dU;
    x ^= x >> 15; x *= 0x846ca68bU;
    x ^= x >> 16;
    return x;
}

void camera_frame(int frame, uint16_t *pix)
{
    for (int y = 0; y < FRAME_H; y++)
        for (int x = 0; x < FRAME_W; x++) {
            uint32_t h = mix((uint32_t)(frame * FRAME_H + y) * 2654435761U ^ (uint32_t)x);
            int cx = x - FRAME_W / 2, cy = y - FRAME_H / 2;
            int vignette = (cx * cx + cy * cy) / (FRAME_W * 4);
            int particle = ((x / 37 + y / 53 + frame) % (5 + frame % 4)) == 0;
            int level = (particle ? 2900 - 8 * (frame % 16) : 1100 + 5 * (frame % 9)) - vignette + (int)(h & 511) - 256;
            pix[(long)y * FRAME_W + x] = (uint16_t)(level < 0 ? 0 : level > LEVELS - 1 ? LEVELS - 1 : level);
        }
}
