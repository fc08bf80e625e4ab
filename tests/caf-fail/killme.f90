! Every image writes its pid to pid.<image>, then synchronises until it
! notices a failed image.  With argument "stat" the images handle it.
program killme
  use iso_fortran_env
  implicit none
  character(len=8) :: mode
  character(len=32) :: name
  integer :: u, st, i
  integer, allocatable :: failed(:)
  call get_command_argument(1, mode)
  write (name, '(a,i0)') 'pid.', this_image()
  open (newunit=u, file=trim(name) // '.tmp', status='replace')
  write (u, '(i0)') getpid()
  close (u)
  call rename(trim(name) // '.tmp', trim(name))
  do i = 1, 600000
    if (mode == 'stat') then
      sync all (stat=st)
      ! An image that saw the failure one SYNC ALL later than the others
      ! finds them stopped instead.
      if (st == stat_failed_image .or. st == stat_stopped_image) exit
      if (st /= 0) error stop 20
    else
      sync all
    end if
    call sleep_ms(5)
  end do
  if (i > 600000) error stop 21
  failed = failed_images()
  if (size(failed) /= 1) error stop 22
  if (failed(1) /= num_images()) error stop 23
  if (image_status(num_images()) /= stat_failed_image) error stop 24
  print '(a,i0)', 'survived on image ', this_image()
contains
  subroutine sleep_ms(ms)
    integer, intent(in) :: ms
    integer(int64) :: t0, t, rate
    call system_clock(t0, rate)
    do
      call system_clock(t)
      if ((t - t0) * 1000 >= ms * rate) exit
    end do
  end subroutine
end program
