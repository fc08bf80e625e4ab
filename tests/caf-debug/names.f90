! A coarray program that hangs on purpose on 4 images, for the tests that
! check that locks and CRITICAL constructs are told apart by their
! registration, not by their names: two modules each have a lock named lk,
! and three CRITICAL constructs (which have no names at all) are held at
! once.  Usage: names (no arguments), on exactly 4 images.
!
! Before its wait, every image writes its record rec.<image> as
! hang.f90 does (tests/caf-debug/records.py reads both), with these
! additions:
!   locks m1::lk m2::lk    the program's lock variables, MODULE::NAME
!   constructs A B C       its CRITICAL constructs, by their order in this
!                          file (A first)
!   holds KIND OBJECT OBJECT_IMAGE ELEMENT
!                          one line for each lock or CRITICAL element the
!                          image holds: KIND lock or critical, OBJECT a
!                          lock's MODULE::NAME or a construct's letter
!   object_module M        with "object NAME", for a wait on a module's lock
!   construct L            for a wait to enter CRITICAL construct L
!
! The state (each image is in one wait; "holds" persists):
!   image 1 holds m1::lk[1] and critical A, waits for m2::lk[1] (image 4)
!   image 2 waits to enter critical A (image 1)
!   image 3 holds critical B, waits for m1::lk[4] (image 4)
!   image 4 holds m2::lk[1], m1::lk[4] and critical C, waits in SYNC
!           IMAGES for image 2 (which never comes: 2 -> 1 -> 4 -> 2 is a
!           deadlock)
! So m1::lk[1] and m2::lk[1] are the same name, image and element with
! different holders, and the three constructs have different holders.
module m1
  use, intrinsic :: iso_fortran_env, only: lock_type
  implicit none
  type(lock_type) :: lk[*]
end module m1

module m2
  use, intrinsic :: iso_fortran_env, only: lock_type
  implicit none
  type(lock_type) :: lk[*]
end module m2

program names
  use, intrinsic :: iso_c_binding, only: c_int
  use m1, only: lk1 => lk
  use m2, only: lk2 => lk
  implicit none
  interface
    integer(c_int) function c_getppid() bind(C, name='getppid')
      import :: c_int
    end function c_getppid
  end interface
  integer :: me, n, u

  me = this_image()
  n = num_images()
  if (n /= 4) error stop 'names: run on 4 images'
  select case (me)
  case (1)
    lock (lk1[1])
    call critical_a()
  case (2)
    sync images (1)            ! image 1 is inside critical A
    call rec_begin()
    call rec_wait('critical', [1])
    write (u, '(a)') 'holder 1'
    write (u, '(a)') 'construct A'
    write (u, '(a)') 'element 0'
    write (u, '(a)') 'object_image 1'
    call rec_end()
    call critical_a()
  case (3)
    call critical_b()
  case (4)
    lock (lk2[1])
    lock (lk1[4])
    call critical_c()
  end select
  error stop 'names: a wait ended'

contains

  ! Image control statements may not stand in a CRITICAL block itself:
  ! each construct calls what its image does inside.
  subroutine critical_a()
    critical
      if (me /= 1) error stop 'names: entered critical A'
      call inside_a()
    end critical
  end subroutine critical_a

  subroutine critical_b()
    critical
      if (me /= 3) error stop 'names: entered critical B'
      call inside_b()
    end critical
  end subroutine critical_b

  subroutine critical_c()
    critical
      if (me /= 4) error stop 'names: entered critical C'
      call inside_c()
    end critical
  end subroutine critical_c

  ! Image 1, in critical A, holding m1::lk[1].
  subroutine inside_a()
    sync images (4)            ! image 4 holds m2::lk[1]
    sync images (2)            ! image 2 may now wait for critical A
    call rec_begin()
    write (u, '(a)') 'holds lock m1::lk 1 0'
    write (u, '(a)') 'holds critical A 1 0'
    call rec_lock('lk', 'm2', 1, 4)
    call rec_end()
    lock (lk2[1])
  end subroutine inside_a

  ! Image 3, in critical B.
  subroutine inside_b()
    sync images (4)            ! image 4 holds m1::lk[4]
    call rec_begin()
    write (u, '(a)') 'holds critical B 1 0'
    call rec_lock('lk', 'm1', 4, 4)
    call rec_end()
    lock (lk1[4])
  end subroutine inside_b

  ! Image 4, in critical C, holding m2::lk[1] and m1::lk[4].
  subroutine inside_c()
    sync images ([1, 3])
    call rec_begin()
    write (u, '(a)') 'holds lock m2::lk 1 0'
    write (u, '(a)') 'holds lock m1::lk 4 0'
    write (u, '(a)') 'holds critical C 1 0'
    call rec_wait('sync images', [2])
    call rec_end()
    sync images (2)
  end subroutine inside_c

  ! Opens the record: who this image is, and what the program has.
  subroutine rec_begin()
    character(len=32) :: name
    write (name, '(a,i0,a)') 'rec.', me, '.tmp'
    open (newunit=u, file=trim(name), status='replace', action='write')
    write (u, '(a,1x,i0)') 'image', me
    write (u, '(a,1x,i0)') 'pid', getpid()
    write (u, '(a,1x,i0)') 'launcher_pid', c_getppid()
    write (u, '(a)') 'scenario names'
    write (u, '(a,1x,i0)') 'num_images', n
    write (u, '(a)') 'team_number -1'
    write (u, '(a,1x,i0)') 'team_index', me
    write (u, '(a,1x,i0)') 'team_size', n
    write (u, '(a)') 'status running'
    write (u, '(a)') 'locks m1::lk m2::lk'
    write (u, '(a)') 'constructs A B C'
  end subroutine rec_begin

  subroutine rec_wait(kind, images)
    character(len=*), intent(in) :: kind
    integer, intent(in) :: images(:)
    write (u, '(a,1x,a)') 'wait', kind
    write (u, '(a,*(1x,i0))') 'wait_images', images
  end subroutine rec_wait

  ! A wait for element 0 of module's lk on object_image, held by holder.
  subroutine rec_lock(object, module, object_image, holder)
    character(len=*), intent(in) :: object, module
    integer, intent(in) :: object_image, holder
    call rec_wait('lock', [holder])
    write (u, '(a,1x,i0)') 'holder', holder
    write (u, '(a,1x,a)') 'object', object
    write (u, '(a,1x,a)') 'object_module', module
    write (u, '(a)') 'element 0'
    write (u, '(a,1x,i0)') 'object_image', object_image
  end subroutine rec_lock

  subroutine rec_end()
    character(len=32) :: name
    write (u, '(a)') 'ready'
    close (u)
    write (name, '(a,i0)') 'rec.', me
    call rename(trim(name) // '.tmp', trim(name))
  end subroutine rec_end
end program names
