/* Parboil sad's computation on the CPU: for every macroblock of the current frame and every
   displacement within the search range, the SAD against the reference frame; positions that
   leave the reference frame read its nearest edge pixel (Parboil's clamped texture reads). */
#include "sad.h"

static inline int clampi(int v, int lo, int hi)
{
    return v < lo ? lo : (v > hi ? hi : v);
}

void sad_search(const Frame *cur, const Frame *ref, unsigned *sads)
{
    const int w = cur->width, h = cur->height;
    const int mbx = w / MB_SIZE, mby = h / MB_SIZE;
    for (int by = 0; by < mby; by++)
        for (int bx = 0; bx < mbx; bx++) {
            unsigned *out = sads + ((long)by * mbx + bx) * SEARCH_POSITIONS;
            const int x0 = bx * MB_SIZE, y0 = by * MB_SIZE;
            int pos = 0;
            for (int dy = -SEARCH_RANGE; dy <= SEARCH_RANGE; dy++)
                for (int dx = -SEARCH_RANGE; dx <= SEARCH_RANGE; dx++) {
                    unsigned sad = 0;
                    for (int y = 0; y < MB_SIZE; y++) {
                        const unsigned short *c = cur->pix + (long)(y0 + y) * w + x0;
                        const int ry = clampi(y0 + y + dy, 0, h - 1);
                        const unsigned short *r = ref->pix + (long)ry * w;
                        for (int x = 0; x < MB_SIZE; x++) {
                            const int rx = clampi(x0 + x + dx, 0, w - 1);
                            int d = (int)c[x] - (int)r[rx];
                            sad += d < 0 ? -d : d;
                        }
                    }
                    out[pos++] = sad;
                }
        }
}
