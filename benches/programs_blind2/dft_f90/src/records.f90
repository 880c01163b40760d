! records.f90: synthetic station records (tides + a seiche + instrument noise)
module records
  use kinds
  implicit none
  private
  public :: make_records

contains

  subroutine make_records(x, nrec)
    real(dp), intent(out) :: x(:, :)   ! x(sample, record)
    integer, intent(in) :: nrec
    integer :: n, i, r
    integer(8) :: state
    real(dp) :: t, noise

    n = size(x, 1)
    state = 12345_8
    do r = 1, nrec
      do i = 1, n
        t = real(i - 1, dp)
        state = modulo(state * 1103515245_8 + 12345_8, 2147483648_8)
        noise = real(state, dp) / 2147483648.0_dp - 0.5_dp
        x(i, r) = 1.5_dp * sin(2.0_dp * pi * t / 124.2_dp + 0.3_dp * r) &
                + 0.7_dp * sin(2.0_dp * pi * t / (25.8_dp + r)) &
                + 0.2_dp * cos(2.0_dp * pi * t / 7.3_dp) + 0.4_dp * noise
      end do
    end do
  end subroutine make_records

end module records
