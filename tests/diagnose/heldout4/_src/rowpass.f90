! Smooths each row of a column-major field by passing the row section a(i,:) to an
! explicit-shape routine: the compiler packs the strided row into a temporary each call.
subroutine smooth(v, m)
  integer, intent(in) :: m
  real(8), intent(inout) :: v(m)
  integer :: j
  do j = 2, m - 1
    v(j) = 0.25d0 * v(j - 1) + 0.5d0 * v(j) + 0.25d0 * v(j + 1)
  end do
end subroutine smooth

program rowpass
  implicit none
  integer, parameter :: n = 2000, m = 2000
  real(8), allocatable :: a(:, :)
  integer :: i, sweep, nsweep, fixed
  character(len=16) :: arg
  integer(8) :: c0, c1, rate
  nsweep = 10
  fixed = 0
  if (command_argument_count() > 0) then
    call get_command_argument(1, arg)
    read (arg, *) fixed
  end if
  allocate (a(n, m))
  call random_number(a)
  call system_clock(c0, rate)
  do sweep = 1, nsweep
    if (fixed == 1) then
      do i = 1, m
        call smooth(a(:, i), n)
      end do
    else
      do i = 1, n
        call smooth(a(i, :), m)
      end do
    end if
  end do
  call system_clock(c1)
  print '(a,i0,a,f8.3,a,es12.5)', 'sweeps=', nsweep, ' time=', real(c1 - c0) / real(rate), ' s check=', sum(a(1:5, 1:5))
end program rowpass
