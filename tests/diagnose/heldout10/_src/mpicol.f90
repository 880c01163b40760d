! 2-D diffusion split in two slabs of rows across 2 MPI ranks; the boundary row u(i,:) is
! exchanged one element per MPI_Sendrecv ("element", as written) or packed in one message ("packed").
program mpicol
  use mpi
  implicit none
  integer, parameter :: nx = 200, ny = 2000
  integer :: ierr, rank, nprocs, other, step, steps, j, i, nmsg
  real(8) :: u(0:nx+1, ny), un(0:nx+1, ny), sbuf(ny), rbuf(ny)
  real(8) :: tc, tm, t0, gsum, lsum
  character(len=16) :: mode
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  mode = 'element'
  if (command_argument_count() > 0) call get_command_argument(1, mode)
  steps = 200
  other = 1 - rank
  u = 0.0d0
  do j = 1, ny
    do i = 1, nx
      u(i, j) = real(mod(i + j + rank * 7, 10), 8)
    end do
  end do
  tc = 0.0d0; tm = 0.0d0; nmsg = 0
  do step = 1, steps
    t0 = MPI_Wtime()
    if (trim(mode) == 'element') then
      do j = 1, ny
        if (rank == 0) then
          call MPI_Sendrecv(u(nx, j), 1, MPI_DOUBLE_PRECISION, other, j, u(nx+1, j), 1, &
               MPI_DOUBLE_PRECISION, other, j, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
        else
          call MPI_Sendrecv(u(1, j), 1, MPI_DOUBLE_PRECISION, other, j, u(0, j), 1, &
               MPI_DOUBLE_PRECISION, other, j, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
        end if
        nmsg = nmsg + 1
      end do
    else
      if (rank == 0) then
        sbuf = u(nx, :)
      else
        sbuf = u(1, :)
      end if
      call MPI_Sendrecv(sbuf, ny, MPI_DOUBLE_PRECISION, other, 0, rbuf, ny, &
           MPI_DOUBLE_PRECISION, other, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
      if (rank == 0) then
        u(nx+1, :) = rbuf
      else
        u(0, :) = rbuf
      end if
      nmsg = nmsg + 1
    end if
    tm = tm + (MPI_Wtime() - t0)
    t0 = MPI_Wtime()
    do j = 2, ny - 1
      do i = 1, nx
        un(i, j) = u(i, j) + 0.1d0 * (u(i-1, j) + u(i+1, j) + u(i, j-1) + u(i, j+1) - 4.0d0 * u(i, j))
      end do
    end do
    u(1:nx, 2:ny-1) = un(1:nx, 2:ny-1)
    tc = tc + (MPI_Wtime() - t0)
  end do
  lsum = sum(u(1:nx, :))
  call MPI_Reduce(lsum, gsum, 1, MPI_DOUBLE_PRECISION, MPI_SUM, 0, MPI_COMM_WORLD, ierr)
  write(*,'(a,i0,a,a,a,i0,a,i0,a,f8.3,a,f8.3)') 'rank ', rank, ' mode=', trim(mode), ' steps=', steps, &
       ' messages=', nmsg, ' exchange_s=', tm, ' compute_s=', tc
  if (rank == 0) write(*,'(a,es16.8)') 'field sum=', gsum
  call MPI_Finalize(ierr)
end program mpicol
