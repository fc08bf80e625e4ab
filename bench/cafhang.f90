! A coarray program that hangs on purpose, for timing paradbg-inspect on
! the core of one image of many: every image but the last waits in SYNC
! ALL, the last waits for a lock image 1 holds, and image 1 then waits in
! SYNC IMAGES for the last.  Each image registers a few coarrays.
program cafhang
  use iso_fortran_env, only: lock_type
  implicit none
  integer :: field(16)[*]
  real(8), allocatable :: rfield(:)[:]
  type(lock_type) :: lk[*]
  integer :: me, n, u
  character(32) :: name
  me = this_image()
  n = num_images()
  field = me
  allocate(rfield(64)[*])
  rfield = me
  if (me == 1) lock(lk[1])
  sync all
  write(name, '(a,i0)') 'ready.', me
  open(newunit=u, file=trim(name))
  write(u, '(a)') 'ready'
  close(u)
  if (me == n) then
    lock(lk[1])
  else if (me == 1) then
    sync images (n)
  else
    sync all
  end if
end program
