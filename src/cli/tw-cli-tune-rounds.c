/* tw-cli-tune-rounds.c: a search (tune, simulate --sweep --target) run
 * round by round, each round's games split into shards
 *
 * Successive halving decides each round from the last, so a search cannot
 * be split like a plain run. Run round by round, it can: a state file holds
 * what the search is (the definition's SHA-256, --vary, --target, …), the
 * results of the rounds played and the plan of the next (its cells and
 * games). `simulate --round-state STATE --shard K/N` plays the K-th slice of
 * the plan's games of every planned cell; `merge` joins the shards cell by
 * cell; `tune --round-state STATE --round-results MERGED` takes them and
 * writes the next plan, until the search ends and prints what a whole
 * `tune` would.
 *
 * Nothing of the search is written twice: every step runs tw_tune_run()
 * from round 1 with TwTuneConfig.play handing out the games of the rounds
 * played (TW_TUNE_ERROR_PENDING for those not played yet), so the rounds,
 * the misses, the best cell and the report are the whole run's code on the
 * whole run's games. The replay is also the state's check: every stored
 * round must be asked for, cell for cell and game for game, in that order.
 *
 * Copyright 2026 The Tilewright team
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tw-cli.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include "tw-json.h"
#include "tw-sim.h"
#include "tw-tune.h"

#define STATE_FORMAT "tilewright-tune-state"
#define ROUND_FORMAT "tilewright-tune-round"

/* The games of one round: cells in the order the search asked for them. */
typedef struct
{
  guint      round;
  guint64    first;
  guint64    last;
  GArray    *cells;  /* guint */
  GPtrArray *arms;   /* TwSimArm, owned, one per cell */
  GPtrArray *labels; /* the cells' "values" as read, for merge */
  guint      used;   /* cells handed out by the replay */
} Round;

struct _TwCliRounds
{
  char      *state_path;
  /* what the search is */
  char      *def_path;
  char      *def_sha256;
  char     **varies;
  char     **targets;
  char     **sets;     /* NULL-terminated, maybe empty */
  int        players;
  char      *bots;
  guint64    seed;
  guint64    games;
  guint64    start;
  guint      shards;   /* how many the printed commands split a round into */
  /* the rounds played, 1, 2, … */
  GPtrArray *played;   /* Round */
  /* the replay */
  const TwSweep *sweep; /* the search's cells, for messages */
  guint      ended;    /* rounds ended */
  Round     *next;     /* the plan the state holds */
  Round     *pending;  /* the round asked for and not played, or NULL */
  /* simulate --round-state: the slice this shard plays */
  guint      shard_k;
  guint      shard_n;
  Round     *shard;
};

static void
round_free (Round *round)
{
  if (round == NULL)
    return;
  g_clear_pointer (&round->cells, g_array_unref);
  g_clear_pointer (&round->arms, g_ptr_array_unref);
  g_clear_pointer (&round->labels, g_ptr_array_unref);
  g_free (round);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Round, round_free)

static Round *
round_new (guint   number,
           guint64 first,
           guint64 last)
{
  Round *round = g_new0 (Round, 1);

  round->round = number;
  round->first = first;
  round->last = last;
  round->cells = g_array_new (FALSE, FALSE, sizeof (guint));
  round->arms = g_ptr_array_new_with_free_func ((GDestroyNotify) tw_sim_arm_free);
  round->labels = g_ptr_array_new_with_free_func (g_free);
  return round;
}

void
tw_cli_rounds_free (TwCliRounds *rounds)
{
  if (rounds == NULL)
    return;
  g_free (rounds->state_path);
  g_free (rounds->def_path);
  g_free (rounds->def_sha256);
  g_strfreev (rounds->varies);
  g_strfreev (rounds->targets);
  g_strfreev (rounds->sets);
  g_free (rounds->bots);
  g_clear_pointer (&rounds->played, g_ptr_array_unref);
  round_free (rounds->pending);
  round_free (rounds->next);
  round_free (rounds->shard);
  g_free (rounds);
}

/* ------------------------------------------------------------------------ */
/* Writing                                                                  */

/* What the search is, as the state writes it: its SHA-256 is the search's
 * name in the rounds' results. */
static void
append_search (GString           *out,
               const TwCliRounds *rounds)
{
  g_string_append (out, "  \"definition\": ");
  tw_json_append_string (out, rounds->def_path);
  g_string_append (out, ",\n  \"definition_sha256\": ");
  tw_json_append_string (out, rounds->def_sha256);
  g_string_append (out, ",\n  \"vary\": ");
  tw_json_append_strv (out, rounds->varies);
  g_string_append (out, ",\n  \"target\": ");
  tw_json_append_strv (out, rounds->targets);
  g_string_append (out, ",\n  \"set\": ");
  tw_json_append_strv (out, rounds->sets);
  g_string_append_printf (out, ",\n  \"players\": %d,\n  \"bots\": ", rounds->players);
  tw_json_append_string (out, rounds->bots);
  g_string_append_printf (out, ",\n  \"seed\": \"%" G_GUINT64_FORMAT "\",\n  \"games\": %"
                          G_GUINT64_FORMAT ",\n  \"start\": %" G_GUINT64_FORMAT ",\n",
                          rounds->seed, rounds->games, rounds->start);
}

static char *
search_sha256 (const TwCliRounds *rounds)
{
  g_autoptr(GString) text = g_string_new (NULL);

  append_search (text, rounds);
  return g_compute_checksum_for_string (G_CHECKSUM_SHA256, text->str, (gssize) text->len);
}

/* "round": N, "first", "last", "cells": [{"cell": C, "values": LABEL,
 * "summary": simulate's document}] */
static void
append_round (GString       *out,
              const TwSweep *sweep,
              const Round   *round,
              const char    *indent)
{
  g_string_append_printf (out, "%s\"round\": %u,\n%s\"first\": %" G_GUINT64_FORMAT
                          ",\n%s\"last\": %" G_GUINT64_FORMAT ",\n%s\"cells\": [", indent,
                          round->round, indent, round->first, indent, round->last, indent);
  for (guint i = 0; i < round->cells->len; i++)
    {
      guint cell = g_array_index (round->cells, guint, i);
      g_autofree char *label = sweep != NULL ? tw_sweep_cell_label (sweep, cell)
                                             : g_strdup (g_ptr_array_index (round->labels, i));
      g_autoptr(GPtrArray) arms = g_ptr_array_new ();
      g_autoptr(GString) summary = g_string_new (NULL);
      g_autofree char *deeper = g_strconcat ("\n", indent, "    ", NULL);

      g_string_append_printf (out, "%s\n%s  {\"cell\": %u, \"values\": ", i > 0 ? "," : "",
                              indent, cell);
      tw_json_append_string (out, label);
      if (round->arms->len > i)
        {
          g_ptr_array_add (arms, g_ptr_array_index (round->arms, i));
          tw_sim_to_json (arms, summary);
          while (summary->len > 0 && summary->str[summary->len - 1] == '\n')
            g_string_truncate (summary, summary->len - 1);
          g_string_replace (summary, "\n", deeper, 0);
          g_string_append_printf (out, ",%s\"summary\": %s", deeper, summary->str);
        }
      g_string_append_c (out, '}');
    }
  g_string_append_printf (out, "\n%s]", indent);
}

static gboolean
write_state (const TwCliRounds  *rounds,
             const TwSweep      *sweep,
             GError            **error)
{
  g_autoptr(GString) out = g_string_new ("{\n  \"format\": \"" STATE_FORMAT "\",\n"
                                         "  \"version\": 1,\n");

  append_search (out, rounds);
  g_string_append_printf (out, "  \"shards\": %u,\n  \"next\": {\n", rounds->shards);
  append_round (out, sweep, rounds->pending, "    ");
  g_string_append (out, "\n  },\n  \"played\": [");
  for (guint r = 0; r < rounds->played->len; r++)
    {
      g_string_append (out, r > 0 ? ",\n    {\n" : "\n    {\n");
      append_round (out, sweep, g_ptr_array_index (rounds->played, r), "      ");
      g_string_append (out, "\n    }");
    }
  g_string_append (out, "\n  ]\n}\n");
  return tw_cli_write_output (out, rounds->state_path, error);
}

/* ------------------------------------------------------------------------ */
/* Reading                                                                  */

/* A round's results ("round", "first", "last", "cells") at @node, with
 * their games unless @plan; NULL with "FILE:LINE:COL: …" otherwise. */
static Round *
read_round (TwJsonDoc   *doc,
            JsonNode    *node,
            gboolean     plan,
            guint64      games,
            guint        n_cells,
            GError     **error)
{
  JsonNode *cells = tw_json_member (node, "cells");
  guint64 number = 0, first = 0, last = 0;
  g_autoptr(Round) round = NULL;
  guint n;

  if (!tw_json_u64 (tw_json_member (node, "round"), 1, 64, &number)
      || !tw_json_u64 (tw_json_member (node, "first"), 0, games, &first)
      || !tw_json_u64 (tw_json_member (node, "last"), first + 1, games, &last)
      || cells == NULL || !JSON_NODE_HOLDS_ARRAY (cells))
    {
      tw_json_doc_fail (doc, node, error, _("a round needs its “round” (1 to 64), its games "
                                            "“first” … “last” (within %llu) and its “cells”"),
                        (unsigned long long) games);
      return NULL;
    }
  round = round_new ((guint) number, first, last);
  n = json_array_get_length (json_node_get_array (cells));
  if (n == 0 || n > n_cells)
    {
      tw_json_doc_fail (doc, cells, error, _("a round plays from 1 to %u cells"), n_cells);
      return NULL;
    }
  for (guint i = 0; i < n; i++)
    {
      JsonNode *item = json_array_get_element (json_node_get_array (cells), i);
      JsonNode *summary = tw_json_member (item, "summary");
      const char *label;
      guint64 cell = 0;

      if (!tw_json_u64 (tw_json_member (item, "cell"), 0, n_cells - 1, &cell))
        {
          tw_json_doc_fail (doc, item, error, _("a “cell” from 0 to %u was expected"), n_cells - 1);
          return NULL;
        }
      for (guint j = 0; j < round->cells->len; j++)
        if (g_array_index (round->cells, guint, j) == cell)
          {
            tw_json_doc_fail (doc, item, error, _("the cell %u is given twice"), (guint) cell);
            return NULL;
          }
      g_array_append_val (round->cells, cell);
      /* informative: merge names the cells with it */
      label = tw_json_string (tw_json_member (item, "values"));
      g_ptr_array_add (round->labels, tw_cli_printable (label != NULL ? label : ""));
      if (!plan)
        {
          g_autoptr(GPtrArray) arms =
            g_ptr_array_new_with_free_func ((GDestroyNotify) tw_sim_arm_free);
          g_autoptr(GError) local_error = NULL;
          g_autofree char *text = summary != NULL && JSON_NODE_HOLDS_OBJECT (summary)
                                  ? json_to_string (summary, FALSE) : NULL;

          if (text == NULL || !tw_sim_from_json (text, strlen (text), arms, &local_error)
              || arms->len != 1)
            {
              tw_json_doc_fail (doc, item, error, _("the cell %u: its “summary” does not read: %s"),
                                (guint) cell, local_error != NULL ? local_error->message
                                                                  : _("one run was expected"));
              return NULL;
            }
          g_ptr_array_add (round->arms, g_ptr_array_steal_index (arms, 0));
        }
    }
  return g_steal_pointer (&round);
}

/* "FILE:LINE:COL: message" as a TW_CLI_ERROR of @code. */
static void
prefix_path (GError     **error,
             const char  *path)
{
  if (error != NULL && *error != NULL)
    g_prefix_error (error, "%s:", path);
}

/* Reads the JSON file @path of the format @format, at most @max bytes. */
static TwJsonDoc *
read_doc (const char  *path,
          const char  *format,
          const char  *what,
          char       **text,
          GError     **error)
{
  g_autoptr(TwJsonDoc) doc = NULL;
  const char *found;
  gsize len = 0;

  if (!tw_file_read_limited (path, TW_SWEEP_RESULTS_MAX_BYTES, what, text, &len, error))
    return NULL;  /* the message names the file */
  doc = tw_json_doc_parse (*text, len, 5, TW_CLI_ERROR, TW_EXIT_INVALID_FILE, error);
  if (doc == NULL)
    {
      prefix_path (error, path);
      return NULL;
    }
  found = tw_json_string (tw_json_member (tw_json_doc_root (doc), "format"));
  if (found == NULL || !g_str_equal (found, format))
    {
      tw_json_doc_fail (doc, tw_json_doc_root (doc), error, _("not %s (no “format”: “%s”)"),
                        what, format);
      prefix_path (error, path);
      return NULL;
    }
  {
    guint64 version = 0;

    if (!tw_json_u64 (tw_json_member (tw_json_doc_root (doc), "version"), 1, 1, &version))
      {
        tw_json_doc_fail (doc, tw_json_doc_root (doc), error,
                          _("only “version”: 1 is known"));
        prefix_path (error, path);
        return NULL;
      }
  }
  return g_steal_pointer (&doc);
}

TwCliRounds *
tw_cli_rounds_read (const char  *state_path,
                    GError     **error)
{
  g_autoptr(TwCliRounds) rounds = g_new0 (TwCliRounds, 1);
  g_autofree char *text = NULL;
  g_autoptr(TwJsonDoc) doc = read_doc (state_path, STATE_FORMAT, _("a search's round state"),
                                       &text, error);
  JsonNode *root, *played;
  guint64 players = 0, shards = 0;
  guint n_cells = TW_SWEEP_MAX_CELLS;

  if (doc == NULL)
    return NULL;
  root = tw_json_doc_root (doc);
  rounds->state_path = g_strdup (state_path);
  rounds->def_path = g_strdup (tw_json_string (tw_json_member (root, "definition")));
  rounds->def_sha256 = g_strdup (tw_json_string (tw_json_member (root, "definition_sha256")));
  rounds->varies = tw_json_strv (tw_json_member (root, "vary"));
  rounds->targets = tw_json_strv (tw_json_member (root, "target"));
  rounds->sets = tw_json_strv (tw_json_member (root, "set"));
  rounds->bots = g_strdup (tw_json_string (tw_json_member (root, "bots")));
  played = tw_json_member (root, "played");
  if (rounds->def_path == NULL || rounds->def_sha256 == NULL || rounds->varies == NULL
      || rounds->varies[0] == NULL || rounds->targets == NULL || rounds->targets[0] == NULL
      || rounds->sets == NULL || rounds->bots == NULL
      || !tw_json_u64 (tw_json_member (root, "players"), 0, TW_MAX_PLAYERS, &players)
      || !tw_json_u64 (tw_json_member (root, "seed"), 0, G_MAXUINT64, &rounds->seed)
      || !tw_json_u64 (tw_json_member (root, "games"), 1, G_MAXINT, &rounds->games)
      || !tw_json_u64 (tw_json_member (root, "start"), 1, rounds->games, &rounds->start)
      || !tw_json_u64 (tw_json_member (root, "shards"), 1, TW_CLI_ROUNDS_MAX_SHARDS, &shards)
      || played == NULL || !JSON_NODE_HOLDS_ARRAY (played))
    {
      tw_json_doc_fail (doc, root, error, _("the state lacks what the search is: “definition”, "
                                            "“definition_sha256”, “vary”, “target”, “set”, "
                                            "“players”, “bots”, “seed”, “games”, “start”, "
                                            "“shards” or “played”"));
      prefix_path (error, state_path);
      return NULL;
    }
  rounds->players = (int) players;
  rounds->shards = (guint) shards;
  rounds->next = read_round (doc, tw_json_member (root, "next"), TRUE, rounds->games, n_cells,
                             error);
  if (rounds->next == NULL)
    {
      prefix_path (error, state_path);
      return NULL;
    }
  rounds->played = g_ptr_array_new_with_free_func ((GDestroyNotify) round_free);
  for (guint r = 0; r < json_array_get_length (json_node_get_array (played)); r++)
    {
      Round *round = read_round (doc, json_array_get_element (json_node_get_array (played), r),
                                 FALSE, rounds->games, n_cells, error);

      if (round == NULL)
        {
          prefix_path (error, state_path);
          return NULL;
        }
      g_ptr_array_add (rounds->played, round);
    }
  return g_steal_pointer (&rounds);
}

/* Reads the results of a round (simulate --round-state, or their merge)
 * of the search @search: NULL with the file's name in @error otherwise. */
static Round *
read_results (const char  *path,
              const char  *search,
              guint64      games,
              GError     **error)
{
  g_autofree char *text = NULL;
  g_autoptr(TwJsonDoc) doc = read_doc (path, ROUND_FORMAT, _("a search round's results"), &text,
                                       error);
  const char *theirs;
  Round *round;

  if (doc == NULL)
    return NULL;
  theirs = tw_json_string (tw_json_member (tw_json_doc_root (doc), "search"));
  if (theirs == NULL || (search != NULL && !g_str_equal (theirs, search)))
    {
      g_set_error (error, TW_CLI_ERROR, TW_EXIT_INVALID_FILE,
                   _("%s: the results of another search (its “search” is not this state's: "
                     "another definition, or other options)"), path);
      return NULL;
    }
  round = read_round (doc, tw_json_doc_root (doc), FALSE, games, TW_SWEEP_MAX_CELLS, error);
  if (round == NULL)
    prefix_path (error, path);
  return round;
}

/* The results files @paths of one round, merged cell by cell. */
static Round *
read_all_results (char       **paths,
                  const char  *search,
                  guint64      games,
                  char       **search_out,
                  GError     **error)
{
  g_autoptr(Round) all = NULL;

  for (guint i = 0; paths[i] != NULL; i++)
    {
      g_autoptr(Round) round = NULL;
      g_autofree char *text = NULL;

      if (search == NULL && i == 0 && search_out != NULL)
        {
          g_autoptr(TwJsonDoc) doc = read_doc (paths[0], ROUND_FORMAT,
                                               _("a search round's results"), &text, error);

          if (doc == NULL)
            return NULL;
          *search_out = g_strdup (tw_json_string (tw_json_member (tw_json_doc_root (doc),
                                                                  "search")));
          search = *search_out;
        }
      round = read_results (paths[i], search, games, error);
      if (round == NULL)
        return NULL;
      if (all == NULL)
        {
          all = g_steal_pointer (&round);
          continue;
        }
      if (round->round != all->round || round->first != all->first || round->last != all->last
          || round->cells->len != all->cells->len
          || memcmp (round->cells->data, all->cells->data, all->cells->len * sizeof (guint)) != 0)
        {
          g_set_error (error, TW_CLI_ERROR, TW_EXIT_INVALID_FILE,
                       _("%s: not a shard of the round of %s (another round, other cells or "
                         "games)"), paths[i], paths[0]);
          return NULL;
        }
      for (guint c = 0; c < all->cells->len; c++)
        if (!tw_sim_arm_merge (g_ptr_array_index (all->arms, c),
                               g_ptr_array_index (round->arms, c), error))
          {
            g_prefix_error (error, _("%s: the cell %s: "), paths[i],
                            (const char *) g_ptr_array_index (all->labels, c));
            (*error)->domain = TW_CLI_ERROR;
            (*error)->code = TW_EXIT_INVALID_FILE;
            return NULL;
          }
    }
  return g_steal_pointer (&all);
}

/* ------------------------------------------------------------------------ */
/* The replay                                                               */

TwSimArm *
tw_cli_rounds_play (const TwSimConfig *sim,
                    guint              cell,
                    gpointer           user_data,
                    GError           **error)
{
  TwCliRounds *rounds = user_data;
  guint number = rounds->ended + 1;
  Round *round = NULL;

  for (guint r = 0; r < rounds->played->len; r++)
    if (((Round *) g_ptr_array_index (rounds->played, r))->round == number)
      round = g_ptr_array_index (rounds->played, r);
  if (round != NULL)
    {
      g_autofree char *label = tw_sweep_cell_label (rounds->sweep, cell);
      g_autoptr(TwSimArm) arm = NULL;
      g_autoptr(GError) local_error = NULL;

      /* played: the cells in the order the search asks for them */
      if (round->used >= round->cells->len
          || g_array_index (round->cells, guint, round->used) != cell
          || round->first != sim->first || round->last != sim->last)
        {
          g_set_error (error, TW_CLI_ERROR, TW_EXIT_INVALID_FILE,
                       _("%s: round %u is not the one the search plays (it asks for the cell %s, "
                         "games %llu to %llu): the state was changed or its results are another "
                         "round's"), rounds->state_path, number, label,
                       (unsigned long long) sim->first, (unsigned long long) sim->last - 1);
          return NULL;
        }
      if (!tw_tune_arm_covers (g_ptr_array_index (round->arms, round->used), sim->first, sim->last))
        {
          g_set_error (error, TW_CLI_ERROR, TW_EXIT_INVALID_FILE,
                       _("%s: round %u, the cell %s: its results are not exactly games %llu to "
                         "%llu (a shard missing or another round's?)"), rounds->state_path,
                       number, label, (unsigned long long) sim->first,
                       (unsigned long long) sim->last - 1);
          return NULL;
        }
      /* the games of this cell's game, bots, seed and total, as a run of it
       * would check them */
      arm = tw_sim_arm_new (sim->game, sim->path, sim->bots, sim->seed, sim->total_games);
      if (!tw_sim_arm_merge (arm, g_ptr_array_index (round->arms, round->used), &local_error))
        {
          g_set_error (error, TW_CLI_ERROR, TW_EXIT_INVALID_FILE,
                       _("%s: round %u, the cell %s: not this search's games: %s"),
                       rounds->state_path, number, label, local_error->message);
          return NULL;
        }
      round->used++;
      return g_steal_pointer (&arm);
    }

  if (rounds->pending == NULL || rounds->pending->round != number)
    {
      g_clear_pointer (&rounds->pending, round_free);
      rounds->pending = round_new (number, sim->first, sim->last);
    }
  g_array_append_val (rounds->pending->cells, cell);
  if (rounds->shard != NULL)
    {
      /* simulate --round-state: this shard's slice of the cell's games */
      TwSimConfig slice = *sim;
      TwSimArm *arm;

      tw_sim_shard_range (sim->last - sim->first, rounds->shard_k, rounds->shard_n, &slice.first,
                          &slice.last);
      slice.first += sim->first;
      slice.last += sim->first;
      slice.stream = TRUE;
      arm = tw_sim_run (&slice, error);
      if (arm == NULL)
        return NULL;
      g_ptr_array_add (rounds->shard->arms, arm);
      g_array_append_val (rounds->shard->cells, cell);
    }
  g_set_error (error, TW_TUNE_ERROR, TW_TUNE_ERROR_PENDING, "round %u", number);
  return NULL;
}

void
tw_cli_rounds_set_sweep (TwCliRounds   *rounds,
                         const TwSweep *sweep)
{
  rounds->sweep = sweep;
}

gboolean
tw_cli_rounds_is_shard (const TwCliRounds *rounds)
{
  return rounds != NULL && rounds->shard != NULL;
}

void
tw_cli_rounds_round_ended (TwCliRounds *rounds)
{
  rounds->ended++;
}

/* Every round played was asked for, whole: FALSE with a message on a
 * state whose rounds are not the search's. */
static gboolean
check_replay (const TwCliRounds  *rounds,
              GError            **error)
{
  for (guint r = 0; r < rounds->played->len; r++)
    {
      const Round *round = g_ptr_array_index (rounds->played, r);

      if (round->used != round->cells->len)
        {
          g_set_error (error, TW_CLI_ERROR, TW_EXIT_INVALID_FILE,
                       _("%s: round %u of the state is not one the search plays (its round "
                         "numbers or cells were changed)"), rounds->state_path, round->round);
          return FALSE;
        }
    }
  return TRUE;
}

gboolean
tw_cli_rounds_check_done (const TwCliRounds  *rounds,
                          GError            **error)
{
  if (!check_replay (rounds, error))
    return FALSE;
  if (rounds->shard != NULL)
    {
      g_set_error (error, TW_CLI_ERROR, TW_EXIT_USAGE,
                   _("%s: the search has ended: no round is left to play"), rounds->state_path);
      return FALSE;
    }
  return TRUE;
}

/* @path as a shell reads it: quoted when it has more than letters, digits
 * and ./_-+,:@% */
static char *
shell_word (const char *path)
{
  for (const char *p = path; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p) && strchr ("./_-+,:@%", *p) == NULL)
      return g_shell_quote (path);
  return g_strdup (path);
}

/* "simulate --round-state STATE --shard K/N --output STATE-roundR-K.json",
 * quoted for the shell */
static char *
shard_file (const TwCliRounds *rounds,
            guint              round,
            guint              k)
{
  g_autofree char *stem = g_str_has_suffix (rounds->state_path, ".json")
                          ? g_strndup (rounds->state_path, strlen (rounds->state_path) - 5)
                          : g_strdup (rounds->state_path);

  g_autofree char *file = k > 0 ? g_strdup_printf ("%s-round%u-%u.json", stem, round, k)
                                : g_strdup_printf ("%s-round%u.json", stem, round);

  return shell_word (file);
}

int
tw_cli_rounds_pending (TwCliRounds   *rounds,
                       const TwSweep *sweep,
                       GString       *out)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *search = search_sha256 (rounds);
  g_autofree char *state = shell_word (rounds->state_path);
  Round *next = rounds->pending;

  if (!check_replay (rounds, &error))
    return tw_cli_report_error (error);
  if (rounds->shard != NULL
      && (rounds->next == NULL || next->round != rounds->next->round
          || next->first != rounds->next->first || next->last != rounds->next->last
          || next->cells->len != rounds->next->cells->len
          || memcmp (next->cells->data, rounds->next->cells->data,
                     next->cells->len * sizeof (guint)) != 0))
    {
      tw_cli_error (_("%s: its next round is not the one the search plays after the rounds it "
                      "holds: the state was changed"), rounds->state_path);
      return TW_EXIT_INVALID_FILE;
    }
  if (rounds->shard != NULL)
    {
      /* the shard's results replace the report */
      g_string_truncate (out, 0);
      g_string_append (out, "{\n  \"format\": \"" ROUND_FORMAT "\",\n  \"version\": 1,\n"
                            "  \"search\": ");
      tw_json_append_string (out, search);
      g_string_append (out, ",\n");
      rounds->shard->round = next->round;
      rounds->shard->first = next->first;
      rounds->shard->last = next->last;
      append_round (out, sweep, rounds->shard, "  ");
      g_string_append (out, "\n}\n");
      return TW_EXIT_OK;
    }
  if (!write_state (rounds, sweep, &error))
    return tw_cli_report_error (error);
  g_string_append_printf (out, "round %u waits: %u cell%s, games %" G_GUINT64_FORMAT " to %"
                          G_GUINT64_FORMAT " each; %s holds the search. Run its shards, merge "
                          "them, then the next step:\n", next->round, next->cells->len,
                          next->cells->len == 1 ? "" : "s", next->first, next->last - 1,
                          rounds->state_path);
  for (guint k = 1; k <= rounds->shards; k++)
    {
      g_autofree char *file = shard_file (rounds, next->round, k);

      g_string_append_printf (out, "  tilewright-cli simulate --round-state %s --shard %u/%u "
                              "--output %s\n", state, k, rounds->shards, file);
    }
  {
    g_autofree char *merged = shard_file (rounds, next->round, 0);

    g_string_append (out, "  tilewright-cli merge");
    for (guint k = 1; k <= rounds->shards; k++)
      {
        g_autofree char *file = shard_file (rounds, next->round, k);

        g_string_append_printf (out, " %s", file);
      }
    g_string_append_printf (out, " > %s\n  tilewright-cli tune --round-state %s "
                            "--round-results %s\n", merged, state, merged);
  }
  return TW_EXIT_OK;
}

/* ------------------------------------------------------------------------ */
/* The commands                                                             */

/* Whether @given (an option of the command line, NULL when not given)
 * is the state's @stored. */
static gboolean
same_strv (char **given,
           char **stored)
{
  return given == NULL
         || g_strv_equal ((const char * const *) given, (const char * const *) stored);
}

int
tw_cli_rounds_run (const TwCliRoundsArgs *args)
{
  g_autoptr(TwCliRounds) rounds = NULL;
  g_autoptr(TwDefinition) def = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *sha256 = NULL;
  int rc = TW_EXIT_OK;

  if (args->results == NULL && args->shard_n == 0)
    {
      /* the first step: the search as the command line gives it */
      rounds = g_new0 (TwCliRounds, 1);
      rounds->state_path = g_strdup (args->state);
      rounds->def_path = g_strdup (args->path);
      rounds->varies = g_strdupv (args->varies);
      rounds->targets = g_strdupv (args->targets);
      rounds->sets = args->sets != NULL ? g_strdupv (args->sets) : g_new0 (char *, 1);
      rounds->players = args->players;
      rounds->bots = g_strdup (args->bots);
      rounds->seed = args->seed;
      rounds->games = args->games;
      rounds->start = args->start;
      rounds->shards = args->shards;
      rounds->played = g_ptr_array_new_with_free_func ((GDestroyNotify) round_free);
    }
  else
    {
      rounds = tw_cli_rounds_read (args->state, &error);
      if (rounds == NULL)
        return tw_cli_report_error (error);
      /* the options given again must be the state's */
      if (!same_strv (args->varies, rounds->varies) || !same_strv (args->targets, rounds->targets)
          || !same_strv (args->sets, rounds->sets)
          || (args->players != 0 && args->players != rounds->players)
          || (args->bots != NULL && g_strcmp0 (args->bots, rounds->bots) != 0)
          || (args->seed_given && args->seed != rounds->seed)
          || (args->games != 0 && args->games != rounds->games)
          || (args->start != 0 && args->start != rounds->start))
        {
          tw_cli_error (_("%s: the search of this state has other options (--vary, --target, "
                          "--set, --players, --bots, --seed, --games or --start): give them "
                          "as they were, or not at all"), args->state);
          return TW_EXIT_USAGE;
        }
      if (args->shards != 0)
        rounds->shards = args->shards;
    }
  if (args->path != NULL && args->results != NULL && !g_str_equal (args->path, rounds->def_path))
    {
      tw_cli_error (_("%s: this state searches %s, not %s"), args->state, rounds->def_path,
                    args->path);
      return TW_EXIT_USAGE;
    }
  def = tw_cli_load_definition (rounds->def_path, &rc);
  if (def == NULL)
    return rc;
  sha256 = g_compute_checksum_for_string (G_CHECKSUM_SHA256, def->text, -1);
  if (rounds->def_sha256 == NULL)
    rounds->def_sha256 = g_strdup (sha256);
  else if (!g_str_equal (sha256, rounds->def_sha256))
    {
      tw_cli_error (_("%s: the definition %s is not the one this search began with (its "
                      "text's SHA-256 differs): begin a new search"), args->state,
                    rounds->def_path);
      return TW_EXIT_INVALID_FILE;
    }
  if (args->results != NULL)
    {
      g_autofree char *search = search_sha256 (rounds);
      g_autoptr(Round) results = read_all_results (args->results, search, rounds->games, NULL,
                                                   &error);
      const Round *plan = rounds->next;

      if (results == NULL)
        return tw_cli_report_error (error);
      if (results->round != plan->round)
        {
          tw_cli_error (_("%s: the results of round %u; %s waits for round %u's"),
                        args->results[0], results->round, args->state, plan->round);
          return TW_EXIT_INVALID_FILE;
        }
      if (results->first != plan->first || results->last != plan->last
          || results->cells->len != plan->cells->len
          || memcmp (results->cells->data, plan->cells->data,
                     plan->cells->len * sizeof (guint)) != 0)
        {
          tw_cli_error (_("%s: its cells or games are not those round %u plays"),
                        args->results[0], plan->round);
          return TW_EXIT_INVALID_FILE;
        }
      g_ptr_array_add (rounds->played, g_steal_pointer (&results));
    }
  if (args->shard_n > 0)
    {
      rounds->shard = round_new (0, 0, 0);
      rounds->shard_k = args->shard_k;
      rounds->shard_n = args->shard_n;
    }
  {
    TwCliSweepArgs sweep = {
      .path = rounds->def_path, .def = def, .sweeps = rounds->varies,
      .sets = rounds->sets[0] != NULL ? rounds->sets : NULL, .players = rounds->players,
      .bots = rounds->bots, .seed = rounds->seed, .games = rounds->games,
      .jobs = args->jobs, .format = TW_CLI_FORMAT_TEXT, .output = args->output,
      .targets = rounds->targets, .start = rounds->start, .write = args->write,
      .sweep_option = args->sweep_option, .rounds = rounds,
    };

    rc = tw_cli_sweep_run (&sweep);
  }
  return rc;
}

/* ------------------------------------------------------------------------ */
/* merge                                                                    */

gboolean
tw_cli_rounds_results_file (const char *path)
{
  return tw_cli_file_head_has (path, "\"" ROUND_FORMAT "\"");
}

int
tw_cli_rounds_merge (char **paths)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *search = NULL;
  g_autoptr(Round) all = read_all_results (paths, NULL, G_MAXINT, &search, &error);
  g_autoptr(GString) out = NULL;
  g_autoptr(TwSweep) labels = NULL;

  if (all == NULL)
    return tw_cli_report_error (error);
  out = g_string_new ("{\n  \"format\": \"" ROUND_FORMAT "\",\n  \"version\": 1,\n  \"search\": ");
  tw_json_append_string (out, search);
  g_string_append (out, ",\n");
  for (guint c = 0; c < all->cells->len; c++)
    {
      const TwSimArm *arm = g_ptr_array_index (all->arms, c);

      if (tw_sim_arm_n_games (arm) < all->last - all->first)
        {
          unsigned long long total = all->last - all->first;

          tw_cli_error (g_dngettext (GETTEXT_PACKAGE,
                                     "warning: %u of the round's %llu game in the cell %s "
                                     "(a shard is missing?)",
                                     "warning: %u of the round's %llu games in the cell %s "
                                     "(a shard is missing?)",
                                     total),
                        (guint) tw_sim_arm_n_games (arm), total,
                        (const char *) g_ptr_array_index (all->labels, c));
        }
    }
  append_round (out, NULL, all, "  ");
  g_string_append (out, "\n}\n");
  if (!tw_cli_write_output (out, NULL, &error))
    return tw_cli_report_error (error);
  return TW_EXIT_OK;
}
