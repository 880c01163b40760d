! Sponge-layer relaxation of a 1-D velocity field towards a reference profile near the outflow,
! repeated many times over in-cache arrays (n = 4000): u = u - dt*sig*(u - uref), then a clipped
! update. ./sponge N REPS   prints n, reps, seconds, ns/point
module spongemod
contains
  subroutine relax(n, u, uref, sig, dt)
    integer, intent(in) :: n
    real(8), intent(inout) :: u(n)
    real(8), intent(in) :: uref(n), sig(n), dt
    integer :: i
    do i = 1, n
      u(i) = u(i) - dt * sig(i) * (u(i) - uref(i)) + 1d-7 * sig(i) * sig(i)
    end do
  end subroutine relax
end module spongemod
program sponge
  use spongemod
  implicit none
  integer :: n, reps, r, i
  real(8), allocatable :: u(:), uref(:), sig(:)
  integer(8) :: c0, c1, rate
  character(len=32) :: arg
  n = 4000; reps = 100000
  if (command_argument_count() >= 2) then
    call get_command_argument(1, arg); read (arg, *) n
    call get_command_argument(2, arg); read (arg, *) reps
  end if
  allocate (u(n), uref(n), sig(n))
  do i = 1, n
    u(i) = 1d0 + 1d-3 * mod(i, 11); uref(i) = 1d0; sig(i) = max(0d0, dble(i - n / 2) / n)
  end do
  call system_clock(c0, rate)
  do r = 1, reps
    call relax(n, u, uref, sig, 1d-3)
  end do
  call system_clock(c1)
  write (*, '(a,i6,a,i8,a,f8.3,a,f8.3,a,es14.6)') 'sponge: n', n, ' reps', reps, ' seconds', dble(c1 - c0) / rate, &
    ' ns/point', 1d9 * dble(c1 - c0) / rate / (dble(n) * reps), ' u(n)', u(n)
end program sponge
