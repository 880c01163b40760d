! Energy accumulation kept in real(16) (quad precision: software floating point in libgcc/
! libquadmath) for a particle sum that needs double at most. Prints the rate.
program quadsum
  implicit none
  integer, parameter :: qp = selected_real_kind(30)
  integer :: n, i, s, steps
  real(8), allocatable :: m(:), v(:)
  real(qp) :: e
  real(8) :: t0, t1
  n = 1000000
  steps = 10
  allocate(m(n), v(n))
  do i = 1, n
    m(i) = 1d0 + mod(i, 7); v(i) = 1d-3 * mod(i, 13)
  end do
  call cpu_time(t0)
  do s = 1, steps
    e = 0.0_qp
    do i = 1, n
      e = e + 0.5_qp * m(i) * v(i) * v(i)
    end do
    v = v * 1.0000001d0
  end do
  call cpu_time(t1)
  write(*,'(a,i0,a,i0,a,f8.3,a,f8.2,a,es22.14)') 'n=', n, ' steps=', steps, ' cpu_time=', t1 - t0, &
       ' s Melem_per_s=', n * dble(steps) / (t1 - t0) / 1d6, ' energy=', dble(e)
end program quadsum
