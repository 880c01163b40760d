/* key: value with thousands separators and counts with unit words (messages, bytes) */
#include <stdio.h>
#include <time.h>
static double now(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec+1e-9*t.tv_nsec;}
static void grouped(long v,char*o){char b[32];int n=sprintf(b,"%ld",v),k=0;for(int i=0;i<n;i++){if(i&&(n-i)%3==0)o[k++]=',';o[k++]=b[i];}o[k]=0;}
int main(void){
  double t0=now(); volatile long msgs=0,bytes=0; for(long i=0;i<1234567;i++){msgs++;bytes+=4096;}
  double t=now()-t0; char g[40]; grouped(msgs,g);
  printf("Messages sent:      %s\n",g);
  printf("Bytes sent:         %ld bytes\n",(long)bytes);
  printf("Avg message size:   %.1f KiB\n",bytes/(double)msgs/1024);
  printf("Packing time:       %.3f ms\n",t*1e3);
  return 0;}
