! caf_bad: bad cross-image metadata in a coarray program (2 images or
! more; only images 1 and 2 take part).  Image 1 registers "overlap", a
! 1-D block of size 10 over 2 processes, as [0, 6); then image 2 registers
! its part as [4, 10), which overlaps: refused on image 2 with STAT, then
! once more without STAT (one line on stderr, and image 2 goes on); image
! 2 registers "overlap" with another typestr (refused); then its right
! part [6, 10) (accepted).  Image 1 drops its record and registers it
! again (checked against image 2's).  Each step prints one line:
!   image 2: overlap: stat 1 id 0: MESSAGE
!   image 2: went on
!   image 2: typestr: stat 1 id 0: MESSAGE
!   image 2: right part: stat 0 id N
!   image 1: dropped and registered again: stat 0
! (the image 1 lines first: image 1: registered: stat 0 id 1).
program caf_bad
  use, intrinsic :: iso_c_binding
  use paradbg_dap
  implicit none
  character(kind=c_char, len=8), target :: name = 'overlap' // c_null_char
  character(kind=c_char, len=4), target :: f8 = '<f8' // c_null_char, i4 = '<i4' // c_null_char
  real(c_double), target :: x(6)
  type(paradbg_dap_dim), target :: d(1)
  character(kind=c_char, len=200) :: msg
  integer(c_int) :: stat, id, rc
  integer :: me

  me = this_image()
  x = 0
  if (num_images() < 2) error stop 'caf_bad needs 2 images'
  if (me == 1) then
    d(1) = paradbg_dap_dim(dist_type='b', size=10, proc_grid_size=2, proc_grid_rank=0, start=0, stop=6, extent=6)
    id = paradbg_dap_register(paradbg_dap_array(c_loc(name), c_loc(f8), c_loc(x), 1, c_loc(d), 0, 2), &
                              stat, msg, len(msg, c_size_t))
    write (*, '(a,i0,a,i0)') 'image 1: registered: stat ', stat, ' id ', id
    flush (6)
  end if
  sync all
  if (me == 2) then
    d(1) = paradbg_dap_dim(dist_type='b', size=10, proc_grid_size=2, proc_grid_rank=1, start=4, stop=10, extent=6)
    msg = ''
    rc = paradbg_dap_register(paradbg_dap_array(c_loc(name), c_loc(f8), c_loc(x), 1, c_loc(d), 1, 2), &
                              stat, msg, len(msg, c_size_t))
    write (*, '(a,i0,a,i0,a,a)') 'image 2: overlap: stat ', stat, ' id ', rc, ': ', msg(1:index(msg, c_null_char) - 1)
    flush (6)
    rc = paradbg_dap_register(paradbg_dap_array(c_loc(name), c_loc(f8), c_loc(x), 1, c_loc(d), 1, 2), &
                              errmsg_len=0_c_size_t)
    write (*, '(a)') 'image 2: went on'
    d(1) = paradbg_dap_dim(dist_type='b', size=10, proc_grid_size=2, proc_grid_rank=1, start=6, stop=10, extent=4)
    rc = paradbg_dap_register(paradbg_dap_array(c_loc(name), c_loc(i4), c_loc(x), 1, c_loc(d), 1, 2), &
                              stat, msg, len(msg, c_size_t))
    write (*, '(a,i0,a,i0,a,a)') 'image 2: typestr: stat ', stat, ' id ', rc, ': ', msg(1:index(msg, c_null_char) - 1)
    id = paradbg_dap_register(paradbg_dap_array(c_loc(name), c_loc(f8), c_loc(x), 1, c_loc(d), 1, 2), &
                              stat, msg, len(msg, c_size_t))
    write (*, '(a,i0,a,i0)') 'image 2: right part: stat ', stat, ' id ', id
    flush (6)
  end if
  sync all
  if (me == 1) then
    rc = paradbg_dap_drop(id, stat)
    d(1) = paradbg_dap_dim(dist_type='b', size=10, proc_grid_size=2, proc_grid_rank=0, start=0, stop=6, extent=6)
    id = paradbg_dap_register(paradbg_dap_array(c_loc(name), c_loc(f8), c_loc(x), 1, c_loc(d), 0, 2), &
                              stat, msg, len(msg, c_size_t))
    if (id <= 0) stat = -1
    write (*, '(a,i0)') 'image 1: dropped and registered again: stat ', stat
  end if
  sync all
end program caf_bad
