#ifndef GRID_H
#define GRID_H

/* one rank's strip of columns of the global board, with a ghost column on each side
   and a ghost row above and below (dead cells: the board does not wrap) */
typedef struct {
    int rows, cols;        /* global board */
    int nc, c0;            /* my columns: global c0 .. c0+nc-1 */
    int stride;            /* nc + 2 */
    unsigned char *cur, *next;
} Grid;

#define AT(g, a, i, j) ((a)[(size_t)(i) * (g)->stride + (j)])

void grid_init(Grid *g, int rows, int cols, int rank, int size);
void grid_seed(Grid *g, unsigned seed, double density);
void grid_step(Grid *g);
long grid_population(const Grid *g);
unsigned long grid_signature(const Grid *g);
void grid_free(Grid *g);

#endif
