/* screening: Rodinia lavaMD's data structures (main.h), as the suite has them */
#ifndef LAVAMD_H
#define LAVAMD_H

#define NUMBER_PAR_PER_BOX 100
#define DOT(A, B) ((A.x) * (B.x) + (A.y) * (B.y) + (A.z) * (B.z))

typedef struct {
    double x, y, z;
} THREE_VECTOR;

typedef struct {
    double v, x, y, z;
} FOUR_VECTOR;

typedef struct nei_str {
    int x, y, z;    /* neighbour box indices */
    int number;
    long offset;
} nei_str;

typedef struct box_str {
    int x, y, z;    /* home box indices */
    int number;
    long offset;
    int nn;         /* number of neighbour boxes */
    nei_str nei[26];
} box_str;

typedef struct {
    double alpha;
} par_str;

typedef struct {
    int boxes1d_arg;
    long number_boxes;
    long space_elem;
} dim_str;

/* boxes.c */
box_str *make_boxes(dim_str *dim);
void fill_particles(const dim_str *dim, FOUR_VECTOR *rv, double *qv, unsigned seed);

/* kernel.c */
void kernel_cpu(par_str par, dim_str dim, const box_str *box, const FOUR_VECTOR *rv,
                const double *qv, FOUR_VECTOR *fv);

#endif
