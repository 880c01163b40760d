#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#define N 1024
static long ring[N]; static int head=0,tail=0,count=0; static pthread_mutex_t m=PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t nf=PTHREAD_COND_INITIALIZER, ne=PTHREAD_COND_INITIALIZER; static long items=3000000; static long total=0;
static void* prod(void*a){ for(long i=0;i<items;i++){ pthread_mutex_lock(&m); while(count==N) pthread_cond_wait(&nf,&m);
 ring[head]=i; head=(head+1)%N; count++; pthread_cond_signal(&ne); pthread_mutex_unlock(&m);} return 0;}
static void* cons(void*a){ long s=0; for(long i=0;i<items/2;i++){ pthread_mutex_lock(&m); while(count==0) pthread_cond_wait(&ne,&m);
 s+=ring[tail]; tail=(tail+1)%N; count--; pthread_cond_signal(&nf); pthread_mutex_unlock(&m);} __atomic_add_fetch(&total,s,0); return 0;}
int main(int argc,char**argv){ if(argc>1) items=atol(argv[1]); pthread_t p,c1,c2; pthread_create(&p,0,prod,0); pthread_create(&c1,0,cons,0); pthread_create(&c2,0,cons,0);
 pthread_join(p,0);pthread_join(c1,0);pthread_join(c2,0); printf("total=%ld\n",total); return 0;}
