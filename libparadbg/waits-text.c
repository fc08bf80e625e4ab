/* The wait-for graph in words, as JSON and in Graphviz's DOT; SVG through
   Graphviz's dot, run without a shell; a text written to a file. */
#define _GNU_SOURCE
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "jsonkit.h"
#include "waits-private.h"

/* The longest Graphviz may take to draw a graph. */
#define DOT_SECONDS 60

/* --- Text ----------------------------------------------------------------- */

/* "LWP 1234 (exited)", "thread 3 (crashed, SIGSEGV)", "image 2 (stopped)";
   a running or waiting node by its label alone. */
static void node_words(struct wstr *s, const struct pdb_wait_node *n)
{
  char sig[32];
  wstr_add(s, "%s", n->label);
  if (n->alive)
    return;
  if (n->signal > 0)
    wstr_add(s, " (%s, %s)", n->status, waits_signal_name(n->signal, sig, sizeof sig));
  else
    wstr_add(s, " (%s)", n->status);
}

char *pdb_waits_text(const struct pdb_waits *w)
{
  struct wstr s = { 0 };
  if (w == NULL)
    return NULL;
  wstr_add(&s, "%s\n", w->summary != NULL ? w->summary : "");
  if (w->nfindings > 1) {
    wstr_add(&s, "\nFindings:\n");
    for (unsigned i = 0; i < w->nfindings; i++)
      wstr_add(&s, "  %u. %s\n", i + 1, w->findings[i].text);
  }
  /* One line per waiting node and object: edges are in node order, and
     those of one wait together. */
  int heading = 0;
  unsigned e = 0;
  for (unsigned v = 0; v < w->nnodes; v++) {
    const struct pdb_wait_node *n = &w->nodes[v];
    while (e < w->nedges && w->edges[e].from < v)
      e++;
    if (e >= w->nedges || w->edges[e].from != v) {
      if (n->wait == NULL || !n->alive)
        continue;
      if (!heading++)
        wstr_add(&s, "\nWaits:\n");
      wstr_add(&s, "  %s -> (no one known)  %s\n", n->label, n->wait);
      continue;
    }
    while (e < w->nedges && w->edges[e].from == v) {
      unsigned f = e;
      int cycle = 0;
      while (e < w->nedges && w->edges[e].from == v && strcmp(w->edges[e].object, w->edges[f].object) == 0)
        cycle |= w->edges[e++].in_cycle;
      if (!heading++)
        wstr_add(&s, "\nWaits:\n");
      /* every target shown (the graph keeps at most 64 of one wait) */
      wstr_add(&s, "  ");
      node_words(&s, n);
      wstr_add(&s, " -> ");
      for (unsigned k = f; k < e; k++) {
        wstr_add(&s, "%s", k > f ? ", " : "");
        node_words(&s, &w->nodes[w->edges[k].to]);
      }
      wstr_add(&s, "  %s%s\n", w->edges[f].object, cycle ? "  [deadlock]" : "");
    }
  }
  if (w->truncated > 0)
    wstr_add(&s, "\n(%u more nodes, edges or findings left out: the graph's limits)\n", w->truncated);
  return wstr_take(&s);
}

/* --- JSON ----------------------------------------------------------------- */

/* A string of the graph: made printable when it was built, so taken as it
   is (jk_str would double its backslashes again). */
static J *text(const char *s)
{
  if (s == NULL)
    return NULL;
  J *v = json_object_new_string(s);
  jk_out_of_memory |= v == NULL;
  return v;
}

static J *waits_object(const struct pdb_waits *w)
{
  J *o = jk_obj();
  jk_put(o, "verdict", text(w->verdict_name != NULL ? w->verdict_name : "nothing waits"));
  jk_put(o, "summary", text(w->summary));
  J *a = jk_arr();
  for (unsigned i = 0; i < w->nfindings; i++) {
    const struct pdb_wait_finding *f = &w->findings[i];
    J *x = jk_obj();
    jk_put(x, "kind", text(f->kind));
    jk_put(x, "text", text(f->text));
    J *nodes = jk_arr();
    for (unsigned k = 0; k < f->nnodes; k++)
      jk_add(nodes, jk_uint(f->nodes[k]));
    jk_put(x, "nodes", nodes);
    jk_add(a, x);
  }
  jk_put(o, "findings", a);
  a = jk_arr();
  for (unsigned i = 0; i < w->nnodes; i++) {
    const struct pdb_wait_node *n = &w->nodes[i];
    J *x = jk_obj();
    jk_put(x, "id", jk_uint(i));
    jk_put(x, "kind", text(n->kind == PDB_WAIT_IMAGE ? "image" : "thread"));
    jk_put(x, "label", text(n->label));
    jk_put(x, "lwp", n->lwp > 0 ? jk_int(n->lwp) : NULL);
    jk_put(x, "omp_thread", n->omp_thread >= 0 ? jk_int(n->omp_thread) : NULL);
    jk_put(x, "image", n->image > 0 ? jk_int(n->image) : NULL);
    jk_put(x, "status", text(n->status));
    jk_put(x, "signal", n->signal > 0 ? jk_int(n->signal) : NULL);
    jk_put(x, "wait", text(n->wait));
    jk_put(x, "alive", json_object_new_boolean(n->alive));
    jk_add(a, x);
  }
  jk_put(o, "nodes", a);
  a = jk_arr();
  for (unsigned i = 0; i < w->nedges; i++) {
    const struct pdb_wait_edge *e = &w->edges[i];
    J *x = jk_obj();
    jk_put(x, "from", jk_uint(e->from));
    jk_put(x, "to", jk_uint(e->to));
    jk_put(x, "kind", text(e->kind));
    jk_put(x, "object", text(e->object));
    jk_put(x, "in_cycle", json_object_new_boolean(e->in_cycle));
    jk_add(a, x);
  }
  jk_put(o, "edges", a);
  jk_put(o, "truncated", jk_uint(w->truncated));
  return o;
}

char *pdb_waits_json(const struct pdb_waits *w, const char *doc, const struct pdb_json_target *t)
{
  if (w == NULL)
    return NULL;
  J *root = jk_doc_root(doc, t);
  if (root == NULL)
    return NULL;
  jk_put(root, "waits", waits_object(w));
  return jk_render(root);
}

/* --- DOT -------------------------------------------------------------------- */

/* s as a DOT double-quoted string (pdb_printable has made it printable). */
static void dot_quoted(struct wstr *b, const char *s)
{
  wstr_add(b, "\"");
  wstr_dot(b, s);
  wstr_add(b, "\"");
}

char *pdb_waits_dot(const struct pdb_waits *w)
{
  if (w == NULL)
    return NULL;
  struct wstr s = { 0 };
  wstr_add(&s, "digraph waits {\n  graph [labelloc=t, fontname=\"sans-serif\", label=");
  dot_quoted(&s, w->summary != NULL ? w->summary : "");
  wstr_add(&s, "];\n  rankdir=LR;\n  node [shape=box, style=rounded, fontname=\"sans-serif\"];\n"
           "  edge [fontname=\"sans-serif\", fontsize=10];\n");
  for (unsigned v = 0; v < w->nnodes && !s.failed; v++) {
    const struct pdb_wait_node *n = &w->nodes[v];
    char sig[32], *label;
    int len = n->signal > 0 ? asprintf(&label, "%s\n%s, %s", n->label, n->status,
                                       waits_signal_name(n->signal, sig, sizeof sig))
                            : asprintf(&label, "%s\n%s", n->label, n->status);
    if (len < 0) {
      s.failed = 1;
      break;
    }
    wstr_add(&s, "  n%u [label=", v);
    dot_quoted(&s, label);
    free(label);
    /* what will never move is grey; a waiter that is not, yellow */
    if (!n->alive)
      wstr_add(&s, ", style=\"rounded,filled\", fillcolor=gray80, fontcolor=gray30, color=gray50");
    else if (strcmp(n->status, "waiting") == 0)
      wstr_add(&s, ", style=\"rounded,filled\", fillcolor=lightyellow");
    wstr_add(&s, "];\n");
  }
  for (unsigned i = 0; i < w->nedges; i++) {
    const struct pdb_wait_edge *e = &w->edges[i];
    wstr_add(&s, "  n%u -> n%u [label=", e->from, e->to);
    dot_quoted(&s, e->object);
    if (e->in_cycle)
      wstr_add(&s, ", color=red, fontcolor=red, penwidth=2");
    wstr_add(&s, "];\n");
  }
  wstr_add(&s, "}\n");
  return wstr_take(&s);
}

/* --- Files ------------------------------------------------------------------ */

static void say(char *msg, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void say(char *msg, size_t size, const char *fmt, ...)
{
  if (msg == NULL || size == 0)
    return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, size, fmt, ap);
  va_end(ap);
}

int pdb_write_file(const char *text, const char *path, char *msg, size_t msgsize)
{
  if (msg != NULL && msgsize > 0)
    msg[0] = '\0';
  if (text == NULL || path == NULL || path[0] == '\0') {
    say(msg, msgsize, "pdb_write_file: no text or no path");
    return -1;
  }
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOCTTY, 0644);
  if (fd < 0) {
    say(msg, msgsize, "cannot write %s: %s", path, strerror(errno));
    return -1;
  }
  size_t len = strlen(text), done = 0;
  while (done < len) {
    ssize_t n = write(fd, text + done, len - done);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0) {
      say(msg, msgsize, "cannot write %s: %s", path, n < 0 ? strerror(errno) : "nothing written");
      close(fd);
      return -1;
    }
    done += (size_t)n;
  }
  if (close(fd) != 0) {
    say(msg, msgsize, "cannot write %s: %s", path, strerror(errno));
    return -1;
  }
  return 0;
}

/* The first executable "dot" on PATH, into buf; -1 none. */
static int find_dot(char *buf, size_t n)
{
  const char *path = getenv("PATH");
  if (path == NULL || path[0] == '\0')
    path = "/usr/local/bin:/usr/bin:/bin";
  for (const char *p = path;;) {
    size_t len = strcspn(p, ":");
    /* an empty entry is the current directory, which we do not search */
    if (len > 0 && (size_t)snprintf(buf, n, "%.*s/dot", (int)len, p) < n) {
      struct stat st;
      if (stat(buf, &st) == 0 && S_ISREG(st.st_mode) && access(buf, X_OK) == 0)
        return 0;
    }
    if (p[len] == '\0')
      return -1;
    p += len + 1;
  }
}

int pdb_dot_to_svg(const char *dot_text, const char *path, char *msg, size_t msgsize)
{
  if (msg != NULL && msgsize > 0)
    msg[0] = '\0';
  if (dot_text == NULL || path == NULL || path[0] == '\0') {
    say(msg, msgsize, "pdb_dot_to_svg: no graph or no path");
    return -1;
  }
  char dot[4096];
  if (find_dot(dot, sizeof dot) != 0) {
    say(msg, msgsize, "Graphviz's dot is not installed (Debian: apt-get install graphviz)");
    return -1;
  }
  /* The graph goes in through a socket, so that a dot that dies early
     gives an error, not a SIGPIPE to the debugger; its complaints come
     back through another. */
  int in[2], err[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, in) != 0) {
    say(msg, msgsize, "cannot run %s: %s", dot, strerror(errno));
    return -1;
  }
  if (pipe2(err, O_CLOEXEC) != 0) {
    say(msg, msgsize, "cannot run %s: %s", dot, strerror(errno));
    close(in[0]), close(in[1]);
    return -1;
  }
  char *argv[] = { dot, "-Tsvg", "-o", (char *)path, NULL };
  pid_t pid = fork();
  if (pid < 0) {
    say(msg, msgsize, "cannot run %s: %s", dot, strerror(errno));
    close(in[0]), close(in[1]), close(err[0]), close(err[1]);
    return -1;
  }
  if (pid == 0) {
    /* Only what is safe after fork in a threaded program. */
    if (dup2(in[1], 0) < 0 || dup2(err[1], 2) < 0 || dup2(err[1], 1) < 0)
      _exit(127);
    if (close_range(3, ~0u, 0) != 0)
      for (int fd = 3; fd < 1024; fd++)
        close(fd);
    execv(dot, argv);
    _exit(127);
  }
  close(in[1]);
  close(err[1]);
  size_t len = strlen(dot_text), done = 0;
  char errbuf[512];
  size_t nerr = 0;
  int in_open = 1, err_open = 1, write_failed = 0;
  if (len == 0) {
    close(in[0]);
    in_open = 0;
  }
  /* Until dot has ended (not until its stderr closes: something it
     started may keep that open), and at most DOT_SECONDS. */
  struct timespec t0, now;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  int status = -1, reaped = 0, timed_out = 0;
  while (!reaped) {
    struct pollfd fds[2];
    nfds_t nf = 0;
    if (in_open)
      fds[nf++] = (struct pollfd){ in[0], POLLOUT, 0 };
    if (err_open)
      fds[nf++] = (struct pollfd){ err[0], POLLIN, 0 };
    int ready = poll(fds, nf, 100);
    if (waitpid(pid, &status, WNOHANG) == pid)
      reaped = 1;
    clock_gettime(CLOCK_MONOTONIC, &now);
    if (!reaped && now.tv_sec - t0.tv_sec >= DOT_SECONDS) {
      timed_out = 1;
      break;
    }
    if (ready < 0 && errno != EINTR)
      break;
    if (ready <= 0)
      continue;
    for (nfds_t k = 0; k < nf; k++) {
      if (fds[k].revents == 0)
        continue;
      if (fds[k].fd == in[0]) {
        ssize_t n = send(in[0], dot_text + done, len - done, MSG_NOSIGNAL | MSG_DONTWAIT);
        if (n > 0)
          done += (size_t)n;
        else if (n < 0 && errno != EAGAIN && errno != EINTR)
          write_failed = 1;
        if (done == len || write_failed) {
          close(in[0]);
          in_open = 0;
        }
      } else {
        char tmp[512];
        ssize_t n = read(err[0], tmp, sizeof tmp);
        if (n < 0 && errno == EINTR)
          continue;
        if (n <= 0) {
          close(err[0]);
          err_open = 0;
          continue;
        }
        size_t keep = (size_t)n < sizeof errbuf - 1 - nerr ? (size_t)n : sizeof errbuf - 1 - nerr;
        memcpy(errbuf + nerr, tmp, keep);
        nerr += keep;
      }
    }
  }
  if (in_open)
    close(in[0]);
  if (err_open)
    close(err[0]);
  if (timed_out)
    kill(pid, SIGKILL);
  while (!reaped && waitpid(pid, &status, 0) < 0 && errno == EINTR)
    ;
  errbuf[nerr] = '\0';
  /* dot's first line of complaint, printable. */
  errbuf[strcspn(errbuf, "\n")] = '\0';
  char *why = errbuf[0] != '\0' ? pdb_printable(errbuf) : NULL;
  int ok = status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 0 && !write_failed;
  if (!ok) {
    if (timed_out)
      say(msg, msgsize, "Graphviz's dot did not finish in %d s: stopped", DOT_SECONDS);
    else if (status == -1)
      say(msg, msgsize, "cannot learn how %s ended: %s", dot, strerror(errno));
    else if (write_failed && WIFEXITED(status) && WEXITSTATUS(status) == 0)
      say(msg, msgsize, "Graphviz's dot ended before it had read the whole graph");
    else if (WIFEXITED(status) && WEXITSTATUS(status) == 127 && why == NULL)
      say(msg, msgsize, "cannot run %s", dot);
    else if (why != NULL)
      say(msg, msgsize, "Graphviz's dot failed: %s", why);
    else if (WIFSIGNALED(status))
      say(msg, msgsize, "Graphviz's dot was killed by signal %d", WTERMSIG(status));
    else
      say(msg, msgsize, "Graphviz's dot failed (exit status %d)", WIFEXITED(status) ? WEXITSTATUS(status) : -1);
  }
  free(why);
  return ok ? 0 : -1;
}
