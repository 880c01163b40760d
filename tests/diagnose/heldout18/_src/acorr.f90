! Autocorrelation of a wind-speed record at every lag, computed directly (a double loop over lag
! and sample, O(N^2)). usage: acorr N ; prints one table row (N, seconds, multiply-adds, ns/N^2)
module acorrmod
  implicit none
contains
  subroutine autocorr(x, r, n)
    integer, intent(in) :: n
    double precision, intent(in) :: x(n)
    double precision, intent(out) :: r(0:n-1)
    integer :: lag, i
    double precision :: s
    do lag = 0, n - 1
      s = 0.0d0
      do i = 1, n - lag
        s = s + x(i)*x(i + lag)
      end do
      r(lag) = s/(n - lag)
    end do
  end subroutine autocorr
end module acorrmod

program acorr
  use acorrmod
  implicit none
  integer :: n, i
  integer(8) :: c0, c1, rate
  double precision, allocatable :: x(:), r(:)
  character(len=32) :: arg
  n = 20000
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg); read (arg, *) n
  end if
  allocate (x(n), r(0:n-1))
  do i = 1, n
    x(i) = mod(i*37, 101)/101.0d0 - 0.5d0
  end do
  call system_clock(c0, rate)
  call autocorr(x, r, n)
  call system_clock(c1)
  write (*, '(i8,f10.4,i14,f10.3,a,f9.5)') n, dble(c1 - c0)/rate, int(n, 8)*(n + 1)/2, &
    1.0d9*dble(c1 - c0)/rate/(dble(n)*n), '   r(1)=', r(1)
end program acorr
