! chaingrow: polymer chain growth; every step adds monomers and recomputes the full pair energy.
module chainmod
  implicit none
contains
  function pair_lj(x1, y1, z1, x2, y2, z2) result(e)
    real(8), intent(in) :: x1, y1, z1, x2, y2, z2
    real(8) :: e, r2, s6
    r2 = (x1 - x2)**2 + (y1 - y2)**2 + (z1 - z2)**2 + 0.01d0
    s6 = 1.0d0 / (r2 * r2 * r2)
    e = 4.0d0 * (s6 * s6 - s6)
  end function pair_lj
end module chainmod

program chaingrow
  use chainmod
  implicit none
  integer, parameter :: nmax = 20000
  real(8) :: x(nmax), y(nmax), z(nmax), etot, u
  integer :: n, step, i, j, nsteps, add
  integer(8) :: c0, c1, rate
  character(len=16) :: arg
  nsteps = 12; add = 300
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg); read (arg, *) nsteps
  end if
  if (command_argument_count() >= 2) then
    call get_command_argument(2, arg); read (arg, *) add
  end if
  n = 0
  write (*, '(a)') ' step  monomers   energy            step_s'
  do step = 1, nsteps
    call system_clock(c0, rate)
    do i = 1, add
      n = n + 1
      call random_number(u)
      if (n == 1) then
        x(n) = 0; y(n) = 0; z(n) = 0
      else
        x(n) = x(n - 1) + 1.1d0 * cos(6.283d0 * u)
        y(n) = y(n - 1) + 1.1d0 * sin(6.283d0 * u)
        z(n) = z(n - 1) + 0.3d0 * (u - 0.5d0)
      end if
    end do
    etot = 0
    do i = 1, n
      do j = i + 1, n
        etot = etot + pair_lj(x(i), y(i), z(i), x(j), y(j), z(j))
      end do
    end do
    call system_clock(c1)
    write (*, '(i5,i10,es18.8,f10.4)') step, n, etot, real(c1 - c0, 8) / real(rate, 8)
  end do
end program chaingrow
