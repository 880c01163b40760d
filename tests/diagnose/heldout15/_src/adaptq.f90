! OpenMP adaptive sub-cycling of a reaction front: every cell is integrated to the same time with
! an explicit step bounded by its stiffness; the cells of the last quarter of the domain (the
! front) need about 30x the sub-steps. schedule(static). Prints one line per thread: cells,
! sub-steps and time inside the loop.
program adaptq
  use omp_lib
  implicit none
  integer :: n, i, tid, nth, k, nsub
  real(8), allocatable :: y(:), rate(:)
  real(8) :: t0, t1, h, tend
  integer, allocatable :: cells(:)
  integer(8), allocatable :: subs(:)
  real(8), allocatable :: tt(:)
  character(len=32) :: arg
  n = 40000
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg); read (arg, *) n
  end if
  allocate (y(n), rate(n))
  do i = 1, n
    y(i) = 1.0d0
    rate(i) = 1.0d0
    if (i > 3 * n / 4) rate(i) = 30.0d0
  end do
  nth = omp_get_max_threads()
  allocate (cells(0:nth - 1), subs(0:nth - 1), tt(0:nth - 1))
  cells = 0; subs = 0; tt = 0
  tend = 1.0d0
  !$omp parallel private(tid, t0, t1, i, k, nsub, h)
  tid = omp_get_thread_num()
  t0 = omp_get_wtime()
  !$omp do schedule(static)
  do i = 1, n
    nsub = int(200 * rate(i))
    h = tend / nsub
    do k = 1, nsub
      y(i) = y(i) + h * (-rate(i) * y(i) + 0.1d0 * sin(y(i)))
    end do
    cells(tid) = cells(tid) + 1
    subs(tid) = subs(tid) + nsub
  end do
  !$omp end do nowait
  t1 = omp_get_wtime()
  tt(tid) = t1 - t0
  !$omp end parallel
  write (*, '(a)') 'thread   cells      substeps   loop_s'
  do tid = 0, nth - 1
    write (*, '(i6,i8,i14,f9.3)') tid, cells(tid), subs(tid), tt(tid)
  end do
  write (*, '(a,es14.6)') 'sum(y) = ', sum(y)
end program adaptq
