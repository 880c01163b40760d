! The network's event catalogue: one entry per trigger, in detection order.
module catalog
  use, intrinsic :: iso_fortran_env, only: real64
  implicit none
  private
  public :: cat_reset, cat_add, cat_size
  public :: cat_station, cat_onset, cat_peak, cat_dur, cat_ml, cat_snr, cat_period

  integer, allocatable :: cat_station(:)
  real(real64), allocatable :: cat_onset(:)   ! s after the start of the record
  real(real64), allocatable :: cat_peak(:)    ! peak |amplitude| while triggered (counts)
  real(real64), allocatable :: cat_dur(:)     ! trigger duration (s)
  real(real64), allocatable :: cat_ml(:)      ! local magnitude estimate
  real(real64), allocatable :: cat_snr(:)     ! largest STA/LTA ratio while triggered
  real(real64), allocatable :: cat_period(:)  ! dominant period from zero crossings (s)

contains

  subroutine cat_reset()
    if (allocated(cat_station)) deallocate(cat_station, cat_onset, cat_peak, cat_dur, cat_ml, &
                                           cat_snr, cat_period)
    allocate(cat_station(0), cat_onset(0), cat_peak(0), cat_dur(0), cat_ml(0), cat_snr(0), &
             cat_period(0))
  end subroutine cat_reset

  subroutine cat_add(station, onset, peak, dur, ml, snr, period)
    integer, intent(in) :: station
    real(real64), intent(in) :: onset, peak, dur, ml, snr, period
    cat_station = [cat_station, station]
    cat_onset = [cat_onset, onset]
    cat_peak = [cat_peak, peak]
    cat_dur = [cat_dur, dur]
    cat_ml = [cat_ml, ml]
    cat_snr = [cat_snr, snr]
    cat_period = [cat_period, period]
  end subroutine cat_add

  integer function cat_size()
    cat_size = size(cat_onset)
  end function cat_size

end module catalog
