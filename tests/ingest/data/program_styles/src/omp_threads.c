/* OpenMP per-thread printf lines in a free style */
#include <omp.h>
#include <stdio.h>
int main(void){
  #pragma omp parallel
  { int t=omp_get_thread_num(); double a=omp_get_wtime(); volatile double s=0;
    for(long i=0;i<(t+1)*5000000L;i++) s+=i*1e-9;
    double b=omp_get_wtime();
    #pragma omp barrier
    double c=omp_get_wtime();
    #pragma omp critical
    printf("Thread %d/%d: work %.4f s | idle %.4f s\n",t,omp_get_num_threads(),b-a,c-b); }
  return 0;}
