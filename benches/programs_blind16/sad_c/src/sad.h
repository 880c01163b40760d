/* mvsearch: Parboil's sad (sum of absolute differences for H.264 motion estimation),
   adapted: 16 x 16 macroblocks, full search over +-SEARCH_RANGE, unsigned short frames */
#ifndef SAD_H
#define SAD_H

#define MB_SIZE 16
#define SEARCH_RANGE 16              /* Parboil: 16 (33 x 33 positions) */
#define SEARCH_POSITIONS ((2 * SEARCH_RANGE + 1) * (2 * SEARCH_RANGE + 1))

typedef struct {
    int width, height;               /* multiples of MB_SIZE */
    unsigned short *pix;             /* luma, row major */
} Frame;

typedef struct {
    int dx, dy;                      /* best motion vector */
    unsigned sad;                    /* its SAD */
    unsigned long long sad_sum;      /* sum of the SADs of every position searched */
} MotionVector;

void make_frame(Frame *f, int width, int height, int t);
void sad_search(const Frame *cur, const Frame *ref, unsigned *sads);
void pick_vectors(const unsigned *sads, int mbs, MotionVector *mv);
void summarise(int frame, const MotionVector *mv, int mbx, int mby);

#endif
