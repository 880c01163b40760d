! MPI ocean-atmosphere coupler: every step rank 0 sends the NX sea-surface temperatures to rank 1
! one value per MPI_Send (and gets the fluxes back one per message); the fields themselves are cheap
! to update. Prints one line per rank: values, messages, bytes, update seconds, exchange seconds.
! mpirun -np 2 ./coupler NX STEPS
program coupler
  use mpi
  implicit none
  integer :: ierr, rank, nx, steps, s, i, other
  integer(8) :: msgs
  real(8), allocatable :: sst(:), flx(:)
  real(8) :: t0, tu, tx
  character(len=32) :: arg
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  nx = 20000; steps = 20
  if (command_argument_count() >= 2) then
    call get_command_argument(1, arg); read (arg, *) nx
    call get_command_argument(2, arg); read (arg, *) steps
  end if
  allocate (sst(nx), flx(nx))
  do i = 1, nx
    sst(i) = 280d0 + mod(i, 30); flx(i) = 0d0
  end do
  other = 1 - rank; msgs = 0; tu = 0; tx = 0
  do s = 1, steps
    t0 = MPI_Wtime()
    if (rank == 0) then
      do i = 1, nx
        sst(i) = sst(i) + 1d-4 * flx(i)
      end do
    else
      do i = 1, nx
        flx(i) = 10d0 * (sst(i) - 285d0)
      end do
    end if
    tu = tu + MPI_Wtime() - t0
    t0 = MPI_Wtime()
    if (rank == 0) then
      do i = 1, nx
        call MPI_Send(sst(i), 1, MPI_DOUBLE_PRECISION, other, i, MPI_COMM_WORLD, ierr)
      end do
      do i = 1, nx
        call MPI_Recv(flx(i), 1, MPI_DOUBLE_PRECISION, other, i, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
      end do
    else
      do i = 1, nx
        call MPI_Recv(sst(i), 1, MPI_DOUBLE_PRECISION, other, i, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
      end do
      do i = 1, nx
        call MPI_Send(flx(i), 1, MPI_DOUBLE_PRECISION, other, i, MPI_COMM_WORLD, ierr)
      end do
    end if
    msgs = msgs + 2 * nx
    tx = tx + MPI_Wtime() - t0
  end do
  write (*, '(a,i2,a,i8,a,i9,a,i10,a,f8.3,a,f8.3,a)') 'rank ', rank, ': values', nx, ' messages', msgs, &
    ' bytes', msgs * 8, ' update', tu, ' s exchange', tx, ' s'
  call MPI_Finalize(ierr)
end program coupler
