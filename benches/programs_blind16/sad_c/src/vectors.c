#include <stdio.h>
#include "sad.h"

void pick_vectors(const unsigned *sads, int mbs, MotionVector *mv)
{
    for (int b = 0; b < mbs; b++) {
        const unsigned *s = sads + (long)b * SEARCH_POSITIONS;
        unsigned best = s[0];
        int bestpos = 0;
        unsigned long long sum = 0;
        for (int p = 0; p < SEARCH_POSITIONS; p++) {
            sum += s[p];
            if (s[p] < best) { best = s[p]; bestpos = p; }   /* first minimum in raster order */
        }
        mv[b].dx = bestpos % (2 * SEARCH_RANGE + 1) - SEARCH_RANGE;
        mv[b].dy = bestpos / (2 * SEARCH_RANGE + 1) - SEARCH_RANGE;
        mv[b].sad = best;
        mv[b].sad_sum = sum;
    }
}

void summarise(int frame, const MotionVector *mv, int mbx, int mby)
{
    long sx = 0, sy = 0, zero = 0;
    unsigned long long best = 0, all = 0, wsum = 0;
    for (int b = 0; b < mbx * mby; b++) {
        sx += mv[b].dx;
        sy += mv[b].dy;
        zero += (mv[b].dx == 0 && mv[b].dy == 0);
        best += mv[b].sad;
        all += mv[b].sad_sum;
        wsum += (unsigned long long)(b % 97 + 1) * (mv[b].sad + 7u * (mv[b].dx + 16) + 131u * (mv[b].dy + 16));
    }
    int mid = (mby / 2) * mbx + mbx / 2;
    printf("frame %3d  mv sum (%ld, %ld)  still %ld  best SAD %llu  all SADs %llu  check %llu  centre (%d, %d) %u\n",
           frame, sx, sy, zero, best, all, wsum, mv[mid].dx, mv[mid].dy, mv[mid].sad);
}
