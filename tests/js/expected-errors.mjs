// Plain ES (it runs in every runtime of the route check): the suites that provoke many expected
// errors run them without stack traces.

/**
 * Runs `body` with `Error.stackTraceLimit` at 0, then puts the limit back: an error made meanwhile
 * has its `name`, `message`, `code` and positions, but no stack. For loops that provoke thousands
 * of errors on purpose (strict decodes of ill-formed input, the platform's and ours): in V8 the
 * stack is most of what an error costs (a `TypeError` 5.2 µs with one, 1.0 without, Node 20.20;
 * differential.test.mjs 11.0 → 6.1 s, short.test.mjs 14.4 → 10.8 s, 1 Dec 2026). A failing check
 * inside still names its case in its message. Engines without `stackTraceLimit` ignore it.
 */
export function withoutStacks(body) {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return body();
  } finally {
    Error.stackTraceLimit = limit;
  }
}
