! quakecat: detect local events on every station of a synthetic network and summarise the
! catalogue (counts, magnitude-frequency b-value, durations).
!
!   ./quakecat [stations=20] [hours=6] [events_per_minute=8]
program quakecat
  use, intrinsic :: iso_fortran_env, only: real64, int64
  use synth, only: make_record, fs
  use detect, only: stalta_trigger
  use catalog
  implicit none
  integer :: nst, n, s, ntrig, nev, total_true, k, nabove, ibig
  real(real64) :: hours, rate, mc, mmean, bval, t0c, t1c
  real(real64), allocatable :: x(:)
  integer(int64) :: c0, c1, crate
  character(len=32) :: arg

  nst = 20
  hours = 6.0_real64
  rate = 8.0_real64
  if (command_argument_count() >= 1) then
     call get_command_argument(1, arg); read(arg, *) nst
  end if
  if (command_argument_count() >= 2) then
     call get_command_argument(2, arg); read(arg, *) hours
  end if
  if (command_argument_count() >= 3) then
     call get_command_argument(3, arg); read(arg, *) rate
  end if
  n = int(hours * 3600.0_real64 * fs)
  allocate(x(n))

  write(*, '(a,i0,a,f6.2,a,i0,a)') 'quakecat: ', nst, ' stations, ', hours, ' h at 100 Hz (', &
       n, ' samples each)'

  call system_clock(c0, crate)
  call cpu_time(t0c)
  call cat_reset()
  total_true = 0
  do s = 1, nst
     call make_record(s, n, rate / 60.0_real64, x, nev)
     total_true = total_true + nev
     call stalta_trigger(s, x, fs, nint(0.3_real64 * fs), nint(5.0_real64 * fs), &
                         4.0_real64, 1.5_real64, ntrig)
     write(*, '(a,i3,a,i7,a,i7,a)') '  station ', s, ': ', nev, ' events in the record, ', &
          ntrig, ' triggers'
  end do
  call cpu_time(t1c)
  call system_clock(c1)

  ! magnitude of completeness: the catalogue is taken complete above ML 1.5
  mc = 1.5_real64
  nabove = count(cat_ml >= mc)
  mmean = sum(cat_ml, mask=cat_ml >= mc) / max(nabove, 1)
  bval = log10(exp(1.0_real64)) / (mmean - (mc - 0.05_real64))
  ibig = maxloc(cat_ml, 1)

  write(*, '(a,i0,a,i0,a)') 'catalogue: ', cat_size(), ' triggers (', total_true, ' events in the records)'
  write(*, '(a,f8.4,a,i0,a)') 'b-value (Aki, ML >= 1.5): ', bval, ' from ', nabove, ' events'
  write(*, '(a,f9.4,a)') 'mean trigger duration: ', sum(cat_dur) / max(cat_size(), 1), ' s'
  write(*, '(a,f7.3,a,i0,a,f12.2,a)') 'largest: ML ', cat_ml(ibig), ' at station ', &
       cat_station(ibig), ', t = ', cat_onset(ibig), ' s'
  k = count(cat_dur > 10.0_real64)
  write(*, '(a,i0)') 'triggers longer than 10 s: ', k
  write(*, '(a,f9.3,a,f8.4,a)') 'mean peak STA/LTA: ', &
       sum(cat_snr) / max(cat_size(), 1), ', mean dominant period ', &
       sum(cat_period) / max(cat_size(), 1), ' s'
  write(*, '(a,f8.3,a,f8.3,a)') 'detection time: ', real(c1 - c0, real64) / real(crate, real64), &
       ' s wall, ', t1c - t0c, ' s cpu'
end program quakecat
