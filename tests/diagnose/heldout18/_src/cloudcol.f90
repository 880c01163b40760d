! Column microphysics: an OpenMP static loop over columns; only cloudy columns (the first 30% of
! the index range, where the front lies) run the expensive droplet-growth iterations. Each thread
! times its own busy work and prints it, then the barrier wait. usage: cloudcol NCOL STEPS
program cloudcol
  use omp_lib
  implicit none
  integer :: ncol, steps, c, s, it, nit, tid
  double precision, allocatable :: qc(:), busy(:), waitt(:)
  integer(8), allocatable :: work(:)
  double precision :: t0, t1, tt0, x
  character(len=32) :: arg
  ncol = 40000; steps = 20
  if (command_argument_count() >= 2) then
    call get_command_argument(1, arg); read (arg, *) ncol
    call get_command_argument(2, arg); read (arg, *) steps
  end if
  allocate (qc(ncol), busy(0:63), waitt(0:63), work(0:63))
  qc = 1.0d-4; busy = 0; waitt = 0; work = 0
  tt0 = omp_get_wtime()
!$omp parallel private(c, s, it, nit, tid, t0, t1, x)
  tid = omp_get_thread_num()
  do s = 1, steps
    t0 = omp_get_wtime()
!$omp do schedule(static)
    do c = 1, ncol
      if (c <= (3*ncol)/10) then
        nit = 120
      else
        nit = 4
      end if
      x = qc(c)
      do it = 1, nit
        x = x + 1.0d-3*sqrt(x)*(1.0d-3 - x)
      end do
      qc(c) = x
      work(tid) = work(tid) + nit
    end do
!$omp end do nowait
    t1 = omp_get_wtime()
!$omp barrier
    busy(tid) = busy(tid) + (t1 - t0)
    waitt(tid) = waitt(tid) + (omp_get_wtime() - t1)
  end do
!$omp end parallel
  write (*, '(a,f9.4,a,i7,a,i4)') 'cloudcol total seconds ', omp_get_wtime() - tt0, '  columns ', ncol, '  steps ', steps
  write (*, '(a)') 'thread   iterations     busy_s     wait_s'
  do tid = 0, omp_get_max_threads() - 1
    write (*, '(i6,i13,2f11.4)') tid, work(tid), busy(tid), waitt(tid)
  end do
end program cloudcol
