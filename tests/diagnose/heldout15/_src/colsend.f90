! MPI 2-D Jacobi relaxation on 2 ranks (each holds n x n columns of a column-major field) whose
! halo is exchanged one value at a time: every halo value is its own MPI_Send / MPI_Recv of one
! double. Prints one line per rank: compute time, halo time, messages and bytes sent.
program colsend
  use mpi
  implicit none
  integer :: rank, nproc, ierr, n, steps, i, j, s, other
  real(8), allocatable :: u(:,:), un(:,:)
  real(8) :: tc, th, t0, t1
  integer(8) :: msgs
  character(len=32) :: arg
  integer :: st(MPI_STATUS_SIZE), r
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nproc, ierr)
  n = 600; steps = 200
  if (command_argument_count() >= 2) then
    call get_command_argument(1, arg); read (arg, *) n
    call get_command_argument(2, arg); read (arg, *) steps
  end if
  other = 1 - rank
  allocate (u(0:n + 1, 0:n + 1), un(0:n + 1, 0:n + 1))
  u = 1.0d0 * rank; un = u
  tc = 0; th = 0; msgs = 0
  do s = 1, steps
    t0 = MPI_Wtime()
    ! rank 0 owns the left block (its halo column is n+1), rank 1 the right one (halo column 0)
    do i = 1, n
      if (rank == 0) then
        call MPI_Send(u(i, n), 1, MPI_DOUBLE_PRECISION, other, i, MPI_COMM_WORLD, ierr)
        call MPI_Recv(u(i, n + 1), 1, MPI_DOUBLE_PRECISION, other, i, MPI_COMM_WORLD, st, ierr)
      else
        call MPI_Recv(u(i, 0), 1, MPI_DOUBLE_PRECISION, other, i, MPI_COMM_WORLD, st, ierr)
        call MPI_Send(u(i, 1), 1, MPI_DOUBLE_PRECISION, other, i, MPI_COMM_WORLD, ierr)
      end if
      msgs = msgs + 1
    end do
    t1 = MPI_Wtime()
    do j = 1, n
      do i = 1, n
        un(i, j) = 0.25d0 * (u(i - 1, j) + u(i + 1, j) + u(i, j - 1) + u(i, j + 1))
      end do
    end do
    u(1:n, 1:n) = un(1:n, 1:n)
    th = th + (t1 - t0)
    tc = tc + (MPI_Wtime() - t1)
  end do
  do r = 0, nproc - 1
    call MPI_Barrier(MPI_COMM_WORLD, ierr)
    if (r == rank) then
      write (*, '(a,i2,a,i6,a,i5,a,f8.3,a,f8.3,a,i9,a,i10)') 'rank', rank, ' n', n, ' steps', steps, ' compute_s', tc, &
        ' halo_s', th, ' msgs_sent', msgs, ' bytes_sent', 8 * msgs
      flush (6)
    end if
  end do
  call MPI_Finalize(ierr)
end program colsend
