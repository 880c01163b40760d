#ifndef PIXTALLY_HISTO_H
#define PIXTALLY_HISTO_H
#include <stddef.h>

#define HISTO_WIDTH  4096
#define HISTO_HEIGHT 256
#define HISTO_BINS   ((size_t)HISTO_WIDTH * HISTO_HEIGHT)

/* frames.c: a synthetic detector frame, values are bin indices */
void make_frame(unsigned int *img, size_t npix, unsigned int seed);

/* histo.c: Parboil histo's kernel (saturating 8-bit bins) */
void histo_frame(const unsigned int *img, size_t npix, unsigned char *histo);
#endif
