! oceandump.F90: ocean model writes its 3-D temperature field (160x160x40) every output step with one formatted write per value (ES24.16, lines 20-22, the write on line 21); -DUNF writes the array unformatted (stream access).
program oceandump
  implicit none
  integer, parameter :: nx = 160, ny = 160, nz = 40
  real(8), allocatable :: t(:,:,:)
  integer :: i, j, k, s, nout
  integer(8) :: c0, c1, c2, rate
  real(8) :: tcomp, tio
  allocate(t(nx, ny, nz))
  nout = 2
  tcomp = 0; tio = 0
  do s = 1, nout
    call system_clock(c0, rate)
    do k = 1, nz; do j = 1, ny; do i = 1, nx
      t(i, j, k) = 4.0d0 + 20.0d0 * exp(-dble(k) / 10.0d0) + 0.01d0 * sin(dble(i + j + s))
    end do; end do; end do
    call system_clock(c1)
#ifndef UNF
    open(10, file='temp.txt', status='replace', form='formatted')
    do k = 1, nz; do j = 1, ny; do i = 1, nx
      write(10, '(ES24.16)') t(i, j, k)
    end do; end do; end do
#else
    open(10, file='temp.bin', status='replace', form='unformatted', access='stream')
    write(10) t
#endif
    close(10)
    call system_clock(c2)
    tcomp = tcomp + dble(c1 - c0) / rate; tio = tio + dble(c2 - c1) / rate
  end do
  write(*, '(a,i9,a,i2,a,f7.3,a,f7.3,a)') 'oceandump: values=', nx*ny*nz, &
    ' outputs=', nout, ' compute=', tcomp, ' s  output=', tio, ' s'
end program oceandump
