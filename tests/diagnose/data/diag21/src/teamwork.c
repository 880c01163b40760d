/* per-thread CPU time of one parallel loop; cost of iteration i grows with i when SORTED=1 */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double tcpu(void){struct timespec t;clock_gettime(CLOCK_THREAD_CPUTIME_ID,&t);return t.tv_sec+1e-9*t.tv_nsec;}
int main(int argc,char**argv){
  int n=argc>1?atoi(argv[1]):2000; int sorted=argc>2?atoi(argv[2]):0;
  double busy[64]={0}; double s=0; int team=0;
  printf("threads requested %d\n", omp_get_max_threads());
  #pragma omp parallel reduction(+:s)
  { double t0=tcpu();
    #pragma omp single
    team=omp_get_num_threads();
    #pragma omp for schedule(static)
    for(int i=0;i<n;i++){ long w = sorted ? 2000L*(i+1) : 2000L*(n/2); double x=0; for(long k=0;k<w;k++) x+=1.0/(k+i+1); s+=x; }
    busy[omp_get_thread_num()]=tcpu()-t0; }
  printf("team size %d\n", team);
  for(int t=0;t<team;t++) printf("thread %d busy %.3f s\n", t, busy[t]);
  printf("checksum %.6f\n", s);
  return 0;}
