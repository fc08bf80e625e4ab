/* Images: each image's record in the mapping (its status and what it waits
   for), the team it is in, and the images a waiting image still needs.
   Everything comes from the program handle's copies (the images array,
   the team slots, the sync matrix, each read once), so that listing every
   image with its status, team, wait and the images it needs costs a few
   reads in all, not a few per image. */
#include "config.h"

#include <string.h>

#include "cafdbg-private.h"

CD_EXPORT ompd_rc_t cafdbg_get_image(cafdbg_program_handle_t *program, int image,
                                     cafdbg_image_handle_t **handle)
{
  struct cd_rec r;
  uint64_t v[11];
  ompd_rc_t rc;
  static const enum paradbg_caf_field fields[11] = {
    CD_F(image, pid), CD_F(image, status), CD_F(image, stop_code), CD_F(image, signal),
    CD_F(image, wait_kind), CD_F(image, wait_image), CD_F(image, wait_offset),
    CD_F(image, team), CD_F(image, team_index), CD_F(image, wait_count),
    CD_F(image, wait_operation)
  };
  if (program == NULL || handle == NULL)
    return ompd_rc_bad_input;
  *handle = NULL;
  if (image < 1 || (uint64_t)image > program->shared.num_images)
    return ompd_rc_bad_input;
  if ((rc = cd_image_rec(program, image, &r)) != ompd_rc_ok)
    return rc;
  for (unsigned i = 0; i < 11; i++)
    if ((rc = cd_get(program, &r, fields[i], &v[i])) != ompd_rc_ok)
      return rc;
  cafdbg_image_handle_t *ih;
  if ((rc = cd_alloc(sizeof *ih, (void **)&ih)) != ompd_rc_ok)
    return rc;
  memset(ih, 0, sizeof *ih);
  ih->ph = program;
  ih->image = image;
  ih->pid = (int64_t)v[0];
  ih->status = (int)(int32_t)v[1];
  ih->stop_code = (int)(int32_t)v[2];
  ih->signal = (int)(int32_t)v[3];
  ih->wait_kind = (int)(int32_t)v[4];
  ih->wait_image = (int)(int32_t)v[5];
  ih->wait_offset = v[6];
  ih->team_slot = (int)(int32_t)v[7];
  ih->team_index = (int)(int32_t)v[8];
  ih->wait_count = (int)(int32_t)v[9];
  ih->wait_operation = (int)(int32_t)v[10];
  cd_handle_made(program);
  *handle = ih;
  return ompd_rc_ok;
}

CD_EXPORT ompd_rc_t cafdbg_rel_image_handle(cafdbg_image_handle_t *handle)
{
  if (handle == NULL)
    return ompd_rc_bad_input;
  cd_handle_gone(handle->ph);
  cd_free(handle);
  return ompd_rc_ok;
}

/* The image's team, with its arrays, as the program handle has it. */
static ompd_rc_t image_team(cafdbg_image_handle_t *ih)
{
  if (ih->team != NULL)
    return ompd_rc_ok;
  if (ih->team_slot < 0 || (uint64_t)ih->team_slot >= ih->ph->shared.max_teams)
    return ompd_rc_error;
  return cd_team_slot(ih->ph, ih->team_slot, 1, &ih->team);
}

static int status_of(int s, cafdbg_image_status_t *out)
{
  switch (s) {
  case PARADBG_CAF_IMAGE_UNUSED: *out = cafdbg_image_not_started; return 1;
  case PARADBG_CAF_IMAGE_RUNNING: *out = cafdbg_image_running; return 1;
  case PARADBG_CAF_IMAGE_STOPPED: *out = cafdbg_image_stopped; return 1;
  case PARADBG_CAF_IMAGE_FAILED: *out = cafdbg_image_failed; return 1;
  case PARADBG_CAF_IMAGE_ERROR_STOPPED: *out = cafdbg_image_error_stopped; return 1;
  }
  return 0;
}

CD_EXPORT ompd_rc_t cafdbg_get_image_info(cafdbg_image_handle_t *image, cafdbg_image_info_t *info)
{
  ompd_rc_t rc;
  if (image == NULL || info == NULL)
    return ompd_rc_bad_input;
  memset(info, 0, sizeof *info);
  if (!status_of(image->status, &info->status) || image->pid < 0)
    return ompd_rc_error;
  if ((rc = image_team(image)) != ompd_rc_ok)
    return rc;
  info->image = image->image;
  info->pid = image->pid;
  if (info->status == cafdbg_image_stopped || info->status == cafdbg_image_error_stopped)
    info->stop_code = image->stop_code;
  if (info->status == cafdbg_image_failed)
    info->signal = image->signal;
  info->team_number = image->team->team.number;
  info->team_index = image->team_index;
  return ompd_rc_ok;
}

CD_EXPORT ompd_rc_t cafdbg_get_image_team(cafdbg_image_handle_t *image, cafdbg_team_handle_t **team)
{
  ompd_rc_t rc;
  if (image == NULL || team == NULL)
    return ompd_rc_bad_input;
  *team = NULL;
  if ((rc = image_team(image)) != ompd_rc_ok)
    return rc;
  return cd_new_team_handle(image->ph, image->team_slot, &image->team->team, team);
}

static const char *collective_name(int op)
{
  switch (op) {
#define CD_COLLECTIVE(n, v, t) \
  case v: return (t)[0] ? (t) : NULL;
    PARADBG_CAF_COLLECTIVES(CD_COLLECTIVE)
#undef CD_COLLECTIVE
  }
  return NULL;
}

static int wait_kind_of(int k, cafdbg_wait_kind_t *out)
{
  switch (k) {
  case PARADBG_CAF_WAIT_NONE: *out = cafdbg_wait_none; return 1;
  case PARADBG_CAF_WAIT_SYNC_ALL: *out = cafdbg_wait_sync_all; return 1;
  case PARADBG_CAF_WAIT_SYNC_IMAGES: *out = cafdbg_wait_sync_images; return 1;
  case PARADBG_CAF_WAIT_LOCK: *out = cafdbg_wait_lock; return 1;
  case PARADBG_CAF_WAIT_CRITICAL: *out = cafdbg_wait_critical; return 1;
  case PARADBG_CAF_WAIT_EVENT: *out = cafdbg_wait_event; return 1;
  case PARADBG_CAF_WAIT_COLLECTIVE: *out = cafdbg_wait_collective; return 1;
  case PARADBG_CAF_WAIT_TERMINATION: *out = cafdbg_wait_termination; return 1;
  case PARADBG_CAF_WAIT_TEAM: *out = cafdbg_wait_team; return 1;
  }
  return 0;
}

/* The lock or event a wait names: wait_offset counts from the segment of
   wait_image, or of the waiting image itself when that is 0
   (PARADBG_CAF_OFFSETS' WAIT_SEGMENT).  *addr is 0 when the runtime
   recorded no object. */
struct wait_object {
  int image;
  uint64_t addr;
  unsigned type;
  int holder;
  int64_t count;
};

static ompd_rc_t wait_object(cafdbg_image_handle_t *ih, cafdbg_wait_kind_t kind,
                             struct wait_object *o)
{
  cafdbg_program_handle_t *ph = ih->ph;
  struct cd_rec r;
  uint64_t v;
  ompd_rc_t rc;
  memset(o, 0, sizeof *o);
  if (ih->wait_image < 0 || (uint64_t)ih->wait_image > ph->shared.num_images)
    return ompd_rc_error;
  o->image = ih->wait_image ? ih->wait_image : ih->image;
  o->type = kind == cafdbg_wait_event ? CD_T(event) : CD_T(lock);
  if (ih->wait_offset == 0)
    return ompd_rc_ok;   /* offset 0 is the segment's header: none */
  if ((rc = cd_segment_rec(ph, o->image, ih->wait_offset, o->type, &o->addr, &r)) != ompd_rc_ok) {
    o->addr = 0;
    return rc;
  }
  if (kind == cafdbg_wait_event) {
    if ((rc = cd_get(ph, &r, CD_F(event, count), &v)) != ompd_rc_ok)
      return rc;
    o->count = (int64_t)v;
  } else {
    if ((rc = cd_get(ph, &r, CD_F(lock, owner), &v)) != ompd_rc_ok)
      return rc;
    if ((int64_t)v < 0 || v > ph->shared.num_images)
      return ompd_rc_error;
    o->holder = (int)v;
  }
  return ompd_rc_ok;
}

CD_EXPORT ompd_rc_t cafdbg_get_image_wait(cafdbg_image_handle_t *image, cafdbg_wait_t *wait)
{
  cafdbg_wait_kind_t kind;
  ompd_rc_t rc;
  if (image == NULL || wait == NULL)
    return ompd_rc_bad_input;
  memset(wait, 0, sizeof *wait);
  cafdbg_program_handle_t *ph = image->ph;
  if (!wait_kind_of(image->wait_kind, &kind))
    return ompd_rc_error;
  if (image->wait_image < 0 || (uint64_t)image->wait_image > ph->shared.num_images)
    return ompd_rc_error;
  switch (kind) {
  case cafdbg_wait_sync_images:
    wait->image = image->wait_image;
    break;
  case cafdbg_wait_collective:
    wait->image = image->wait_image;
    wait->operation = collective_name(image->wait_operation);
    break;
  case cafdbg_wait_lock:
  case cafdbg_wait_critical:
  case cafdbg_wait_event: {
    struct wait_object o;
    if ((rc = wait_object(image, kind, &o)) != ompd_rc_ok)
      return rc;
    if (kind == cafdbg_wait_lock)
      wait->image = o.image;
    wait->holder = o.holder;
    wait->object_image = o.image;
    wait->object.segment = OMPD_SEGMENT_UNSPECIFIED;
    wait->object.address = o.addr;
    if (kind == cafdbg_wait_event) {
      wait->count = o.count;
      wait->until_count = image->wait_count >= 1 ? image->wait_count : 1;
    }
    if (o.addr == 0)
      break;
    /* Which variable and element: the registered object whose data holds
       the offset.  A registry the library cannot walk leaves it untold. */
    cafdbg_coarray_handle_t *ch = NULL;
    rc = cd_find_coarray(ph, o.image, image->wait_offset, &ch);
    if (rc == ompd_rc_nomem)
      return rc;
    if (rc == ompd_rc_ok) {
      uint64_t esize = cd_type_size(ph, o.type), rel = image->wait_offset - ch->data;
      if (rel % esize == 0 && rel / esize < (ch->nelem ? ch->nelem : 1)) {
        wait->element = rel / esize;
        wait->coarray = ch;
      } else {
        cafdbg_rel_coarray_handle(ch);
      }
    }
    break;
  }
  default:
    break;
  }
  wait->kind = kind;
  return ompd_rc_ok;
}

CD_EXPORT ompd_rc_t cafdbg_rel_wait(cafdbg_wait_t *wait)
{
  if (wait == NULL)
    return ompd_rc_bad_input;
  if (wait->coarray != NULL)
    cafdbg_rel_coarray_handle(wait->coarray);
  wait->coarray = NULL;
  return ompd_rc_ok;
}

static int gone(int8_t status)
{
  return status == PARADBG_CAF_IMAGE_STOPPED || status == PARADBG_CAF_IMAGE_FAILED ||
         status == PARADBG_CAF_IMAGE_ERROR_STOPPED;
}

/* The members of the image's team that have not reached the barrier it
   waits in (their count of arrivals is below its own) and still can. */
static ompd_rc_t barrier_waits(cafdbg_image_handle_t *ih, uint8_t *need)
{
  cafdbg_program_handle_t *ph = ih->ph;
  ompd_rc_t rc;
  if ((rc = image_team(ih)) != ompd_rc_ok || (rc = cd_statuses(ph)) != ompd_rc_ok)
    return rc;
  const struct cd_slot *t = ih->team;
  int n = t->team.size, k = ih->team_index;
  if (k < 1 || k > n || t->members[k - 1] != (uint32_t)ih->image) {
    for (k = 1; k <= n && t->members[k - 1] != (uint32_t)ih->image; k++)
      ;
    if (k > n)
      return ompd_rc_error;   /* not a member of its own team */
  }
  uint32_t e = t->epochs[k - 1];
  for (int j = 0; j < n; j++) {
    uint32_t g = t->members[j];
    if (j != k - 1 && (int32_t)(t->epochs[j] - e) < 0 && !gone(ph->status[g - 1]))
      need[g - 1] = 1;
  }
  return ompd_rc_ok;
}

/* SYNC IMAGES: sync[a-1][b-1] counts what a has announced to b.  The image
   has heard from b when b has announced as many to it as it to b. */
static ompd_rc_t sync_images_waits(cafdbg_image_handle_t *ih, uint8_t *need)
{
  cafdbg_program_handle_t *ph = ih->ph;
  uint64_t n = ph->shared.num_images, me = (uint64_t)ih->image, at, first = 0, last = 0;
  uint32_t *mine = NULL, *col = NULL;
  const unsigned char *all;
  ompd_rc_t rc;
  /* The whole matrix, once per program handle, when one read may fetch it */
  if (!cd_sync_at(ph, &ph->shared, 0, 0, &at))
    return ompd_rc_error;
  if ((rc = cd_cached(ph, &ph->sync, at, n * n * 4, &all)) != ompd_rc_ok)
    return rc;
  if (all != NULL) {
    for (uint64_t b = 1; b <= n; b++) {
      uint64_t to, from;
      if (b == me)
        continue;
      if ((rc = cd_to_host(ph, all + ((me - 1) * n + (b - 1)) * 4, 4, &to)) != ompd_rc_ok ||
          (rc = cd_to_host(ph, all + ((b - 1) * n + (me - 1)) * 4, 4, &from)) != ompd_rc_ok)
        return rc;
      if (to == 0 || (int32_t)((uint32_t)from - (uint32_t)to) >= 0)
        continue;
      if ((rc = cd_statuses(ph)) != ompd_rc_ok)
        return rc;
      if (!gone(ph->status[b - 1]))
        need[b - 1] = 1;
    }
    return ompd_rc_ok;
  }
  /* Else its own row, and the column of what the others announced to it. */
  if ((rc = cd_alloc(n * 4, (void **)&mine)) != ompd_rc_ok)
    return rc;
  if (!cd_sync_at(ph, &ph->shared, me - 1, 0, &at)) {
    rc = ompd_rc_error;
    goto done;
  }
  if ((rc = cd_read_u32s(ph, at, n, mine)) != ompd_rc_ok)
    goto done;
  /* Only images it has announced to can hold it up. */
  for (uint64_t b = 1; b <= n; b++)
    if (b != me && mine[b - 1] != 0) {
      if (!first)
        first = b;
      last = b;
    }
  if (!first)
    goto done;
  if ((rc = cd_statuses(ph)) != ompd_rc_ok)
    goto done;
  /* Their announcements to it: a column, read in one piece when short. */
  uint64_t window = ((last - first) * n + 1) * 4, base;
  if (!cd_sync_at(ph, &ph->shared, first - 1, me - 1, &base)) {
    rc = ompd_rc_error;
    goto done;
  }
  if (window <= CD_CHUNK_MAX) {
    if ((rc = cd_alloc(window, (void **)&col)) != ompd_rc_ok ||
        (rc = cd_read(ph, base, window, col)) != ompd_rc_ok)
      goto done;
  }
  for (uint64_t b = first; b <= last; b++) {
    uint64_t v;
    uint32_t theirs;
    if (b == me || mine[b - 1] == 0)
      continue;
    if (col != NULL) {
      if ((rc = cd_to_host(ph, &col[(b - first) * n], 4, &v)) != ompd_rc_ok)
        goto done;
      theirs = (uint32_t)v;
    } else if (!cd_sync_at(ph, &ph->shared, b - 1, me - 1, &at)) {
      rc = ompd_rc_error;
      goto done;
    } else if ((rc = cd_read_u32s(ph, at, 1, &theirs)) != ompd_rc_ok) {
      goto done;
    }
    if ((int32_t)(theirs - mine[b - 1]) < 0 && !gone(ph->status[b - 1]))
      need[b - 1] = 1;
  }
done:
  cd_free(col);
  cd_free(mine);
  return rc;
}

CD_EXPORT ompd_rc_t cafdbg_get_wait_images(cafdbg_image_handle_t *image, int *images, int max,
                                           int *count)
{
  cafdbg_wait_kind_t kind;
  uint8_t *need = NULL;
  ompd_rc_t rc = ompd_rc_ok;
  if (image == NULL || count == NULL || max < 0 || (images == NULL && max > 0))
    return ompd_rc_bad_input;
  *count = 0;
  cafdbg_program_handle_t *ph = image->ph;
  uint64_t n = ph->shared.num_images;
  if (!wait_kind_of(image->wait_kind, &kind))
    return ompd_rc_error;
  if (kind == cafdbg_wait_none || kind == cafdbg_wait_event)
    return ompd_rc_ok;   /* nobody in particular: any image may post */
  if ((rc = cd_alloc(n, (void **)&need)) != ompd_rc_ok)
    return rc;
  memset(need, 0, n);
  switch (kind) {
  case cafdbg_wait_lock:
  case cafdbg_wait_critical: {
    struct wait_object o;
    if ((rc = wait_object(image, kind, &o)) == ompd_rc_ok && o.holder != 0 &&
        o.holder != image->image)
      need[o.holder - 1] = 1;
    break;
  }
  case cafdbg_wait_sync_images:
    rc = sync_images_waits(image, need);
    break;
  case cafdbg_wait_termination:
    /* Normal termination waits until no other image is running. */
    if ((rc = cd_statuses(ph)) == ompd_rc_ok)
      for (uint64_t g = 1; g <= n; g++)
        if (g != (uint64_t)image->image && ph->status[g - 1] == PARADBG_CAF_IMAGE_RUNNING)
          need[g - 1] = 1;
    break;
  default:   /* sync all, collectives, team synchronisation: a barrier */
    rc = barrier_waits(image, need);
    break;
  }
  if (rc == ompd_rc_ok) {
    int c = 0;
    for (uint64_t g = 1; g <= n; g++)
      if (need[g - 1]) {
        if (c < max)
          images[c] = (int)g;
        c++;
      }
    *count = c;
  }
  cd_free(need);
  return rc;
}
