! gridflip: 2-D diffusion update on a(nx,ny) (column-major); the bad build runs i (first index) outer.
program gridflip
  implicit none
  real(8), allocatable :: a(:,:), b(:,:)
  integer :: n, sweeps, i, j, s
  integer(8) :: c0, c1, rate
  real(8) :: t
  character(len=16) :: arg
  call get_command_argument(1, arg); read (arg, *) n
  call get_command_argument(2, arg); read (arg, *) sweeps
  allocate (a(n, n), b(n, n))
  a = 1.0d0; b = 0.0d0
  a(n/2, n/2) = 100.0d0
  call system_clock(c0, rate)
  do s = 1, sweeps
#ifdef GOOD
    do j = 2, n - 1
      do i = 2, n - 1
#else
    do i = 2, n - 1
      do j = 2, n - 1
#endif
        b(i, j) = a(i, j) + 0.2d0 * (a(i - 1, j) + a(i + 1, j) + a(i, j - 1) + a(i, j + 1) - 4.0d0 * a(i, j))
      end do
    end do
    a = b
  end do
  call system_clock(c1)
  t = real(c1 - c0, 8) / real(rate, 8)
  write (*, '(a,i6,a,i5,a,f8.4,a,f8.2,a)') 'n=', n, ' sweeps=', sweeps, ' seconds=', t, &
       ' ns_per_point=', 1.0d9 * t / (real(n - 2, 8)**2 * sweeps), ' '
  write (*, '(a,es12.4)') 'checksum=', sum(a)
end program gridflip
