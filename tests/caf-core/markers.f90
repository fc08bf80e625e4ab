! Each image puts a marker naming itself in a coarray, then every image
! writes its pid to pid.<image> and waits until ./release exists.
program markers
  implicit none
  character(len=32) :: mark[*]
  character(len=32) :: name
  logical :: go
  integer :: u
  write (mark, '(a,i0,a)') 'PARCAF-MARKER-IMAGE-', this_image(), '-END'
  sync all
  write (name, '(a,i0)') 'pid.', this_image()
  open (newunit=u, file=trim(name) // '.tmp', status='replace')
  write (u, '(i0)') getpid()
  close (u)
  call rename(trim(name) // '.tmp', trim(name))
  do
    inquire (file='release', exist=go)
    if (go) exit
    call sleep(1)
  end do
  sync all
end program
