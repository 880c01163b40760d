/* MPI per-rank lines: "[rank 1] compute 0.83 s, wait 0.12 s" and collective timing */
#include <mpi.h>
#include <stdio.h>
int main(int argc,char**argv){
  MPI_Init(&argc,&argv); int r,p; MPI_Comm_rank(MPI_COMM_WORLD,&r); MPI_Comm_size(MPI_COMM_WORLD,&p);
  double t0=MPI_Wtime(); volatile double s=0; long n=20000000L*(r+1); for(long i=0;i<n;i++) s+=1e-9*i;
  double t1=MPI_Wtime(); MPI_Barrier(MPI_COMM_WORLD); double t2=MPI_Wtime();
  double buf[4096]={0}, out[4096]; double t3=MPI_Wtime();
  for(int k=0;k<20;k++) MPI_Allreduce(buf,out,4096,MPI_DOUBLE,MPI_SUM,MPI_COMM_WORLD);
  double t4=MPI_Wtime();
  printf("[rank %d] compute %.3f s, wait %.3f s\n",r,t1-t0,t2-t1);
  printf("[rank %d] MPI_Allreduce of 4096 doubles: %.1f us per call\n",r,(t4-t3)/20*1e6);
  fflush(stdout); MPI_Finalize(); return 0;}
