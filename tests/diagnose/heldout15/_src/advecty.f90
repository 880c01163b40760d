! 2-D first-order upwind advection of a tracer q(i,j) on an n x n grid (column-major Fortran
! arrays), two half-steps per step (q -> qn -> q). Prints its own table: one row per grid size,
! about the same number of cell updates per size. Optional argument: one size only.
program advecty
  implicit none
  integer :: sizes(5) = [128, 256, 512, 1024, 2048]
  integer :: k, n, nsteps, i, j, s, nk
  real(8), allocatable :: q(:,:), qn(:,:)
  real(8) :: c, t0, t1, chk
  integer(8) :: upd
  character(len=32) :: arg
  c = 0.25d0
  nk = 5
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg)
    read (arg, *) sizes(1)
    nk = 1
  end if
  write (*, '(a)') '     n  steps        updates     seconds   ns/update  GB/s(24 B/update)'
  do k = 1, nk
    n = sizes(k)
    nsteps = max(1, 8 * 1024 * 1024 / (n * n))
    if (nk == 1) nsteps = 1
    allocate (q(n, n), qn(n, n))
    do j = 1, n
      do i = 1, n
        q(i, j) = 1.0d0 + 0.001d0 * mod(7 * i + 3 * j, 101)
      end do
    end do
    qn = q
    call cpu_time(t0)
    do s = 1, nsteps
      do i = 2, n
        do j = 2, n
          qn(i, j) = q(i, j) - c * (q(i, j) - q(i - 1, j)) - c * (q(i, j) - q(i, j - 1))
        end do
      end do
      do i = 2, n
        do j = 2, n
          q(i, j) = qn(i, j) - c * (qn(i, j) - qn(i - 1, j)) - c * (qn(i, j) - qn(i, j - 1))
        end do
      end do
    end do
    call cpu_time(t1)
    upd = 2_8 * nsteps * int(n - 1, 8)**2
    chk = sum(q)
    write (*, '(i6,i7,i15,f12.4,f12.3,f12.2)') n, nsteps, upd, t1 - t0, 1d9 * (t1 - t0) / upd, &
      24d0 * upd / (t1 - t0) / 1d9
    deallocate (q, qn)
  end do
  write (*, '(a,es12.4)') 'checksum ', chk
end program advecty
