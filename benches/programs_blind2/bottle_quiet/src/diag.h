/* diag.h: end-of-run diagnostics written for the analysis notebook */
#ifndef DIAG_H
#define DIAG_H
#include "particles.h"

int diag_write(const char *path, const particle_t *p, size_t n, int steps);

#endif
