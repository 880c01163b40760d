#include <stdio.h>
#include <stdlib.h>
#include <math.h>
int main(int argc,char**argv){ long n=argc>1?atol(argv[1]):600000; FILE*f=fopen("/tmp/d18/out.txt","w"); setvbuf(f,0,_IONBF,0);
 for(long i=0;i<n;i++){ fprintf(f,"%.6g\n",sqrt((double)i)*1.2345); } fclose(f); return 0;}
