! Demodulate many signals at one frequency: the complex carrier of sample p is
! rebuilt with cmplx/cos/sin for every signal (outer loop), though it does not depend on it.
program hi_twiddle
  implicit none
  integer, parameter :: n = 6000, nsig = 400
  complex(8), allocatable :: x(:,:)
  complex(8) :: z(nsig), tw
  real(8) :: theta, s
  integer :: sg, p
  allocate(x(0:n-1, nsig))
  theta = 8.0d0 * atan(1.0d0) * 37.0d0 / dble(n)
  do sg = 1, nsig
    do p = 0, n - 1
      x(p, sg) = cmplx(dble(mod(p * sg, 11)) - 5.0d0, dble(mod(p + sg, 7)) - 3.0d0, kind=8)
    end do
  end do
  do sg = 1, nsig
    z(sg) = (0.0d0, 0.0d0)
    do p = 0, n - 1
      tw = cmplx(cos(theta * dble(p)), -sin(theta * dble(p)), kind=8) ! HOT
      z(sg) = z(sg) + tw * x(p, sg)
    end do
  end do
  s = 0.0d0
  do sg = 1, nsig
    s = s + dble(z(sg)) * dble(1 + mod(sg, 5)) - aimag(z(sg)) * dble(1 + mod(sg, 3))
  end do
  print '(a, es25.17)', 'checksum ', s
end program hi_twiddle
