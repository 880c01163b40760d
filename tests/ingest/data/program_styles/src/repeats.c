/* Repeated runs of one kernel, each printed "Run k: kernel 0.012 s bandwidth 8.1 GB/s" and the same label again */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double now(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec+1e-9*t.tv_nsec;}
int main(void){
  size_t n=1<<21; double *a=calloc(n,8),*b=calloc(n,8);
  for(int r=0;r<5;r++){ double t0=now(); for(size_t i=0;i<n;i++) a[i]=2.0*b[i]+a[i]; double t=now()-t0;
    printf("copy kernel took %.5f s -> %.2f GB/s\n",t,2*n*8/t/1e9); }
  printf("done, a[7]=%g\n",a[7]);
  return 0;}
