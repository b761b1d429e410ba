/* tw-clock.h: the calling thread's CPU time
 *
 * What bots budget and benchmarks report: unlike the wall clock it does not
 * count the time other processes had the CPU, so a busy machine neither
 * weakens a bot nor inflates a figure.
 */
#pragma once

#include <glib.h>
#include <time.h>

G_BEGIN_DECLS

/* The calling thread's CPU time in nanoseconds, from an arbitrary origin. */
static inline gint64
tw_thread_cpu_ns (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * G_GINT64_CONSTANT (1000000000) + ts.tv_nsec;
}

G_END_DECLS
