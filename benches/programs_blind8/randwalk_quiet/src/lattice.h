/* An L x L lattice with random obstacles and the random walk's transition matrix on it. */
#ifndef LATTICE_H
#define LATTICE_H

#include "csr.h"

/* blocked[y*L + x] = 1 for an obstacle; returns the number of open sites */
int make_obstacles(unsigned char *blocked, int L, double fraction, unsigned seed);
/* lazy walk with diagonal moves: stay with probability `stay`, otherwise move to one of the
 * open sites among the 8 neighbours (periodic), weight 1 for edges and 1/2 for diagonals;
 * rows of obstacle sites are the identity. */
void transition_matrix(const unsigned char *blocked, int L, double stay, Csr *p);

#endif
