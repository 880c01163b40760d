#include <stdio.h>
#include "trace.h"

/* a fresh trace with its header */
void trace_start(int bodies) {
  FILE *f = fopen(TRACE_FILE, "w");
  if (!f) return;
  fprintf(f, "# %d bodies: body t x y\n", bodies);
  fclose(f);
}

/* one sample, appended at once so that the trace is complete if the run stops */
void trace_point(int body, double t, double x, double y) {
  FILE *f = fopen(TRACE_FILE, "a");
  if (f == NULL)
    return;
  fprintf(f, "%d %.4f %.9e %.9e\n", body, t, x, y);
  fclose(f);
}
