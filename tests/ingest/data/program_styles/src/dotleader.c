/* C printf report with dot leaders and a header + name value unit rows */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double now(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec+1e-9*t.tv_nsec;}
int main(void){
  size_t n=1<<22; double *a=malloc(n*sizeof*a),*b=malloc(n*sizeof*b);
  double t0=now(); for(size_t i=0;i<n;i++){a[i]=i*0.5;b[i]=1.0;} double t1=now();
  double s=0; for(int r=0;r<5;r++) for(size_t i=0;i<n;i++) s+=a[i]*b[i]; double t2=now();
  printf("=== kernel report (dotleader v1.3) ===\n");
  printf("init time ........................ %.4f s\n",t1-t0);
  printf("dot product time ................. %.4f s\n",t2-t1);
  printf("memory traffic ................... %.1f MB/s\n",5*2*n*8/(t2-t1)/1e6);
  printf("checksum ......................... %.6e\n",s);
  printf("\nPhase breakdown\n");
  printf("init      %.4f  s\n",t1-t0);
  printf("dot       %.4f  s\n",t2-t1);
  return 0;}
