/* tw-expr-eval.c: the expression language's evaluator
 *
 * Runs a program tw-expr.c compiled: a stack machine whose whole state is
 * two fixed arrays on the C stack; the compiler has checked the stack depth
 * and the slots of every instruction, so nothing is checked here.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "tw-expr-private.h"

/* ------------------------------------------------------------------------ */
/* The evaluator                                                            */

/* Two's complement arithmetic without undefined behaviour. */
static inline gint64
wrap (guint64 v)
{
  return (gint64) v;
}

gint64
tw_expr_eval (const TwExprProgram *program,
              gconstpointer        env)
{
  gint64 stack[TW_EXPR_MAX_STACK];
  gint64 slot[TW_EXPR_MAX_SLOTS];
  const TwExprVocabulary *vocab = program->vocabulary;
  const Instr *code = program->code;
  guint sp = 0, pc = 0;

  for (;;)
    {
      const Instr *in = &code[pc++];
      gint64 a, b;

      switch ((InstrCode) in->code)
        {
        case I_END:
          return sp > 0 ? stack[sp - 1] : 0;
        case I_PUSH:
          stack[sp++] = in->imm;
          break;
        case I_LOAD:
          stack[sp++] = slot[in->a];
          break;
        case I_STORE:
          slot[in->a] = stack[--sp];
          break;
        case I_SET:
          slot[in->a] = in->imm;
          break;
        case I_QUERY:
          stack[sp++] = vocab->value (env, in->b, in->imm);
          break;
        case I_FIELD:
          stack[sp - 1] = vocab->field (env, in->a, in->b, stack[sp - 1]);
          break;
        case I_NEG:
          stack[sp - 1] = wrap (0 - (guint64) stack[sp - 1]);
          break;
        case I_NOT:
          stack[sp - 1] = !stack[sp - 1];
          break;

#define BINARY(expr) \
          b = stack[--sp]; \
          a = stack[sp - 1]; \
          stack[sp - 1] = (expr); \
          break

        case I_ADD: BINARY (wrap ((guint64) a + (guint64) b));
        case I_SUB: BINARY (wrap ((guint64) a - (guint64) b));
        case I_MUL: BINARY (wrap ((guint64) a * (guint64) b));
        /* by zero: 0; by -1: the negation, which wraps for the smallest number */
        case I_DIV: BINARY (b == 0 ? 0 : b == -1 ? wrap (0 - (guint64) a) : a / b);
        case I_MOD: BINARY (b == 0 || b == -1 ? 0 : a % b);
        case I_EQ:  BINARY (a == b);
        case I_NE:  BINARY (a != b);
        case I_LT:  BINARY (a < b);
        case I_LE:  BINARY (a <= b);
        case I_GT:  BINARY (a > b);
        case I_GE:  BINARY (a >= b);
        case I_MAX2: BINARY (MAX (a, b));
        case I_MIN2: BINARY (MIN (a, b));
#undef BINARY

        case I_JUMP:
          pc = (guint) in->imm;
          break;
        case I_JUMP_IF_FALSE:
          if (stack[--sp] == 0)
            pc = (guint) in->imm;
          break;
        case I_JUMP_IF_TRUE:
          if (stack[--sp] != 0)
            pc = (guint) in->imm;
          break;
        case I_AND:
          if (stack[sp - 1] == 0)
            pc = (guint) in->imm;
          else
            sp--;
          break;
        case I_OR:
          if (stack[sp - 1] != 0)
            pc = (guint) in->imm;
          else
            sp--;
          break;
        case I_ITER:
          slot[in->a] = 0;
          slot[in->a + 1] = in->imm;
          break;
        case I_NEXT:
          if (in->b == COLORS_QUERY)
            {
              if (slot[in->a] < (gint64) program->n_colors)
                slot[in->a + 2] = slot[in->a]++;
              else
                pc = (guint) in->imm;
            }
          else if (!vocab->next (env, in->b, slot[in->a + 1], &slot[in->a], &slot[in->a + 2]))
            pc = (guint) in->imm;
          break;
        case I_INC:
          slot[in->a]++;
          break;
        case I_ADD_TO:
          slot[in->a] = wrap ((guint64) slot[in->a] + (guint64) stack[--sp]);
          break;
        case I_MAX_TO:
        case I_MIN_TO:
          a = stack[--sp];
          if (!slot[in->a + 1] || (in->code == I_MAX_TO ? a > slot[in->a] : a < slot[in->a]))
            slot[in->a] = a;
          slot[in->a + 1] = 1;
          break;
        case I_SET_COUNT:
          {
            const guint n_atoms = in->a & SET_ATOMS;
            const Instr *atom = in + 1;
            const guint record = (vocab->queries[in->b].type & ~TW_EXPR_LIST) - TW_EXPR_RECORD0;
            gint64 cursor = 0, base, total = 0;
            guint64 bits;
            guint n_values = 0;

            for (guint k = 0; k < n_atoms; k++)
              n_values += (atom[k].a & ATOM_STACK) != 0;
            sp -= n_values;
            while (vocab->next_set (env, in->b, in->imm, &cursor, &base, &bits))
              {
                const gint64 *value = &stack[sp];
                for (guint k = 0; k < n_atoms; k++)
                  {
                    gint64 v = (atom[k].a & ATOM_STACK) ? *value++ : atom[k].imm;
                    guint64 m;
                    if (bits == 0)
                      break;
                    m = vocab->field_set (env, record, atom[k].b, base, bits, v);
                    bits &= (atom[k].a & ATOM_NE) ? ~m : m;
                  }
                total += __builtin_popcountll (bits);
                if ((in->a & SET_ANY) && total > 0)
                  break;
              }
            stack[sp++] = (in->a & SET_ANY) ? total > 0 : total;
            pc += n_atoms;
          }
          break;
        default:
          g_assert_not_reached ();
        }
    }
}
