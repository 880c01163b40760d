! the group's own FFT: in-place iterative radix-2 Cooley-Tukey on one line of n = 2^m points
! (bit-reversal permutation, then log2(n) butterfly stages); dir = -1 forward, +1 inverse,
! no scaling
module fftpack
  implicit none
  double precision, parameter :: pi = 3.141592653589793238d0
contains
  subroutine fft_line(x, n, dir)
    integer, intent(in) :: n, dir
    complex(kind=8), intent(inout) :: x(n)
    integer :: i, j, m, len, half, i0, k
    complex(kind=8) :: t, w
    double precision :: ang

    j = 1
    do i = 1, n
      if (j > i) then
        t = x(j)
        x(j) = x(i)
        x(i) = t
      end if
      m = n / 2
      do while (m >= 1 .and. j > m)
        j = j - m
        m = m / 2
      end do
      j = j + m
    end do

    len = 2
    do while (len <= n)
      half = len / 2
      ang = dir * 2.0d0 * pi / len
      do i0 = 1, n, len
        do k = 0, half - 1
          w = exp(cmplx(0.0d0, ang * k, kind=8))
          t = w * x(i0 + k + half)
          x(i0 + k + half) = x(i0 + k) - t
          x(i0 + k) = x(i0 + k) + t
        end do
      end do
      len = 2 * len
    end do
  end subroutine fft_line
end module fftpack
