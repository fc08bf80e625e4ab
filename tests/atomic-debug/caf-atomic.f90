! A coarray program whose image 2 holds an atomic lock and hangs, for the
! atomic lock tests (see README): image 2's main thread holds the lock of
! image_counter (a 40-byte C object, caf-atomic.c) and a second thread of
! image 2 waits for it; image 1 (and any other image) waits in SYNC ALL
! for image 2, which never comes.  Each image writes rec.<image> in the
! current directory, "ready" last.  Run on 2 or more images.
program caf_atomic
  use, intrinsic :: iso_c_binding, only: c_int
  implicit none
  interface
    subroutine c_start(image, nimages) bind(C, name='caf_atomic_start')
      import :: c_int
      integer(c_int), value :: image, nimages
    end subroutine c_start
    subroutine c_sync() bind(C, name='caf_atomic_sync')
    end subroutine c_sync
    subroutine c_hold() bind(C, name='caf_atomic_hold')
    end subroutine c_hold
  end interface
  integer :: me, x[*]

  me = this_image()
  if (num_images() < 2) error stop 'caf-atomic: run on 2 or more images'
  call c_start(me, num_images())
  x = me
  sync all
  if (me == 2) then
    call c_hold()          ! never returns
  else
    call c_sync()
    sync all               ! waits for image 2
  end if
  error stop 'caf-atomic: a wait ended'
end program caf_atomic
