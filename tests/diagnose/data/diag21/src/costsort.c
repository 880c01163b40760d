/* cells sorted by cost (cost grows with the index) under schedule(static) */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
static double cell(int i){ double x=0; long w=3000L*(i+1); for(long k=0;k<w;k++) x+=1.0/(k+i+1); return x; }
int main(int argc,char**argv){
  int n=argc>1?atoi(argv[1]):800; double s=0;
  #pragma omp parallel for schedule(static) reduction(+:s)
  for(int i=0;i<n;i++) s+=cell(i);
  printf("sum %.6f\n", s);
  return 0;}
