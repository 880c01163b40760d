! Distinct station ids of a stream of observations: each id is looked up in the list of ids seen so
! far with any(), and appended when new. Prints the CPU time.
program dedup
  implicit none
  integer :: nobs, nst, i, k, id
  integer, allocatable :: seen(:)
  integer(8) :: s
  real :: c0, c1
  character(len=16) :: arg
  nobs = 200000
  if (command_argument_count() > 0) then
    call get_command_argument(1, arg)
    read(arg, *) nobs
  end if
  nst = nobs / 10
  allocate(seen(nobs))
  k = 0
  s = 12345_8
  call cpu_time(c0)
  do i = 1, nobs
    s = mod(s * 48271_8, 2147483647_8)
    id = int(mod(s, int(nst, 8)))
    if (.not. any(seen(1:k) == id)) then
      k = k + 1
      seen(k) = id
    end if
  end do
  call cpu_time(c1)
  write(*,'(a,i0,a,i0,a,f9.4,a,f9.3)') 'observations=', nobs, ' distinct=', k, ' cpu_s=', c1 - c0, &
       ' us_per_observation=', 1.0e6 * (c1 - c0) / nobs
end program dedup
