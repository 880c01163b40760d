/* Reads n samples into a singly linked list, appending each at the tail found by walking. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

typedef struct node { double v; struct node *next; } node;

node *append(node *head, double v) {
  node *nn = malloc(sizeof *nn);
  nn->v = v; nn->next = NULL;
  if (!head) return nn;
  node *p = head;
  while (p->next) p = p->next;
  p->next = nn;
  return head;
}

double total(node *h) { double s = 0; for (; h; h = h->next) s += h->v; return s; }

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 40000;
  struct timespec a, b;
  clock_gettime(CLOCK_MONOTONIC, &a);
  node *h = NULL;
  for (int i = 0; i < n; i++) h = append(h, i * 0.5);
  double s = total(h);
  clock_gettime(CLOCK_MONOTONIC, &b);
  printf("samples: %d\nsum: %.1f\ntime: %.3f s\n", n, s, (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec));
  return 0;
}
