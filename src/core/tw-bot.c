/* tw-bot.c: the bot table, specs and presets; the random, policy and greedy
 * players (the tree search is in tw-search.c)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "tw-bot.h"

G_DEFINE_QUARK (tw-bot-error-quark, tw_bot_error)

/* The random bot: a uniform legal move, listed into @moves (cleared first). */
static gboolean
choose_random (TwBot           *bot,
               const TwBotSpec *spec,
               const TwGame    *game,
               const TwState   *state,
               TwRng           *rng,
               const gint      *cancel,
               TwMoveList      *moves,
               TwMove          *out)
{
  tw_move_list_clear (moves);
  game->rules->legal_moves (game, state, moves);
  if (moves->len == 0)
    return FALSE;
  *out = moves->moves[tw_rng_below (rng, moves->len)];
  return TRUE;
}

/* What the seat to act sees: a copy of @state whose hidden information
 * (deck order, other hands) was resampled, and its legal moves in @moves.
 * observe() keeps the seat's own hand, so these moves are legal in @state. */
static TwState *
observed_moves (const TwGame  *game,
                const TwState *state,
                TwRng         *rng,
                TwMoveList    *moves)
{
  const TwRules *rules = game->rules;
  TwState *obs = tw_state_copy (game, state);

  rules->observe (game, obs, (guint) rules->to_act (game, state), rng);
  tw_move_list_clear (moves);
  rules->legal_moves (game, obs, moves);
  return obs;
}

/* The policy bot: the move the module's playout policy picks (uniform when
 * the module has none) on what the seat sees: what the search's simulated
 * players play, and a beginner's opponent. */
static gboolean
choose_policy (TwBot           *bot,
               const TwBotSpec *spec,
               const TwGame    *game,
               const TwState   *state,
               TwRng           *rng,
               const gint      *cancel,
               TwMoveList      *moves,
               TwMove          *out)
{
  const TwRules *rules = game->rules;
  g_autofree TwState *obs = NULL;

  if (rules->playout_pick == NULL)
    return choose_random (bot, spec, game, state, rng, cancel, moves, out);
  obs = observed_moves (game, state, rng, moves);
  if (moves->len == 0)
    return FALSE;
  *out = moves->moves[rules->playout_pick (game, obs, moves, rng)];
  return TRUE;
}

/* The greedy bot: one ply, the module's heuristic from the mover's view on
 * what the seat sees; ties broken at random. */
static gboolean
choose_greedy (TwBot           *bot,
               const TwBotSpec *spec,
               const TwGame    *game,
               const TwState   *state,
               TwRng           *rng,
               const gint      *cancel,
               TwMoveList      *moves,
               TwMove          *out)
{
  const TwRules *rules = game->rules;
  int player = rules->to_act (game, state);
  g_autofree TwState *obs = observed_moves (game, state, rng, moves);
  g_autofree TwState *tmp = g_malloc (game->state_size);
  double best = -G_MAXDOUBLE;
  guint n_best = 0;

  for (guint i = 0; i < moves->len; i++)
    {
      tw_state_copy_into (game, tmp, obs);
      if (!rules->apply (game, tmp, &moves->moves[i], NULL))
        continue;
      double v = rules->heuristic (game, tmp, player);
      if (v > best + 1e-9)
        {
          best = v;
          n_best = 1;
          *out = moves->moves[i];
        }
      else if (v > best - 1e-9 && tw_rng_below (rng, ++n_best) == 0)
        *out = moves->moves[i];
    }
  return n_best > 0;
}

static const TwBotClass class_random = {
  .name = "random",
  .label = N_("Random"),
  .description = N_("Plays a legal move chosen uniformly at random"),
  .main_option = -1,
  .choose = choose_random,
  .lists_moves = TRUE,
};

static const TwBotClass class_policy = {
  .name = "policy",
  .label = N_("Playout policy"),
  .description = N_("Plays the move the game's quick playout rules prefer, with chance: "
                     "what the tree search imagines its opponents play"),
  .main_option = -1,
  .choose = choose_policy,
  .lists_moves = TRUE,
};

static const TwBotClass class_greedy = {
  .name = "greedy",
  .label = N_("Greedy"),
  .description = N_("Looks one move ahead and plays the one the game's evaluation likes best"),
  .main_option = -1,
  .choose = choose_greedy,
  .lists_moves = TRUE,
};

static const TwBotClass * const classes[] = {
  &class_random, &class_policy, &class_greedy, &tw_bot_class_mcts,
};

/* The presets, per game the same settings: each game's module brings its own
 * evaluation and playout policy, so one setting scales to every game. The
 * strengths are measured in doc/bots.md. */
static const TwBotPreset presets[] = {
  { "beginner", N_("Beginner"),
    N_("Plays by quick rules of thumb, with chance; thinks for no time"), "policy" },
  { "casual", N_("Casual"),
    N_("Looks one move ahead; thinks for a blink"), "greedy" },
  { "strong", N_("Strong"),
    N_("Searches the game tree for a tenth of a second of CPU per move"), "mcts:ms=100" },
};

const TwBotClass * const *
tw_bot_classes (guint *n_out)
{
  if (n_out != NULL)
    *n_out = G_N_ELEMENTS (classes);
  return classes;
}

const TwBotClass *
tw_bot_class_lookup (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (classes); i++)
    if (g_strcmp0 (classes[i]->name, name) == 0)
      return classes[i];
  return NULL;
}

const TwBotPreset *
tw_bot_presets (guint *n_out)
{
  if (n_out != NULL)
    *n_out = G_N_ELEMENTS (presets);
  return presets;
}

const char * const *
tw_bot_names (void)
{
  static const char *names[G_N_ELEMENTS (classes) + G_N_ELEMENTS (presets) + 1];
  static gsize done;

  if (g_once_init_enter (&done))
    {
      guint n = 0;

      for (guint i = 0; i < G_N_ELEMENTS (classes); i++)
        names[n++] = classes[i]->name;
      for (guint i = 0; i < G_N_ELEMENTS (presets); i++)
        names[n++] = presets[i].name;
      names[n] = NULL;
      g_once_init_leave (&done, 1);
    }
  return names;
}

void
tw_bot_spec_init (TwBotSpec        *spec,
                  const TwBotClass *klass)
{
  g_return_if_fail (spec != NULL && klass != NULL);

  memset (spec, 0, sizeof *spec);
  spec->klass = klass;
  for (guint i = 0; i < klass->n_options; i++)
    spec->value[i] = klass->options[i].default_value;
}

static char *
names_list (void)
{
  return g_strjoinv (", ", (char **) tw_bot_names ());
}

static char *
settings_list (const TwBotClass *klass)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < klass->n_options; i++)
    {
      const TwBotOptionSpec *o = &klass->options[i];

      g_string_append_printf (s, "%s%s=%g..%g", i ? ", " : "", o->key, o->min, o->max);
    }
  return g_string_free (s, FALSE);
}

/**
 * tw_bot_spec_parse:
 * @text: a class or preset name, then optionally ":" and comma-separated
 *   key=value settings of the class ("mcts:ms=50,threads=2")
 * @spec: (out): the parsed spec
 * @error: return location for a #GError naming what is wrong
 */
gboolean
tw_bot_spec_parse (const char  *text,
                   TwBotSpec   *spec,
                   GError     **error)
{
  g_auto(GStrv) head = g_strsplit (text, ":", 2);
  const TwBotClass *klass = tw_bot_class_lookup (head[0]);

  memset (spec, 0, sizeof *spec);
  if (klass == NULL && head[0] != NULL)
    for (guint i = 0; i < G_N_ELEMENTS (presets); i++)
      if (g_str_equal (head[0], presets[i].name))
        {
          if (head[1] != NULL)
            {
              g_set_error (error, TW_BOT_ERROR, 0,
                           _("the preset '%s' has no settings (it is '%s')"),
                           head[0], presets[i].spec);
              return FALSE;
            }
          if (!tw_bot_spec_parse (presets[i].spec, spec, error))
            g_return_val_if_reached (FALSE);
          spec->preset = &presets[i];
          return TRUE;
        }
  if (klass == NULL)
    {
      g_autofree char *list = names_list ();

      g_set_error (error, TW_BOT_ERROR, 0, _("unknown bot '%s' (known: %s)"),
                   head[0] ? head[0] : "", list);
      return FALSE;
    }
  tw_bot_spec_init (spec, klass);
  if (head[1] == NULL || *head[1] == '\0')
    return TRUE;

  g_auto(GStrv) settings = g_strsplit (head[1], ",", -1);
  for (guint i = 0; settings[i]; i++)
    {
      g_auto(GStrv) kv = g_strsplit (settings[i], "=", 2);
      /* an empty setting ("mcts:iterations=5,") splits into no strings at all */
      const char *key = kv[0] != NULL ? kv[0] : "";
      const char *value = kv[0] != NULL ? kv[1] : NULL;
      char *end = NULL;
      double v = value ? g_ascii_strtod (value, &end) : 0;
      gboolean number = value && *value && end && *end == '\0' && isfinite (v);
      guint o;

      if (klass->n_options == 0)
        {
          g_set_error (error, TW_BOT_ERROR, 0, _("bot '%s' has no settings"), head[0]);
          return FALSE;
        }
      for (o = 0; o < klass->n_options; o++)
        if (g_str_equal (key, klass->options[o].key))
          break;
      if (o == klass->n_options || !number
          || v < klass->options[o].min || v > klass->options[o].max
          || (klass->options[o].integer && v != floor (v)))
        {
          g_autofree char *list = settings_list (klass);

          g_set_error (error, TW_BOT_ERROR, 0, _("bad %s setting '%s' (%s)"),
                       klass->name, settings[i], list);
          return FALSE;
        }
      spec->value[o] = v;
    }
  return TRUE;
}

char *
tw_bot_spec_to_string (const TwBotSpec *spec)
{
  const TwBotClass *klass = spec->klass;
  GString *s;
  gboolean first = TRUE;

  if (spec->preset != NULL)
    return g_strdup (spec->preset->name);
  s = g_string_new (klass->name);
  for (guint i = 0; i < klass->n_options; i++)
    if (spec->value[i] != klass->options[i].default_value)
      {
        char buf[G_ASCII_DTOSTR_BUF_SIZE];

        g_ascii_formatd (buf, sizeof buf, "%g", spec->value[i]);
        g_string_append_printf (s, "%s%s=%s", first ? ":" : ",", klass->options[i].key, buf);
        first = FALSE;
      }
  return g_string_free (s, FALSE);
}

double
tw_bot_spec_get (const TwBotSpec *spec,
                 const char      *key,
                 double           fallback)
{
  for (guint i = 0; i < spec->klass->n_options; i++)
    if (g_str_equal (spec->klass->options[i].key, key))
      return spec->value[i];
  return fallback;
}

gboolean
tw_bot_spec_set (TwBotSpec  *spec,
                 const char *key,
                 double      value)
{
  for (guint i = 0; i < spec->klass->n_options; i++)
    {
      const TwBotOptionSpec *o = &spec->klass->options[i];

      if (g_str_equal (o->key, key))
        {
          if (!(value >= o->min && value <= o->max) || (o->integer && value != floor (value)))
            return FALSE;
          spec->value[i] = value;
          return TRUE;
        }
    }
  return FALSE;
}

gboolean
tw_bot_spec_equal (const TwBotSpec *a,
                   const TwBotSpec *b)
{
  if (a->klass != b->klass || a->preset != b->preset)
    return FALSE;
  for (guint i = 0; i < a->klass->n_options; i++)
    if (a->value[i] != b->value[i])
      return FALSE;
  return TRUE;
}

/**
 * tw_bot_choose:
 *
 * Chooses a move for the seat to act. Deterministic for a given spec, state
 * and generator state (with no time limit).
 */
gboolean
tw_bot_choose (const TwBotSpec *spec,
               const TwGame    *game,
               const TwState   *state,
               TwRng           *rng,
               const gint      *cancel,
               TwMove          *out)
{
  TwBot bot;
  gboolean ok;

  g_return_val_if_fail (spec != NULL && spec->klass != NULL && game != NULL && state != NULL, FALSE);

  tw_bot_init (&bot, spec);
  ok = tw_bot_play (&bot, game, state, rng, cancel, out);
  tw_bot_clear (&bot);
  return ok;
}

/**
 * tw_bot_init:
 * @bot: (out caller-allocates): the bot
 * @spec: what it plays
 */
void
tw_bot_init (TwBot           *bot,
             const TwBotSpec *spec)
{
  g_return_if_fail (bot != NULL && spec != NULL && spec->klass != NULL);

  bot->spec = *spec;
  bot->memory = NULL;
  tw_move_list_init (&bot->moves);
}

void
tw_bot_clear (TwBot *bot)
{
  g_return_if_fail (bot != NULL);

  tw_move_list_free (&bot->moves);
  if (bot->memory != NULL && bot->spec.klass->free_memory != NULL)
    bot->spec.klass->free_memory (bot->memory);
  bot->memory = NULL;
}

/**
 * tw_bot_play:
 *
 * tw_bot_choose() with @bot's spec, reusing @bot's buffers and memory.
 */
gboolean
tw_bot_play (TwBot         *bot,
             const TwGame  *game,
             const TwState *state,
             TwRng         *rng,
             const gint    *cancel,
             TwMove        *out)
{
  g_return_val_if_fail (bot != NULL && game != NULL && state != NULL, FALSE);

  if (game->rules->to_act (game, state) < 0)
    return FALSE;
  return bot->spec.klass->choose (bot, &bot->spec, game, state, rng, cancel, &bot->moves, out);
}
