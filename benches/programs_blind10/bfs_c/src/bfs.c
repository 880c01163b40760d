/* breadth-first search as in the Rodinia 'bfs' benchmark (openmp/bfs/bfs.cpp, here
 * without its OpenMP pragmas: the group runs it on one core of a shared node): per level,
 * one sweep over all nodes expands the masked ones, a second sweep turns the updating mask
 * into the next level's mask */
#include <stdbool.h>
#include <stdlib.h>
#include "bfs.h"

int bfs_levels(const Graph *g, int source, int *cost)
{
    int no_of_nodes = g->no_of_nodes;
    bool *h_graph_mask = calloc(no_of_nodes, sizeof(bool));
    bool *h_updating_graph_mask = calloc(no_of_nodes, sizeof(bool));
    bool *h_graph_visited = calloc(no_of_nodes, sizeof(bool));
    for (int i = 0; i < no_of_nodes; i++) cost[i] = -1;
    h_graph_mask[source] = true;
    h_graph_visited[source] = true;
    cost[source] = 0;

    int k = 0;
    bool stop;
    do {
        stop = false;
        for (int tid = 0; tid < no_of_nodes; tid++) {
            if (h_graph_mask[tid]) {
                h_graph_mask[tid] = false;
                const Node nd = g->nodes[tid];
                for (int i = nd.starting; i < nd.starting + nd.no_of_edges; i++) {
                    int id = g->edges[i];
                    if (!h_graph_visited[id]) {
                        cost[id] = cost[tid] + 1;
                        h_updating_graph_mask[id] = true;
                    }
                }
            }
        }
        for (int tid = 0; tid < no_of_nodes; tid++) {
            if (h_updating_graph_mask[tid]) {
                h_graph_mask[tid] = true;
                h_graph_visited[tid] = true;
                stop = true;
                h_updating_graph_mask[tid] = false;
            }
        }
        k++;
    } while (stop);

    free(h_graph_mask);
    free(h_updating_graph_mask);
    free(h_graph_visited);
    return k - 1;
}
