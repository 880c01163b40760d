! Metropolis sampling that keeps every accepted sample, appending with a = [a, x].
program grow
  implicit none
  integer :: nacc, k, na
  real(8), allocatable :: a(:)
  real(8) :: x, xn, r, t0, t1
  character(len=32) :: arg
  integer :: seed(8)
  seed = 12345
  call random_seed(put=seed)
  call get_command_argument(1, arg); read (arg, *) nacc
  allocate (a(0))
  x = 0d0
  na = 0
  k = 0
  call cpu_time(t0)
  do while (na < nacc)
    k = k + 1
    call random_number(r)
    xn = x + (r - 0.5d0)
    call random_number(r)
    if (r < exp(-0.5d0*(xn*xn - x*x))) then
      x = xn
      a = [a, x]
      na = na + 1
    end if
  end do
  call cpu_time(t1)
  write (*, '(a,i8,a,i9,a,f8.3,a,f10.1,a,f10.5)') 'accepted=', na, ' proposals=', k, ' cpu_s=', t1 - t0, &
    ' ns_per_sample=', 1d9*(t1 - t0)/na, ' mean=', sum(a)/na
end program grow
