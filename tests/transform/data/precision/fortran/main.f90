! fills x, calls the hot routine, checks zeta(2) within a tolerance and prints the sums
program main
  use kinds, only: dp
  use series, only: accumulate
  implicit none
  integer :: n, i
  character(len=32) :: arg
  real(dp), allocatable :: x(:)
  real(dp) :: energy, zeta
  arg = '200000'
  if (command_argument_count() > 0) call get_command_argument(1, arg)
  read (arg, *) n
  allocate (x(n))
  do i = 1, n
    x(i) = sin(0.001_dp * i) + 1.0_dp / i
  end do
  call accumulate(n, x, energy, zeta)
  if (abs(zeta - acos(-1.0_dp)**2 / 6.0_dp) > 2.0_dp / n) stop 1
  write (*, '(a, es24.16)') 'energy ', energy
  write (*, '(a, es24.16)') 'zeta ', zeta
end program main
