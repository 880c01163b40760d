! Each MPI rank relaxes its own block of a 1-D problem until its local residual is small, then
! all ranks meet in MPI_Allreduce. Rank 1's block starts far from equilibrium and needs several
! times the sweeps of rank 0. Prints per-rank compute time, wait time and sweep count.
program relaxmpi
  use mpi
  implicit none
  integer :: ierr, rank, nprocs, n, i, it, outer, sweeps
  real(8), allocatable :: u(:), v(:)
  real(8) :: res, gres, t0, tc, tw, tstart, amp
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  n = 20000
  allocate(u(0:n+1), v(0:n+1))
  tc = 0d0; tw = 0d0; sweeps = 0
  do outer = 1, 30
    amp = 1d0
    if (mod(rank, 2) == 1) amp = 1d3
    do i = 0, n + 1
      u(i) = amp * sin(3.14159d0 * i / (n + 1)) * sin(0.37d0 * i)
    end do
    u(0) = 0d0; u(n+1) = 0d0
    t0 = MPI_Wtime()
    res = 1d30
    it = 0
    do while (res > 1d-3 .and. it < 4000)
      v(1:n) = 0.5d0 * u(1:n) + 0.25d0 * (u(0:n-1) + u(2:n+1))
      res = maxval(abs(v(1:n) - u(1:n)))
      u(1:n) = v(1:n)
      it = it + 1
    end do
    sweeps = sweeps + it
    tc = tc + (MPI_Wtime() - t0)
    t0 = MPI_Wtime()
    call MPI_Allreduce(res, gres, 1, MPI_DOUBLE_PRECISION, MPI_MAX, MPI_COMM_WORLD, ierr)
    tw = tw + (MPI_Wtime() - t0)
  end do
  call cpu_time(tstart)
  write(*,'(a,i0,a,i0,a,f8.3,a,f8.3,a,f8.3,a)') 'rank ', rank, ' sweeps=', sweeps, ' compute=', tc, &
       ' s wait_allreduce=', tw, ' s cpu_total=', tstart, ' s'
  call MPI_Finalize(ierr)
end program relaxmpi
