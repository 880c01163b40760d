/* Particles kept in a linked list whose nodes were linked in random order: each update step
   loads the next node's address from the one before, anywhere in memory. */
#include <stdio.h>
#include <stdlib.h>
typedef struct node { double x, u; struct node *next; } node;
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 200000, steps = argc > 2 ? atoi(argv[2]) : 10;
  node *pool = malloc(sizeof(node) * n);
  int *perm = malloc(sizeof(int) * n);
  for (int i = 0; i < n; i++) perm[i] = i;
  srand(3);
  for (int i = n - 1; i > 0; i--) { int j = rand() % (i + 1), t = perm[i]; perm[i] = perm[j]; perm[j] = t; }
  for (int i = 0; i < n; i++) {
    node *p = &pool[perm[i]];
    p->x = i; p->u = 1e-3;
    p->next = i + 1 < n ? &pool[perm[i + 1]] : NULL;
  }
  node *head = &pool[perm[0]];
  for (int s = 0; s < steps; s++)
    for (node *p = head; p; p = p->next)
      p->x += 0.1 * p->u;
  double sx = 0;
  for (node *p = head; p; p = p->next) sx += p->x;
  printf("listwalk: %d nodes x %d steps, sum %.6e\n", n, steps, sx);
  return 0;
}
