/* A header line followed by "name value unit" rows (timers summary) */
#include <stdio.h>
#include <time.h>
static double now(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec+1e-9*t.tv_nsec;}
int main(void){
  volatile double s=0; double t[3]; double t0=now();
  for(int k=0;k<3;k++){ double a=now(); for(long i=0;i<(k+1)*3000000L;i++) s+=i*1e-9; t[k]=now()-a; }
  printf("Timer summary:\n");
  printf("  assemble   %8.4f s\n",t[0]);
  printf("  solve      %8.4f s\n",t[1]);
  printf("  output     %8.2f ms\n",t[2]*1e3);
  printf("  total      %8.4f s\n",now()-t0);
  return 0;}
