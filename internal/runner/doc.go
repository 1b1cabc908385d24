// Package runner provides the runners the generator's stages run sequences
// on, each wrapping the executor pool (or another wrapper) and passing
// batches through as executor.FullRunner:
//
//   - Steady hides the probes two runs of one sequence may disagree on
//     (unsteady code, values a nondeterministic call made), so that timing
//     steers no choice of the search, the minimizer or the judge; its
//     ClockWatch learns, during the search, which of them the clock does
//     not in fact steer (clockwatch.go), and which nondeterministic
//     operations give the same results on every run (opwatch.go).
//   - Observer counts what the search ran: executions and coverage for
//     the progress line, and what -explain needs (conditions, closest
//     distances and operands, calls per operation).
//   - Trace writes every sequence and its result to a file, for finding
//     where two runs of a seed stopped agreeing (GENTEST_TRACE, opened by
//     internal/diag).
//
// The generator stacks them as trace(steady(observer(pool))) for the
// search and trace(steady(pool)) after it: the observer sees every probe,
// the stages only the steady ones.
package runner
