/* like teamwork.c, but prints a line for every requested thread (0 s for one that never ran) */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double tcpu(void){struct timespec t;clock_gettime(CLOCK_THREAD_CPUTIME_ID,&t);return t.tv_sec+1e-9*t.tv_nsec;}
int main(int argc,char**argv){
  int n=argc>1?atoi(argv[1]):600; int want=omp_get_max_threads();
  double busy[64]={0}; double s=0;
  #pragma omp parallel reduction(+:s)
  { double t0=tcpu();
    #pragma omp for schedule(static)
    for(int i=0;i<n;i++){ double x=0; for(long k=0;k<600000L;k++) x+=1.0/(k+i+1); s+=x; }
    busy[omp_get_thread_num()]=tcpu()-t0; }
  printf("OpenMP threads: %d\n", want);
  for(int t=0;t<want;t++) printf("thread %d busy %.3f s\n", t, busy[t]);
  printf("checksum %.6f\n", s);
  return 0;}
