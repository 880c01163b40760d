/* Energies tallied into bins by an if-ladder; in random order the branches mispredict. */
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 200000;
  double *e = malloc(sizeof(double) * n);
  long tally[4] = {0, 0, 0, 0};
  srand(7);
  for (int i = 0; i < n; i++) e[i] = (double)rand() / RAND_MAX;
  for (int rep = 0; rep < 5; rep++)
    for (int i = 0; i < n; i++) {
      if (e[i] < 0.25) tally[0]++;
      else if (e[i] < 0.5) tally[1]++;
      else if (e[i] < 0.75) tally[2]++;
      else tally[3]++;
    }
  printf("%ld %ld %ld %ld\n", tally[0], tally[1], tally[2], tally[3]);
  return 0;
}
