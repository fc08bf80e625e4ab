! LOCK/UNLOCK error conditions with stat= and errmsg=: STAT_LOCKED,
! STAT_UNLOCKED, STAT_LOCKED_OTHER_IMAGE; errmsg untouched on success.
program s_lock_stat
  use iso_fortran_env, only: lock_type, stat_locked, stat_unlocked, &
                             stat_locked_other_image
  implicit none
  type(lock_type) :: lk[*]
  integer :: me, n, right, s
  logical :: got
  character(len=80) :: msg

  me = this_image()
  n = num_images()
  right = mod(me, n) + 1
  msg = 'untouched'
  s = -1
  lock (lk, stat=s, errmsg=msg)
  call expect(s, 0, 'first lock', 701)
  if (msg /= 'untouched') then
    print *, 'image', me, 'errmsg changed by a successful lock: ', trim(msg)
    error stop 702
  end if
  lock (lk, stat=s, errmsg=msg)
  call expect(s, stat_locked, 'lock of a lock I hold', 703)
  call nonblank('lock of a lock I hold', 704)
  got = .true.
  lock (lk, acquired_lock=got, stat=s)
  call expect(s, stat_locked, 'try-lock of a lock I hold', 705)
  unlock (lk, stat=s)
  call expect(s, 0, 'unlock', 706)
  unlock (lk, stat=s, errmsg=msg)
  call expect(s, stat_unlocked, 'unlock of an unlocked lock', 707)
  call nonblank('unlock of an unlocked lock', 708)
  sync all
  if (n > 1) then
    ! take the right neighbour's lock; my own lock is then held by my left
    lock (lk[right], stat=s)
    call expect(s, 0, 'lock of right neighbour', 709)
    sync all
    unlock (lk, stat=s, errmsg=msg)
    call expect(s, stat_locked_other_image, 'unlock of a lock held by another image', 710)
    call nonblank('unlock of a lock held by another image', 711)
    ! the failed unlock must not have released it
    got = .true.
    lock (lk, acquired_lock=got, stat=s)
    call expect(s, 0, 'try-lock of a lock held by another image', 712)
    if (got) then
      print *, 'image', me, 'acquired its lock while the left neighbour holds it'
      error stop 713
    end if
    lock (lk[right], stat=s, errmsg=msg)
    call expect(s, stat_locked, 'second lock of right neighbour', 714)
    sync all
    unlock (lk[right], stat=s)
    call expect(s, 0, 'unlock of right neighbour', 715)
  end if
  sync all
  if (me == 1) print '(a)', 'PASS lock_stat'
contains
  subroutine expect(got_stat, want, what, code)
    integer, intent(in) :: got_stat, want, code
    character(len=*), intent(in) :: what
    if (got_stat /= want) then
      print *, 'image', me, trim(what), ': stat =', got_stat, 'expected', want
      error stop code
    end if
  end subroutine expect
  subroutine nonblank(what, code)
    character(len=*), intent(in) :: what
    integer, intent(in) :: code
    if (len_trim(msg) == 0 .or. msg == 'untouched') then
      print *, 'image', me, trim(what), ': errmsg not set: "', trim(msg), '"'
      error stop code
    end if
    msg = 'untouched'
  end subroutine nonblank
end program s_lock_stat
