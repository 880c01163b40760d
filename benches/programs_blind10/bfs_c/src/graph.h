#ifndef GRAPH_H
#define GRAPH_H
/* graph in the layout of the Rodinia 'bfs' benchmark: per node the first edge and the
 * number of edges, one array of edge targets */
typedef struct {
    int starting;
    int no_of_edges;
} Node;

typedef struct {
    int no_of_nodes;
    int edge_list_size;
    Node *nodes;
    int *edges;
    int width, height;
} Graph;

Graph *graph_street_grid(int width, int height, double keep, double ramp, unsigned long seed);
void graph_free(Graph *g);
#endif
