/* rayfarm: MPI radiative-transfer ray march; the sky is split into equal halves of rays, but the rays of
   rank 0's half cross the dense cloud and take many more steps; the image is summed with MPI_Reduce. */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <mpi.h>
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size; MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &size);
  int nray = argc > 1 ? atoi(argv[1]) : 40000;
  int lo = rank * nray / size, hi = (rank + 1) * nray / size;
  double *img = calloc(nray, sizeof(double)), *sum = calloc(nray, sizeof(double));
  long steps = 0;
  double t0 = MPI_Wtime();
  for (int r = lo; r < hi; r++) {
    double y = (double)r / nray;
    int ns = y < 0.5 ? 1500 : 100;          /* dense cloud in the lower half of the sky */
    double tau = 0, I = 0;
    for (int k = 0; k < ns; k++) { double rho = exp(-((k * 0.001 - 0.5) * (k * 0.001 - 0.5)) * 8.0) * (1.0 + y); I += rho * exp(-tau) * 0.001; tau += rho * 0.001; }
    img[r] = I; steps += ns;
  }
  double t1 = MPI_Wtime();
  MPI_Reduce(img, sum, nray, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  double t2 = MPI_Wtime();
  double tot = 0; for (int r = 0; r < nray; r++) tot += sum[r];
  printf("rank %d rays=%d march_steps=%ld compute_s=%.4f reduce_s=%.4f\n", rank, hi - lo, steps, t1 - t0, t2 - t1);
  if (rank == 0) printf("image_sum=%.6f\n", tot);
  MPI_Finalize();
  return 0;
}
