/* three parallel regions, each printing the team size it ran with (omp_get_num_threads) */
#include <omp.h>
#include <stdio.h>
int main(void){
  double s=0;
  printf("OMP max threads: %d\n", omp_get_max_threads());
  for(int r=0;r<3;r++){ int team=0;
    double t0=omp_get_wtime();
    #pragma omp parallel reduction(+:s)
    { 
      #pragma omp single
      team=omp_get_num_threads();
      #pragma omp for schedule(static)
      for(int i=0;i<400;i++){ double x=0; for(long k=0;k<300000L;k++) x+=1.0/(k+i+1); s+=x; } }
    printf("region %d: team size %d, time %.3f s\n", r, team, omp_get_wtime()-t0); }
  printf("checksum %.6f\n", s);
  return 0;}
