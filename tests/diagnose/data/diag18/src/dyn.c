#include <stdio.h>
#include <stdlib.h>
int main(int argc,char**argv){ long n=argc>1?atol(argv[1]):8000000; int *a=malloc(n*sizeof(int));
 for(long i=0;i<n;i++) a[i]=(int)((i*2654435761u)>>7)&1023; long cnt=0;
 for(int r=0;r<6;r++){
 #pragma omp parallel for schedule(dynamic,1) reduction(+:cnt)
 for(long i=0;i<n;i++) if(a[i]>511) cnt++; }
 printf("count=%ld\n",cnt); return 0;}
