/* Ion cloud, structure of arrays */
#ifndef PARTICLES_H
#define PARTICLES_H

typedef struct {
    int n;
    double *x, *y, *z;
    double *vx, *vy, *vz;
    unsigned char *alive;   /* 0 once the ion hit an electrode */
} Cloud;

#endif
