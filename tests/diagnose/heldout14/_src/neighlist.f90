! neighlist: short-range particle forces with a Verlet list. Every step the list is rebuilt by a
! serial double loop over cell pairs (no OpenMP on it); only the force loop over the list is an
! OpenMP parallel do. Usage: neighlist [npart] [steps]. Prints the thread count and per-phase times.
program neighlist
  use omp_lib
  implicit none
  integer :: np, nsteps, ncell, i, j, k, s, c, cx, cy, dx, dy, nx, ny, nn, maxn
  real(8), allocatable :: x(:), y(:), fx(:), fy(:)
  integer, allocatable :: head(:), nxt(:), nlist(:,:), nnb(:)
  real(8) :: box, rc, r2, t0, t1, tlist, tforce, ddx, ddy, e
  character(len=16) :: arg
  np = 40000; nsteps = 6
  if (command_argument_count() >= 1) then; call get_command_argument(1, arg); read(arg, *) np; end if
  if (command_argument_count() >= 2) then; call get_command_argument(2, arg); read(arg, *) nsteps; end if
  box = sqrt(real(np, 8)); rc = 1.2d0; ncell = int(box / rc); maxn = 64
  allocate(x(np), y(np), fx(np), fy(np), head(ncell*ncell), nxt(np), nlist(maxn, np), nnb(np))
  call random_seed(size=k)
  call random_number(x); call random_number(y)
  x = x * box; y = y * box
  tlist = 0; tforce = 0; e = 0
  do s = 1, nsteps
    t0 = omp_get_wtime()
    head = 0
    do i = 1, np
      c = 1 + min(ncell-1, int(x(i)/box*ncell)) + ncell * min(ncell-1, int(y(i)/box*ncell))
      nxt(i) = head(c); head(c) = i
    end do
    do i = 1, np
      cx = min(ncell-1, int(x(i)/box*ncell)); cy = min(ncell-1, int(y(i)/box*ncell)); nn = 0
      do dy = -1, 1
        do dx = -1, 1
          nx = modulo(cx+dx, ncell); ny = modulo(cy+dy, ncell)
          j = head(1 + nx + ncell*ny)
          do while (j > 0)
            if (j /= i) then
              ddx = x(i) - x(j); ddy = y(i) - y(j)
              ddx = ddx - box*anint(ddx/box); ddy = ddy - box*anint(ddy/box)
              r2 = ddx*ddx + ddy*ddy
              if (r2 < rc*rc .and. nn < maxn) then; nn = nn + 1; nlist(nn, i) = j; end if
            end if
            j = nxt(j)
          end do
        end do
      end do
      nnb(i) = nn
    end do
    t1 = omp_get_wtime(); tlist = tlist + (t1 - t0)
    !$omp parallel do private(k, j, ddx, ddy, r2) reduction(+:e)
    do i = 1, np
      fx(i) = 0; fy(i) = 0
      do k = 1, nnb(i)
        j = nlist(k, i)
        ddx = x(i) - x(j); ddy = y(i) - y(j)
        ddx = ddx - box*anint(ddx/box); ddy = ddy - box*anint(ddy/box)
        r2 = ddx*ddx + ddy*ddy
        fx(i) = fx(i) + ddx / (r2*r2*r2 + 0.1d0); fy(i) = fy(i) + ddy / (r2*r2*r2 + 0.1d0)
        e = e + 1.0d0 / (r2*r2 + 0.1d0)
      end do
    end do
    !$omp end parallel do
    tforce = tforce + (omp_get_wtime() - t1)
    x = modulo(x + 1d-4*fx, box); y = modulo(y + 1d-4*fy, box)
  end do
  print '(a,i0,a,i0,a,i0,a)', 'neighlist: ', omp_get_max_threads(), ' threads, ', np, ' particles, ', nsteps, ' steps'
  print '(a,f8.3,a,f8.3,a,f8.3,a,es12.4)', 'list build (serial) ', tlist, ' s   forces (omp) ', tforce, &
        ' s   total ', tlist + tforce, ' s   energy ', e
end program neighlist
