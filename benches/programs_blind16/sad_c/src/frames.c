/* a synthetic clip: textured background panning slowly, plus a moving blob, 8-bit range */
#include <math.h>
#include <stdlib.h>
#include "sad.h"

void make_frame(Frame *f, int width, int height, int t)
{
    f->width = width;
    f->height = height;
    f->pix = malloc((size_t)width * height * sizeof(unsigned short));
    double px = 1.7 * t, py = -0.9 * t;          /* camera pan, pixels per frame */
    double bx = width * 0.3 + 5.0 * t, by = height * 0.6 - 3.0 * t;
    for (int y = 0; y < height; y++)
        for (int x = 0; x < width; x++) {
            double u = x + px, v = y + py;
            double tex = 96.0 + 40.0 * sin(0.11 * u) * cos(0.07 * v) + 25.0 * sin(0.031 * (u + 2 * v))
                       + 12.0 * cos(0.53 * u - 0.29 * v);
            double r2 = (x - bx) * (x - bx) + (y - by) * (y - by);
            if (r2 < 900.0) tex += 60.0 * (1.0 - r2 / 900.0);
            unsigned h = (unsigned)(x * 73856093u) ^ (unsigned)(y * 19349663u) ^ (unsigned)(t * 83492791u);
            tex += (double)((h >> 7) % 9) - 4.0;         /* sensor noise */
            if (tex < 0) tex = 0;
            if (tex > 255) tex = 255;
            f->pix[(size_t)y * width + x] = (unsigned short)tex;
        }
}
