/* Teams: libparcaf keeps each team in a slot of the mapping (its number,
   parent slot, size, members and barrier counts); a slot holds a team
   while its refs are above 0.  A team handle keeps the slot and its record
   as read when the handle was made; the slot number is the team's id,
   unique among the teams alive at once. */
#include "config.h"

#include <string.h>

#include "cafdbg-private.h"

static ompd_rc_t team_from(cafdbg_program_handle_t *ph, const struct cd_rec *r, struct cd_team *t)
{
  uint64_t refs, number, parent, size;
  ompd_rc_t rc;
  if ((rc = cd_get(ph, r, CD_F(team, refs), &refs)) != ompd_rc_ok ||
      (rc = cd_get(ph, r, CD_F(team, number), &number)) != ompd_rc_ok ||
      (rc = cd_get(ph, r, CD_F(team, parent), &parent)) != ompd_rc_ok ||
      (rc = cd_get(ph, r, CD_F(team, size), &size)) != ompd_rc_ok ||
      (rc = cd_get(ph, r, CD_F(team, members_off), &t->members_off)) != ompd_rc_ok ||
      (rc = cd_get(ph, r, CD_F(team, epochs_off), &t->epochs_off)) != ompd_rc_ok)
    return rc;
  t->refs = (int32_t)refs;
  t->number = (int32_t)number;
  t->parent = (int32_t)parent;
  t->size = (int32_t)size;
  /* A team being formed has no members yet; none has more than all. */
  if (t->size < 0 || (uint64_t)t->size > ph->shared.num_images)
    return ompd_rc_error;
  return ompd_rc_ok;
}

ompd_rc_t cd_read_team(cafdbg_program_handle_t *ph, int slot, struct cd_team *t)
{
  struct cd_rec r;
  uint64_t at;
  ompd_rc_t rc;
  if (slot < 0 || !cd_teams_at(ph, &ph->shared, (uint64_t)slot, 0, &at))
    return ompd_rc_error;
  if ((rc = cd_read_rec(ph, at, CD_T(team), &r)) != ompd_rc_ok)
    return rc;
  return team_from(ph, &r, t);
}

/* One of a team's U32 arrays (size elements), from buf when the read of
   the slot already fetched it. */
static ompd_rc_t team_array(cafdbg_program_handle_t *ph, const struct cd_team *t, int epochs,
                            const unsigned char *buf, uint64_t buf_at, uint64_t buf_len,
                            uint32_t *out)
{
  uint64_t at, n = (uint64_t)t->size, end;
  int ok = epochs ? cd_epochs_at(ph, t, 0, 0, &at) : cd_members_at(ph, t, 0, 0, &at);
  if (!ok)
    return ompd_rc_error;
  if (n == 0)
    return ompd_rc_ok;
  if (buf != NULL && at >= buf_at && !__builtin_add_overflow(at, n * 4, &end) &&
      end <= buf_at + buf_len) {
    for (uint64_t i = 0; i < n; i++) {
      uint64_t v;
      ompd_rc_t rc = cd_to_host(ph, buf + (at - buf_at) + 4 * i, 4, &v);
      if (rc != ompd_rc_ok)
        return rc;
      out[i] = (uint32_t)v;
    }
    return ompd_rc_ok;
  }
  return cd_read_u32s(ph, at, n, out);
}

/* A team's record with its members' images and barrier counts.  libparcaf
   keeps both arrays inside the slot, so one read of the slot usually gets
   everything; arrays elsewhere are read apart. */
ompd_rc_t cd_read_team_arrays(cafdbg_program_handle_t *ph, int slot, struct cd_team *t,
                              uint32_t **members, uint32_t **epochs)
{
  uint64_t at, stride = ph->shared.team_stride;
  unsigned char *buf = NULL;
  ompd_rc_t rc;
  *members = *epochs = NULL;
  if (slot < 0 || !cd_teams_at(ph, &ph->shared, (uint64_t)slot, 0, &at))
    return ompd_rc_error;
  if (stride <= CD_CHUNK_MAX) {
    struct cd_rec r;
    if ((rc = cd_alloc(stride, (void **)&buf)) != ompd_rc_ok)
      return rc;
    if ((rc = cd_read(ph, at, stride, buf)) != ompd_rc_ok ||
        (rc = cd_rec_from(ph, buf, CD_T(team), &r)) != ompd_rc_ok ||
        (rc = team_from(ph, &r, t)) != ompd_rc_ok)
      goto done;
  } else if ((rc = cd_read_team(ph, slot, t)) != ompd_rc_ok) {
    return rc;
  }
  uint64_t n = t->size > 0 ? (uint64_t)t->size : 1;
  if ((rc = cd_alloc(n * 4, (void **)members)) != ompd_rc_ok ||
      (rc = cd_alloc(n * 4, (void **)epochs)) != ompd_rc_ok)
    goto done;
  if ((rc = team_array(ph, t, 0, buf, at, stride, *members)) != ompd_rc_ok ||
      (rc = team_array(ph, t, 1, buf, at, stride, *epochs)) != ompd_rc_ok)
    goto done;
  for (uint64_t i = 0; i < (uint64_t)t->size; i++)
    if ((*members)[i] < 1 || (*members)[i] > ph->shared.num_images) {
      rc = ompd_rc_error;
      goto done;
    }
done:
  cd_free(buf);
  if (rc != ompd_rc_ok) {
    cd_free(*members);
    cd_free(*epochs);
    *members = *epochs = NULL;
  }
  return rc;
}

ompd_rc_t cd_new_team_handle(cafdbg_program_handle_t *ph, int slot, const struct cd_team *t,
                             cafdbg_team_handle_t **out)
{
  cafdbg_team_handle_t *th;
  ompd_rc_t rc = cd_alloc(sizeof *th, (void **)&th);
  if (rc != ompd_rc_ok)
    return rc;
  th->ph = ph;
  th->slot = slot;
  th->team = *t;
  cd_handle_made(ph);
  *out = th;
  return ompd_rc_ok;
}

/* The slots in use, in slot order: one read of every slot when they are
   few enough, else one per slot. */
CD_EXPORT ompd_rc_t cafdbg_get_team(cafdbg_program_handle_t *program, int nth,
                                    cafdbg_team_handle_t **team)
{
  if (program == NULL || team == NULL || nth < 0)
    return ompd_rc_bad_input;
  *team = NULL;
  cafdbg_program_handle_t *ph = program;
  uint64_t slots = ph->shared.max_teams, stride = ph->shared.team_stride, at;
  unsigned char *all = NULL;
  ompd_rc_t rc = ompd_rc_ok;
  int seen = 0;
  if (!cd_teams_at(ph, &ph->shared, 0, 0, &at))
    return ompd_rc_error;
  if (slots * stride <= CD_CHUNK_MAX) {
    if ((rc = cd_alloc(slots * stride, (void **)&all)) != ompd_rc_ok)
      return rc;
    if ((rc = cd_read(ph, at, slots * stride, all)) != ompd_rc_ok) {
      cd_free(all);
      return rc;
    }
  }
  rc = ompd_rc_unavailable;
  for (uint64_t s = 0; s < slots; s++) {
    struct cd_team t;
    ompd_rc_t r;
    if (all != NULL) {
      struct cd_rec rec;
      cd_rec_from(ph, all + s * stride, CD_T(team), &rec);
      r = team_from(ph, &rec, &t);
    } else {
      r = cd_read_team(ph, (int)s, &t);
    }
    if (r != ompd_rc_ok) {
      rc = r;
      break;
    }
    if (t.refs <= 0)
      continue;
    if (seen++ == nth) {
      rc = cd_new_team_handle(ph, (int)s, &t, team);
      break;
    }
  }
  cd_free(all);
  return rc;
}

CD_EXPORT ompd_rc_t cafdbg_get_team_parent(cafdbg_team_handle_t *team, cafdbg_team_handle_t **parent)
{
  struct cd_team p;
  ompd_rc_t rc;
  if (team == NULL || parent == NULL)
    return ompd_rc_bad_input;
  *parent = NULL;
  cafdbg_program_handle_t *ph = team->ph;
  if (team->team.parent < 0)
    return ompd_rc_unavailable;   /* the initial team */
  if ((uint64_t)team->team.parent >= ph->shared.max_teams || team->team.parent == team->slot)
    return ompd_rc_error;
  if ((rc = cd_read_team(ph, team->team.parent, &p)) != ompd_rc_ok)
    return rc;
  /* Every member let go of it (a team variable formed again): its slot
     may since hold another team, so there is no parent to name. */
  if (p.refs <= 0)
    return ompd_rc_unavailable;
  return cd_new_team_handle(ph, team->team.parent, &p, parent);
}

CD_EXPORT ompd_rc_t cafdbg_rel_team_handle(cafdbg_team_handle_t *team)
{
  if (team == NULL)
    return ompd_rc_bad_input;
  cd_handle_gone(team->ph);
  cd_free(team);
  return ompd_rc_ok;
}

CD_EXPORT ompd_rc_t cafdbg_get_team_info(cafdbg_team_handle_t *team, cafdbg_team_info_t *info)
{
  if (team == NULL || info == NULL)
    return ompd_rc_bad_input;
  memset(info, 0, sizeof *info);
  info->team_number = team->team.number;
  info->size = team->team.size;
  info->id = (uint64_t)team->slot;
  return ompd_rc_ok;
}

CD_EXPORT ompd_rc_t cafdbg_get_team_member(cafdbg_team_handle_t *team, int index, int *image)
{
  uint32_t g;
  uint64_t at;
  ompd_rc_t rc;
  if (team == NULL || image == NULL)
    return ompd_rc_bad_input;
  *image = 0;
  if (index < 1 || index > team->team.size)
    return ompd_rc_bad_input;
  cafdbg_program_handle_t *ph = team->ph;
  if (!cd_members_at(ph, &team->team, (uint64_t)(index - 1), 0, &at))
    return ompd_rc_error;
  if ((rc = cd_read_u32s(ph, at, 1, &g)) != ompd_rc_ok)
    return rc;
  if (g < 1 || g > ph->shared.num_images)
    return ompd_rc_error;
  *image = (int)g;
  return ompd_rc_ok;
}
