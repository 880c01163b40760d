#include <stdio.h>
#include <stdlib.h>
#include <math.h>
static double round6(double x){ char b[64]; snprintf(b,sizeof b,"%.6g",x); return strtod(b,0);}
int main(int argc,char**argv){ long n=argc>1?atol(argv[1]):1500000; double *v=malloc(n*sizeof(double)); double s=0;
 for(long i=0;i<n;i++){ v[i]=round6(sqrt((double)i)*1.2345); s+=v[i]; }
 FILE*f=fopen("/dev/null","w"); fwrite(v,sizeof(double),n,f); fclose(f); printf("sum=%g\n",s); return 0;}
