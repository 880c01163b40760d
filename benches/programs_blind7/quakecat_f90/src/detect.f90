! Classic recursive STA/LTA trigger (Allen 1978 style), one pass over a record.
module detect
  use, intrinsic :: iso_fortran_env, only: real64
  use catalog, only: cat_add
  implicit none
  private
  public :: stalta_trigger

contains

  subroutine stalta_trigger(station, x, fs, nsta, nlta, thr_on, thr_off, ntrig)
    integer, intent(in) :: station, nsta, nlta
    real(real64), intent(in) :: x(:), fs, thr_on, thr_off
    integer, intent(out) :: ntrig
    real(real64) :: sta, lta, csta, clta, e, ratio, peak, ml, snr, period
    integer :: i, ion, nzero
    logical :: on

    csta = 1.0_real64 / nsta
    clta = 1.0_real64 / nlta
    sta = 0.0_real64
    lta = 1.0_real64
    on = .false.
    ntrig = 0
    ion = 0
    nzero = 0
    snr = 0.0_real64
    peak = 0.0_real64
    do i = 1, size(x)
       e = x(i) * x(i)
       sta = sta + csta * (e - sta)
       lta = lta + clta * (e - lta)
       if (i < nlta) cycle                       ! LTA not yet settled
       ratio = sta / lta
       if (.not. on) then
          if (ratio > thr_on) then
             on = .true.
             ion = i
             peak = abs(x(i))
             snr = ratio
             nzero = 0
          end if
       else
          peak = max(peak, abs(x(i)))
          snr = max(snr, ratio)
          if (x(i) * x(i - 1) < 0.0_real64) nzero = nzero + 1
          if (ratio < thr_off) then
             on = .false.
             ntrig = ntrig + 1
             ! local magnitude from peak amplitude with a fixed distance correction
             ml = log10(peak) - 0.28_real64
             ! two zero crossings per period
             period = 2.0_real64 * (i - ion) / (fs * max(nzero, 1))
             call cat_add(station, (ion - 1) / fs, peak, (i - ion) / fs, ml, snr, period)
          end if
       end if
    end do
  end subroutine stalta_trigger

end module detect
