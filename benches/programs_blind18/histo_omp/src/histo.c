#include <stdint.h>
#include <string.h>
#include "histo.h"

/* Parboil histo (cpu reference): for every pixel, increment its bin unless the bin
 * already holds UINT8_MAX.  Threaded by the user: the saturating test and increment must
 * not race, so they sit in a critical section. */
void histo_frame(const unsigned int *img, size_t npix, unsigned char *histo)
{
    memset(histo, 0, HISTO_BINS * sizeof(unsigned char));
#pragma omp parallel for
    for (size_t i = 0; i < npix; i++) {
        const unsigned int value = img[i];
#pragma omp critical(histo_bin)
        {
            if (histo[value] < UINT8_MAX)
                ++histo[value];
        }
    }
}
