#ifndef BFS_H
#define BFS_H
#include "graph.h"
/* hop distance from source to every node (-1: unreachable); returns the number of levels */
int bfs_levels(const Graph *g, int source, int *cost);
#endif
