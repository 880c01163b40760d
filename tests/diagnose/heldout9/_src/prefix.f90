! Cumulative sums computed as s(i) = sum(a(1:i)) for every i: O(n^2) work for an O(n) result.
! Prints the CPU time for each size given on the command line.
program prefix
  implicit none
  integer :: k, n, i, nargs
  real(8), allocatable :: a(:), s(:)
  real(8) :: t0, t1
  character(len=16) :: arg
  nargs = command_argument_count()
  do k = 1, max(nargs, 1)
    n = 20000
    if (nargs >= 1) then
      call get_command_argument(k, arg); read(arg, *) n
    end if
    allocate(a(n), s(n))
    do i = 1, n
      a(i) = 1d0 / i
    end do
    call cpu_time(t0)
    do i = 1, n
      s(i) = sum(a(1:i))
    end do
    call cpu_time(t1)
    write(*,'(a,i8,a,f9.4,a,es14.7)') 'n=', n, ' cpu_time_s=', t1 - t0, ' last=', s(n)
    deallocate(a, s)
  end do
end program prefix
