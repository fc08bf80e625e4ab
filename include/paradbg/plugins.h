/* The debugger plugins that paradbg's hosts load, by their exact file
   names.  A runtime names its plugin with one of these; a host loads a
   plugin only if its base name is one of these, only from a directory that
   holds plugins and nothing else, and only after checking that the file
   exports the plugin's entry points.  Whatever else a target names (a
   runtime, a path, a name that happens to exist somewhere) is refused. */
#ifndef PARADBG_PLUGINS_H
#define PARADBG_PLUGINS_H

/* The OpenMP 5.1 OMPD library for libparomp. */
#define PARADBG_OMPD_PLUGIN "libparompd.so"
/* LLVM's OMPD library, for its libomp built with LIBOMP_OMPD_SUPPORT:
   loaded, like any plugin, only from a directory the user trusts. */
#define PARADBG_LLVM_OMPD_PLUGIN "libompd.so"
/* The coarray, atomic-lock and distributed-array plugin for libparcaf. */
#define PARADBG_CAF_PLUGIN "libcafdbg.so"

#endif
