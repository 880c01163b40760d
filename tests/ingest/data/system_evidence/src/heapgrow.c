/* Three allocation sites of different sizes for massif: a grid (one large block), a table
 * grown by realloc, and many small nodes. */
#include <stdlib.h>
#include <string.h>

struct node { struct node *next; double v[6]; };

static double *grid(size_t n) { double *g = malloc(n * sizeof *g); memset(g, 0, n * sizeof *g); return g; }

static int *table(size_t n) {
    int *t = NULL;
    size_t cap = 0;
    for (size_t i = 0; i < n; ++i) {
        if (i == cap) { cap = cap ? 2 * cap : 16; t = realloc(t, cap * sizeof *t); }
        t[i] = (int)i;
    }
    return t;
}

static struct node *nodes(int n) {
    struct node *head = NULL;
    for (int i = 0; i < n; ++i) { struct node *x = malloc(sizeof *x); x->next = head; x->v[0] = i; head = x; }
    return head;
}

int main(int argc, char **argv) {
    (void)argv;
    double *g = grid(2000000);
    g[argc] = argc;  /* keeps the grid: its contents are read below */
    int *t = table(1500000);
    struct node *h = nodes(40000);
    double s = g[argc] + g[10] + t[7] + h->v[0];
    while (h) { struct node *n = h->next; free(h); h = n; }
    free(t);
    free(g);
    return s > 1e300;
}
