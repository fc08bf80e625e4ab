! LOCK held by an image that has ended.  Image 1 locks la[2] and lb[2];
! images 2..n wait for la[2], which image 1 unlocks just before it stops
! (or fails): that wait ends.  Then they wait for lb[2], which image 1
! still held when it ended.  Usage: n_lock [stop|fail] [stat|nostat];
! with no arguments "stop stat", printing only the PASS line (caf.test).
!   stop, stat: every waiter gets STAT_STOPPED_IMAGE; image 2 prints it.
!   fail, stat: one waiter gets STAT_UNLOCKED_FAILED_IMAGE, 6002 (the
!     lock is released, not taken), and prints it; then every waiter
!     takes lb[2] in turn, with STAT 0.
!   nostat: the program ends in error with one line from the runtime
!     (after a failure, from the waiter that found it).
program n_lock
  use iso_fortran_env
  implicit none
  ! F2018's; gfortran 12's ISO_FORTRAN_ENV does not have it
  ! (docs/coarrays.md: compare with 6002).
  integer, parameter :: stat_unlocked_failed_image = 6002
  type(lock_type) :: la[*], lb[*]
  integer :: broke[*] = 0
  integer :: me, n, w, st, k
  character(len=200) :: msg
  character(len=8) :: how, mode
  logical :: verbose

  call get_args(how, mode, verbose)
  me = this_image()
  n = num_images()
  w = 2
  if (n == 1) then
    print '(a)', 'PASS lock'
    stop
  end if
  if (me == 1) then
    lock (la[w])
    lock (lb[w])
    sync images (*)          ! the others know both are held
    unlock (la[w])
    if (how == 'fail') fail image
    stop
  end if
  sync images (1)
  ! Unlocked before image 1 ended: the wait ends.
  lock (la[w], stat=st)
  call expect(st, 0, 'la, unlocked before its holder ended')
  unlock (la[w])
  if (mode == 'nostat') then
    lock (lb[w])
    ! After a failure, the image that found it released the lock and
    ! ends the program in error; another may take the lock before that.
    if (how == 'fail') then
      unlock (lb[w])
      stop
    end if
    error stop 'n_lock: a wait that can never end ended'
  end if
  msg = ''
  lock (lb[w], stat=st, errmsg=msg)
  if (how == 'stop') then
    call expect(st, stat_stopped_image, 'lb, held by a stopped image')
    if (verbose .and. me == w) print '(a,i0,2a)', 'stat ', st, ' errmsg ', trim(msg)
  else
    if (st /= 0) then
      ! The one that found image 1 failed: the lock is free now.
      call expect(st, stat_unlocked_failed_image, 'lb, held by the failed image')
      if (verbose) print '(a,i0,2a)', 'stat ', st, ' errmsg ', trim(msg)
      call atomic_add(broke[w], 1)
      lock (lb[w], stat=st)
      call expect(st, 0, 'lb, after it was released from the failed image')
    end if
    unlock (lb[w], stat=st)
    call expect(st, 0, 'unlock of lb')
  end if
  sync images ([(k, k = 2, n)])
  if (me == w) then
    if (how == 'fail') then
      call atomic_ref(k, broke)
      if (k /= 1) then
        print '(a,i0,a)', 'n_lock: ', k, ' waiters found lb held by the failed image, not 1'
        error stop 3
      end if
    end if
    print '(a)', 'PASS lock'
  end if
contains
  include 'n_args.inc'

  subroutine expect(got, want, what)
    integer, intent(in) :: got, want
    character(len=*), intent(in) :: what
    if (got /= want) then
      print '(a,i0,3a,i0,a,i0)', 'n_lock: image ', me, ': ', what, ': stat ', got, ', expected ', want
      error stop 2
    end if
  end subroutine expect
end program n_lock
