! A program whose GASP event stream is known in advance (run on 2 images).
program known
  use iso_fortran_env, only: lock_type, event_type, atomic_int_kind
  implicit none
  integer :: a(10)[*], x
  type(lock_type) :: lk[*]
  type(event_type) :: ev[*]
  integer(atomic_int_kind) :: at[*]
  a = this_image()
  sync all
  if (this_image() == 1) a(1:5)[2] = 7
  sync all
  if (this_image() == 2) x = a(3)[1]
  x = this_image()
  call co_sum(x)
  lock (lk[1])
  unlock (lk[1])
  if (this_image() == 2) event post (ev[1])
  if (this_image() == 1) event wait (ev)
  call atomic_add(at[1], 1)
  critical
  end critical
  sync memory
end program
