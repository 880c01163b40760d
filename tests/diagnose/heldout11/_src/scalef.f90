! Damped update of a short state vector, repeated many times (the vectors stay in L1).
program scalef
  implicit none
  real(8), allocatable :: x(:), y(:), z(:)
  real(8) :: a, t0, t1
  integer :: i, it, nit, n
  character(len=16) :: arg
  nit = 200000; n = 2000
  if (command_argument_count() > 0) then
     call get_command_argument(1, arg); read(arg, *) nit
  end if
  if (command_argument_count() > 1) then
     call get_command_argument(2, arg); read(arg, *) n
  end if
  allocate(x(n), y(n), z(n))
  do i = 1, n
     x(i) = 1.0d0 / i; y(i) = 0.0d0; z(i) = 0.5d0 + 1.0d-4 * i
  end do
  a = 0.999d0
  call cpu_time(t0)
  do it = 1, nit
     call step(n, a, x, z, y)
  end do
  call cpu_time(t1)
  print '(a,i0,a,f8.3,a,f8.3,a,es12.5)', 'iterations=', nit, ' cpu_s=', t1 - t0, &
       ' ns_per_elem=', (t1 - t0) / (dble(nit) * n) * 1.0d9, ' y1=', y(1)
contains
  subroutine step(m, s, p, q, r)
    integer, intent(in) :: m
    real(8), intent(in) :: s, p(m), q(m)
    real(8), intent(inout) :: r(m)
    integer :: k
    do k = 1, m
       r(k) = s * r(k) + p(k) * q(k) - 1.0d-3 * r(k) * q(k)
    end do
  end subroutine step
end program scalef
