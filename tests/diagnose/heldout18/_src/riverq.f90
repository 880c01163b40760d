! River discharge model: each rank updates its reach segment, then every step rank 0 gathers the
! whole discharge field (MPI_Gather), computes the basin total and broadcasts the whole field back.
! usage: riverq NLOC STEPS ; per-rank lines
program riverq
  use mpi
  implicit none
  integer :: rank, nproc, ierr, nloc, steps, s, i
  double precision, allocatable :: q(:), full(:)
  double precision :: t0, tc, tm, tot
  character(len=32) :: arg
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nproc, ierr)
  nloc = 1000000; steps = 30
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg); read (arg, *) nloc
  end if
  if (command_argument_count() >= 2) then
    call get_command_argument(2, arg); read (arg, *) steps
  end if
  allocate (q(nloc), full(nloc*nproc))
  q = 1.0d0 + rank
  tc = 0; tm = 0
  do s = 1, steps
    t0 = MPI_Wtime()
    do i = 1, nloc
      q(i) = 0.999d0*q(i) + 1.0d-3*(i/dble(nloc))
    end do
    tc = tc + MPI_Wtime() - t0
    t0 = MPI_Wtime()
    call MPI_Gather(q, nloc, MPI_DOUBLE_PRECISION, full, nloc, MPI_DOUBLE_PRECISION, 0, MPI_COMM_WORLD, ierr)
    if (rank == 0) tot = sum(full)
    call MPI_Bcast(full, nloc*nproc, MPI_DOUBLE_PRECISION, 0, MPI_COMM_WORLD, ierr)
    q = full(rank*nloc+1:(rank+1)*nloc)
    tm = tm + MPI_Wtime() - t0
  end do
  write (*, '(a,i0,a,f8.3,a,f8.3,a,f9.1,a)') 'rank ', rank, ': update ', tc, ' s  gather+bcast ', tm, &
    ' s  moved ', 8.0d0*steps*(nloc + nloc*nproc)/1.0d6, ' MB'
  call MPI_Finalize(ierr)
end program riverq
