/* routecost: Rodinia's pathfinder (openmp/pathfinder) in the group's route planner */
#ifndef PATHFINDER_H
#define PATHFINDER_H

#define MIN(a, b) ((a) <= (b) ? (a) : (b))
#define M_SEED 9

/* the grid as Rodinia holds it: one block `data` of rows x cols ints, `wall[t]` its rows */
typedef struct {
    int rows, cols;
    int *data;
    int **wall;
} Grid;

int make_grid(Grid *g, int rows, int cols, unsigned seed);
void free_grid(Grid *g);
void pathfinder(const Grid *g, int *result, int *scratch);

typedef struct {
    long long sum;
    int best, worst, best_at;
    long long weighted;
} RouteStats;

RouteStats route_stats(const int *result, int cols);

#endif
