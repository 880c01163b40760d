! periodogram.f90: one-sided power spectrum of a real record by the discrete Fourier transform
module periodogram
  use kinds
  implicit none
  private
  public :: power_spectrum

contains

  subroutine power_spectrum(x, p)
    real(dp), intent(in) :: x(0:)       ! record, n samples
    real(dp), intent(out) :: p(0:)      ! power at frequencies k/n, k = 0 .. n/2
    integer :: n, k, j
    real(dp) :: re, im, arg, mean

    n = size(x)
    mean = sum(x) / n
    do k = 0, n / 2
      re = 0.0_dp
      im = 0.0_dp
      do j = 0, n - 1
        arg = 2.0_dp * pi * real(k, dp) * real(j, dp) / real(n, dp)
        re = re + (x(j) - mean) * cos(arg)
        im = im - (x(j) - mean) * sin(arg)
      end do
      p(k) = (re * re + im * im) / real(n, dp)
    end do
  end subroutine power_spectrum

end module periodogram
