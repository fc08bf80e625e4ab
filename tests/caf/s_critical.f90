! critical constructs protecting shared counters on image 1: an unnamed one
! that also checks mutual exclusion, and two named ones.
program s_critical
  implicit none
  integer, parameter :: iters = 200
  integer :: cnt[*], inside[*], ca[*], cb[*], cc[*]
  integer :: me, n, i, v

  me = this_image()
  n = num_images()
  cnt = 0
  inside = 0
  ca = 0
  cb = 0
  cc = 0
  sync all
  do i = 1, iters
    critical
      if (inside[1] /= 0) then
        print *, 'image', me, 'entered critical while image', inside[1], 'is inside'
        error stop 801
      end if
      inside[1] = me
      v = cnt[1]
      cnt[1] = v + 1
      if (inside[1] /= me) then
        print *, 'image', me, 'inside critical, but image', inside[1], 'wrote the marker'
        error stop 802
      end if
      inside[1] = 0
    end critical
  end do
  do i = 1, iters / 2
    alpha: critical
      v = ca[1]
      ca[1] = v + me
    end critical alpha
    beta: critical
      v = cb[1]
      cb[1] = v + 2 * i
    end critical beta
  end do
  call bump()
  call bump()
  sync all
  if (me == 1) then
    if (cnt /= iters * n) then
      print *, 'unnamed critical counter =', cnt, 'expected', iters * n
      error stop 803
    end if
    if (ca /= (iters / 2) * (n * (n + 1) / 2)) then
      print *, 'critical alpha counter =', ca, 'expected', (iters / 2) * (n * (n + 1) / 2)
      error stop 804
    end if
    if (cb /= n * (iters / 2) * (iters / 2 + 1)) then
      print *, 'critical beta counter =', cb, 'expected', n * (iters / 2) * (iters / 2 + 1)
      error stop 805
    end if
    if (cc /= n * (n + 1)) then
      print *, 'critical in bump counter =', cc, 'expected', n * (n + 1)
      error stop 806
    end if
    print '(a)', 'PASS critical'
  end if
contains
  subroutine bump()
    ! a construct named beta in another scoping unit is a different critical
    ! construct (it may run alongside the other one), so it has its own counter
    beta: critical
      v = cc[1]
      cc[1] = v + me
    end critical beta
  end subroutine bump
end program s_critical
