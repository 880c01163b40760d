#ifndef CAMERA_H
#define CAMERA_H
#include <stdint.h>
/* a synthetic 12-bit frame: two phases (background, particles) with noise and vignetting */
void camera_frame(int frame, uint16_t *pix);
#endif
