/* The library's life, its versions, and programs: the coarray runtime as
   one address space (an image's process or core, or the launcher's) sees
   it. */
#include "config.h"

#include <string.h>

#include "cafdbg-private.h"
#include "paradbg/atomic-layout.h"
#include "paradbg/dap-layout.h"

#define STR_(x) #x
#define STR(x) STR_(x)

/* Says which runtime layout this library reads, so that a debugger whose
   cafdbg_process_initialize got ompd_rc_incompatible can tell the user
   why. */
static const char version_string[] =
    "libcafdbg " PACKAGE_VERSION " (CAFDBG API " STR(CAFDBG_API_VERSION)
    "): reads libparcaf layout table version " STR(PARADBG_CAF_LAYOUT_VERSION)
    " (magic 0x50434146, \"PCAF\") and libparatomic layout table version "
    STR(PARADBG_ATOMIC_LAYOUT_VERSION) " (magic 0x50415443, \"PATC\") and distributed-array"
    " layout table version " STR(PARADBG_DAP_LAYOUT_VERSION) " (magic 0x50444150, \"PDAP\")"
    " only; any other runtime or table version is incompatible";

CD_EXPORT ompd_rc_t cafdbg_initialize(ompd_word_t api_version, const ompd_callbacks_t *callbacks)
{
  if (callbacks == NULL)
    return ompd_rc_bad_input;
  if (api_version != CAFDBG_API_VERSION)
    return ompd_rc_unsupported;
  if (callbacks->alloc_memory == NULL || callbacks->free_memory == NULL ||
      callbacks->sizeof_type == NULL || callbacks->symbol_addr_lookup == NULL ||
      callbacks->read_memory == NULL)
    return ompd_rc_bad_input;
  cd_cb = callbacks;
  return ompd_rc_ok;
}

CD_EXPORT ompd_rc_t cafdbg_get_api_version(ompd_word_t *version)
{
  if (version == NULL)
    return ompd_rc_bad_input;
  *version = CAFDBG_API_VERSION;
  return ompd_rc_ok;
}

CD_EXPORT ompd_rc_t cafdbg_get_version_string(const char **string)
{
  if (string == NULL)
    return ompd_rc_bad_input;
  *string = version_string;
  return ompd_rc_ok;
}

CD_EXPORT ompd_rc_t cafdbg_finalize(void)
{
  if (cd_cb == NULL)
    return ompd_rc_unsupported;
  cd_cb = NULL;
  return ompd_rc_ok;
}

void cd_handle_made(cafdbg_program_handle_t *ph)
{
  ph->handles++;
}

void cd_handle_gone(cafdbg_program_handle_t *ph)
{
  if (ph->handles > 0)
    ph->handles--;
}

ompd_rc_t cd_this_image(cafdbg_program_handle_t *ph, uint64_t *me)
{
  uint64_t v = 0;
  ompd_rc_t rc;
  if (!ph->this_image_valid) {
    if (ph->sym[CD_SYM_parcaf_this_image] != 0 &&
        (rc = cd_read_symbol(ph, CD_SYM_parcaf_this_image, &v)) != ompd_rc_ok)
      return rc;
    ph->this_image = v;
    ph->this_image_valid = 1;
  }
  *me = ph->this_image;
  return ompd_rc_ok;
}

/* ompd_rc_unavailable when the address space holds no libparcaf at all;
   ompd_rc_incompatible when it holds some of its symbols but not those
   this library reads. */
static ompd_rc_t lookup_symbols(cafdbg_program_handle_t *ph)
{
  static const char *const names[CD_NSYMBOLS] = {
#define CD_SYMBOL_NAME(name) #name,
    PARADBG_CAF_SYMBOLS(CD_SYMBOL_NAME)
#undef CD_SYMBOL_NAME
  };
  for (unsigned i = 0; i < CD_NSYMBOLS; i++) {
    ompd_address_t a = { OMPD_SEGMENT_UNSPECIFIED, 0 };
    if (cd_cb->symbol_addr_lookup(ph->context, NULL, names[i], &a, NULL) == ompd_rc_ok)
      ph->sym[i] = a.address;
  }
  if (ph->sym[CD_SYM_paradbg_caf_layout] == 0 && ph->sym[CD_SYM_parcaf_shared] == 0)
    return ompd_rc_unavailable;
  if (ph->sym[CD_SYM_paradbg_caf_layout] == 0 || ph->sym[CD_SYM_parcaf_shared] == 0 ||
      ph->sym[CD_SYM_parcaf_local_view] == 0)
    return ompd_rc_incompatible;
  return ompd_rc_ok;
}

/* The shared header: what PARADBG_CAF_CHECKS asks for, and a geometry in
   which every array the library may index lies inside the mapping.  Read
   once: none of it changes while the mapping exists. */
static ompd_rc_t load_shared(cafdbg_program_handle_t *ph)
{
  struct cd_rec r;
  uint64_t v[9], magic, version, end;
  static const enum paradbg_caf_field geometry[9] = {
    CD_F(shared, num_images), CD_F(shared, max_teams), CD_F(shared, map_size),
    CD_F(shared, segment_size), CD_F(shared, segments_off), CD_F(shared, images_off),
    CD_F(shared, sync_off), CD_F(shared, teams_off), CD_F(shared, team_stride)
  };
  ompd_rc_t rc = cd_read_rec(ph, ph->base, CD_T(shared), &r);
  if (rc != ompd_rc_ok)
    return rc;
  if ((rc = cd_get(ph, &r, CD_F(shared, magic), &magic)) != ompd_rc_ok ||
      (rc = cd_get(ph, &r, CD_F(shared, version), &version)) != ompd_rc_ok)
    return rc;
  if (!cd_check_value(CD_F(shared, magic), magic))
    return ompd_rc_error;          /* parcaf_shared points at something else */
  if (!cd_check_value(CD_F(shared, version), version))
    return ompd_rc_incompatible;   /* laid out by another version of the lists */
  for (unsigned i = 0; i < 9; i++)
    if ((rc = cd_get(ph, &r, geometry[i], &v[i])) != ompd_rc_ok)
      return rc;
  struct cd_shared *s = &ph->shared;
  s->num_images = v[0];
  s->max_teams = v[1];
  s->map_size = v[2];
  s->segment_size = v[3];
  s->segments_off = v[4];
  s->images_off = v[5];
  s->sync_off = v[6];
  s->teams_off = v[7];
  s->team_stride = v[8];
  ph->header = r;   /* what the program information tells */
  uint64_t a;
  if (s->num_images < 1 || s->num_images > CD_MAX_IMAGES || s->max_teams < 1 ||
      s->max_teams > CD_MAX_TEAMS || __builtin_add_overflow(ph->base, s->map_size, &end) ||
      s->segment_size < cd_type_size(ph, CD_T(segment)) ||
      s->team_stride < cd_type_size(ph, CD_T(team)) ||
      !cd_images_at(ph, s, 0, 0, &a) || !cd_sync_at(ph, s, 0, 0, &a) ||
      !cd_teams_at(ph, s, 0, 0, &a) || !cd_segments_at(ph, s, 0, 0, &a))
    return ompd_rc_error;
  return ompd_rc_ok;
}

CD_EXPORT ompd_rc_t cafdbg_process_initialize(ompd_address_space_context_t *context,
                                              cafdbg_program_handle_t **program)
{
  cafdbg_program_handle_t *ph;
  uint64_t base, view;
  ompd_rc_t rc;
  if (cd_cb == NULL)
    return ompd_rc_error;
  if (context == NULL || program == NULL)
    return ompd_rc_bad_input;
  *program = NULL;
  if ((rc = cd_alloc(sizeof *ph, (void **)&ph)) != ompd_rc_ok)
    return rc;
  memset(ph, 0, sizeof *ph);
  ph->context = context;
  if (cd_cb->sizeof_type(context, &ph->sizes) != ompd_rc_ok) {
    cd_free(ph);
    return ompd_rc_callback_error;
  }
  if ((rc = lookup_symbols(ph)) != ompd_rc_ok || (rc = cd_load_layout(ph)) != ompd_rc_ok ||
      (rc = cd_read_symbol(ph, CD_SYM_parcaf_shared, &base)) != ompd_rc_ok ||
      (rc = cd_read_symbol(ph, CD_SYM_parcaf_local_view, &view)) != ompd_rc_ok)
    goto fail;
  if (base == 0) {
    rc = ompd_rc_unavailable;   /* the runtime has not made its mapping yet */
    goto fail;
  }
  ph->base = base;
  ph->local_view = view;
  if ((rc = load_shared(ph)) != ompd_rc_ok)
    goto fail;
  *program = ph;
  return ompd_rc_ok;
fail:
  cd_free(ph);
  return rc;
}

CD_EXPORT ompd_rc_t cafdbg_rel_program_handle(cafdbg_program_handle_t *program)
{
  if (program == NULL)
    return ompd_rc_bad_input;
  /* Image, team and coarray handles point to it: it goes last. */
  if (program->handles > 0)
    return ompd_rc_bad_input;
  cd_forget(program);
  cd_free(program);
  return ompd_rc_ok;
}

CD_EXPORT ompd_rc_t cafdbg_get_program_info(cafdbg_program_handle_t *program,
                                            cafdbg_program_info_t *info)
{
  const struct cd_rec *r;
  uint64_t code, image, pid, me;
  ompd_rc_t rc;
  if (program == NULL || info == NULL)
    return ompd_rc_bad_input;
  memset(info, 0, sizeof *info);
  /* The first error termination and the launcher, from the header as the
     handle read it; this image's number, once. */
  r = &program->header;
  if ((rc = cd_get(program, r, CD_F(shared, error_code), &code)) != ompd_rc_ok ||
      (rc = cd_get(program, r, CD_F(shared, error_image), &image)) != ompd_rc_ok ||
      (rc = cd_get(program, r, CD_F(shared, supervisor_pid), &pid)) != ompd_rc_ok)
    return rc;
  if ((rc = cd_this_image(program, &me)) != ompd_rc_ok)
    return rc;
  if ((int64_t)image < 0 || image > program->shared.num_images || (int64_t)me < 0 ||
      me > program->shared.num_images || (int64_t)pid < 0)
    return ompd_rc_error;
  info->num_images = (int)program->shared.num_images;
  info->this_image = (int)me;
  info->error_image = (int)image;
  info->error_code = image ? (int)(int32_t)code : 0;
  info->launcher_pid = (int64_t)pid;
  return ompd_rc_ok;
}
