/* Teams: libparcaf keeps each team in a slot of the mapping (its number,
   parent slot, size, members and barrier counts); a slot holds a team
   while its refs are above 0.  The program handle decodes each slot once,
   from one read of all of them; a team handle keeps the slot and its
   record.  The slot number is the team's id, unique among the teams alive
   at once. */
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

/* Team slot `slot` as the program handle has it: its record and, when
   arrays is set, its members' images and barrier counts.  The first need
   reads every slot in one read (libparcaf keeps both arrays inside the
   slot, so that one read is all a team costs); slots too many for one
   read, or a core without all of them, are read one by one. */
ompd_rc_t cd_team_slot(cafdbg_program_handle_t *ph, int slot, int arrays, const struct cd_slot **out)
{
  uint64_t at, first, slots = ph->shared.max_teams, stride = ph->shared.team_stride;
  const unsigned char *all, *buf = NULL;
  unsigned char *own = NULL;
  uint64_t buf_at = 0, buf_len = 0;
  ompd_rc_t rc;
  *out = NULL;
  if (slot < 0 || !cd_teams_at(ph, &ph->shared, (uint64_t)slot, 0, &at) ||
      !cd_teams_at(ph, &ph->shared, 0, 0, &first))
    return ompd_rc_error;
  if (ph->slots == NULL) {
    if ((rc = cd_alloc(slots * sizeof *ph->slots, (void **)&ph->slots)) != ompd_rc_ok)
      return rc;
    memset(ph->slots, 0, slots * sizeof *ph->slots);
  }
  struct cd_slot *s = &ph->slots[slot];
  if (s->state >= (arrays ? 2 : 1)) {
    *out = s;
    return ompd_rc_ok;
  }
  if ((rc = cd_cached(ph, &ph->teams, first, slots * stride, &all)) != ompd_rc_ok)
    return rc;
  if (all != NULL) {
    buf = all;
    buf_at = first;
    buf_len = slots * stride;
  } else if (stride <= CD_CHUNK_MAX) {
    if ((rc = cd_alloc(stride, (void **)&own)) != ompd_rc_ok)
      return rc;
    if ((rc = cd_read(ph, at, stride, own)) != ompd_rc_ok)
      goto done;
    buf = own;
    buf_at = at;
    buf_len = stride;
  }
  if (s->state == 0) {
    struct cd_rec r;
    if (buf != NULL)
      rc = cd_rec_from(ph, buf + (at - buf_at), CD_T(team), &r);
    else
      rc = cd_read_rec(ph, at, CD_T(team), &r);
    if (rc != ompd_rc_ok || (rc = team_from(ph, &r, &s->team)) != ompd_rc_ok)
      goto done;
    s->state = 1;
  }
  if (arrays) {
    const struct cd_team *t = &s->team;
    uint64_t n = t->size > 0 ? (uint64_t)t->size : 1;
    uint32_t *members = NULL, *epochs = NULL;
    /* Every slot of a corrupt core may claim all images: what all slots
       decode together is bounded (16 Mi words, 64 MiB). */
    if (ph->team_words + 2 * n > CD_TEAM_WORDS_MAX) {
      rc = ompd_rc_error;
      goto done;
    }
    ph->team_words += 2 * n;
    if ((rc = cd_alloc(n * 4, (void **)&members)) != ompd_rc_ok ||
        (rc = cd_alloc(n * 4, (void **)&epochs)) != ompd_rc_ok ||
        (rc = team_array(ph, t, 0, buf, buf_at, buf_len, members)) != ompd_rc_ok ||
        (rc = team_array(ph, t, 1, buf, buf_at, buf_len, epochs)) != ompd_rc_ok) {
      cd_free(members);
      cd_free(epochs);
      goto done;
    }
    for (uint64_t i = 0; i < (uint64_t)t->size; i++)
      if (members[i] < 1 || members[i] > ph->shared.num_images) {
        cd_free(members);
        cd_free(epochs);
        rc = ompd_rc_error;
        goto done;
      }
    s->members = members;
    s->epochs = epochs;
    s->state = 2;
  }
  *out = s;
done:
  cd_free(own);
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

/* The slots in use, in slot order. */
CD_EXPORT ompd_rc_t cafdbg_get_team(cafdbg_program_handle_t *program, int nth,
                                    cafdbg_team_handle_t **team)
{
  if (program == NULL || team == NULL || nth < 0)
    return ompd_rc_bad_input;
  *team = NULL;
  int seen = 0;
  for (uint64_t s = 0; s < program->shared.max_teams; s++) {
    const struct cd_slot *sl;
    ompd_rc_t rc = cd_team_slot(program, (int)s, 0, &sl);
    if (rc != ompd_rc_ok)
      return rc;
    if (sl->team.refs <= 0)
      continue;
    if (seen++ == nth)
      return cd_new_team_handle(program, (int)s, &sl->team, team);
  }
  return ompd_rc_unavailable;
}

CD_EXPORT ompd_rc_t cafdbg_get_team_parent(cafdbg_team_handle_t *team, cafdbg_team_handle_t **parent)
{
  const struct cd_slot *p;
  ompd_rc_t rc;
  if (team == NULL || parent == NULL)
    return ompd_rc_bad_input;
  *parent = NULL;
  cafdbg_program_handle_t *ph = team->ph;
  if (team->team.parent < 0)
    return ompd_rc_unavailable;   /* the initial team */
  if ((uint64_t)team->team.parent >= ph->shared.max_teams || team->team.parent == team->slot)
    return ompd_rc_error;
  if ((rc = cd_team_slot(ph, team->team.parent, 0, &p)) != ompd_rc_ok)
    return rc;
  /* Every member let go of it (a team variable formed again): its slot
     may since hold another team, so there is no parent to name. */
  if (p->team.refs <= 0)
    return ompd_rc_unavailable;
  return cd_new_team_handle(ph, team->team.parent, &p->team, parent);
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
  const struct cd_slot *sl;
  ompd_rc_t rc;
  if (team == NULL || image == NULL)
    return ompd_rc_bad_input;
  *image = 0;
  if (index < 1 || index > team->team.size)
    return ompd_rc_bad_input;
  if ((rc = cd_team_slot(team->ph, team->slot, 1, &sl)) != ompd_rc_ok)
    return rc;
  if (index > sl->team.size)
    return ompd_rc_error;
  *image = (int)sl->members[index - 1];   /* checked when the slot was decoded */
  return ompd_rc_ok;
}
