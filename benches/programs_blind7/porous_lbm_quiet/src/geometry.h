#ifndef GEOMETRY_H
#define GEOMETRY_H

/* Solid mask of a periodic nx x ny domain: ncyl non-overlapping discs of radius r placed
 * at random (fixed seed), wrapping around the periodic edges. Returns the porosity. */
double make_medium(unsigned char *solid, int nx, int ny, int ncyl, double r, unsigned seed);

#endif
