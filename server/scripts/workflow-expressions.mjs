/**
 * GitHub Actions expressions (`${{ … }}`, `if:`), evaluated as the runner does, for the CI
 * rehearsal (npm run ci:rehearse) and the tests that read the workflows. The subset covers what
 * workflows write: literals, context properties (`a.b`, `a['b']`, names with dashes), `!`,
 * `==`, `!=`, `<`, `<=`, `>`, `>=`, `&&`, `||` (which return an operand, as in JavaScript),
 * parentheses, and the functions success(), failure(), always(), cancelled(), contains(),
 * startsWith(), endsWith(), format(), join(), toJSON() and fromJSON(); hashFiles() where the
 * caller's context supplies the files (`context.hashFiles`, the rehearsal's workspace). Anything
 * else throws, naming it: an expression is never guessed at.
 */

/** A syntax or evaluation error in a workflow expression. */
export class ExpressionError extends Error {
  name = 'ExpressionError';
}

const TOKEN =
  /\s*(?:(?<number>-?\d+(?:\.\d+)?(?:e[+-]?\d+)?|0x[0-9a-f]+)|'(?<string>(?:[^']|'')*)'|(?<word>[A-Za-z_][\w-]*)|(?<op>==|!=|<=|>=|&&|\|\||[!<>().,[\]*]))/iy;

function tokenize(source) {
  const tokens = [];
  TOKEN.lastIndex = 0;
  let at = 0;
  while (at < source.length) {
    if (/^\s*$/.test(source.slice(at))) break;
    TOKEN.lastIndex = at;
    const match = TOKEN.exec(source);
    if (!match?.groups)
      throw new ExpressionError(`cannot read "${source.slice(at)}" in: ${source}`);
    const { number, string, word, op } = match.groups;
    if (number !== undefined) tokens.push({ kind: 'value', value: Number(number) });
    else if (string !== undefined)
      tokens.push({ kind: 'value', value: string.replaceAll("''", "'") });
    else if (word !== undefined) {
      if (word === 'true' || word === 'false')
        tokens.push({ kind: 'value', value: word === 'true' });
      else if (word === 'null') tokens.push({ kind: 'value', value: null });
      else tokens.push({ kind: 'word', value: word });
    } else tokens.push({ kind: 'op', value: op });
    at = TOKEN.lastIndex;
  }
  return tokens;
}

/** GitHub's coercion to a number (for comparisons between different types). */
function toNumber(value) {
  if (value === null) return 0;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number') return value;
  if (typeof value === 'string') {
    if (value.trim() === '') return 0;
    const n = Number(value);
    return Number.isNaN(n) ? NaN : n;
  }
  return NaN;
}

/** GitHub's truthiness: false, 0, -0, '', null and NaN are falsy; objects and arrays truthy. */
export function isTruthy(value) {
  if (value === null || value === undefined) return false;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0 && !Number.isNaN(value);
  if (typeof value === 'string') return value !== '';
  return true;
}

function compare(op, left, right) {
  if (typeof left === 'string' && typeof right === 'string') {
    const a = left.toLowerCase();
    const b = right.toLowerCase();
    if (op === '==') return a === b;
    if (op === '!=') return a !== b;
    return op === '<' ? a < b : op === '<=' ? a <= b : op === '>' ? a > b : a >= b;
  }
  if (typeof left === 'object' && left !== null)
    return op === '!=' ? left !== right : left === right;
  const a = toNumber(left);
  const b = toNumber(right);
  switch (op) {
    case '==':
      return typeof left === typeof right ? left === right : a === b;
    case '!=':
      return typeof left === typeof right ? left !== right : a !== b;
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    default:
      return a >= b;
  }
}

/** A value as GitHub writes it into a string (`${{ }}` in text, format(), join()). */
export function asText(value) {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  return JSON.stringify(value, null, 2);
}

const STATUS_FUNCTIONS = ['success', 'failure', 'always', 'cancelled'];

function callFunction(name, args, context) {
  const status = context.status ?? 'success';
  const lower = name.toLowerCase();
  const text = (i) => asText(args[i]).toLowerCase();
  switch (lower) {
    case 'success':
      return status === 'success';
    case 'failure':
      return status === 'failure';
    case 'always':
      return true;
    case 'cancelled':
      return status === 'cancelled';
    case 'contains':
      return Array.isArray(args[0])
        ? args[0].some((item) => compare('==', item, args[1]))
        : text(0).includes(text(1));
    case 'startswith':
      return text(0).startsWith(text(1));
    case 'endswith':
      return text(0).endsWith(text(1));
    case 'format':
      return asText(args[0]).replace(/\{(\d+)\}/g, (_, i) => asText(args[Number(i) + 1]));
    case 'join':
      return Array.isArray(args[0])
        ? args[0].map(asText).join(args.length > 1 ? asText(args[1]) : ',')
        : asText(args[0]);
    case 'tojson':
      return JSON.stringify(args[0], null, 2);
    case 'fromjson':
      try {
        return JSON.parse(asText(args[0]));
      } catch {
        throw new ExpressionError(`fromJSON cannot read ${asText(args[0])}`);
      }
    case 'hashfiles':
      if (typeof context.hashFiles === 'function') return context.hashFiles(args.map(asText));
      throw new ExpressionError(`the function ${name}() is not supported here`);
    default:
      throw new ExpressionError(`the function ${name}() is not supported here`);
  }
}

/**
 * Evaluates one expression (without `${{ }}`) against `context`: an object of contexts
 * (github, env, matrix, steps, runner, needs, inputs, vars, secrets, job) plus `status`
 * ('success', 'failure' or 'cancelled') for the status functions. A context the object lacks is
 * an error; a missing property of a present context is null, as on GitHub.
 */
export function evaluate(expression, context) {
  if (typeof expression !== 'string')
    throw new ExpressionError(`an expression must be text, got ${JSON.stringify(expression)}`);
  const tokens = tokenize(expression);
  let at = 0;
  const peek = () => tokens[at];
  const isOp = (value) => peek()?.kind === 'op' && peek()?.value === value;
  const expect = (value) => {
    if (!isOp(value)) throw new ExpressionError(`expected "${value}" in: ${expression}`);
    at++;
  };

  function primary() {
    if (isOp('!')) {
      at++;
      return !isTruthy(primary());
    }
    let value = atom();
    for (;;) {
      if (isOp('.')) {
        at++;
        const name = tokens[at++];
        if (name?.kind !== 'word' && !(name?.kind === 'op' && name.value === '*'))
          throw new ExpressionError(`expected a property name in: ${expression}`);
        value = property(value, name.value);
      } else if (isOp('[')) {
        at++;
        const key = or();
        expect(']');
        value = property(value, asText(key));
      } else return value;
    }
  }
  function atom() {
    const token = tokens[at++];
    if (!token) throw new ExpressionError(`unexpected end of: ${expression}`);
    if (token.kind === 'value') return token.value;
    if (token.kind === 'op' && token.value === '(') {
      const value = or();
      expect(')');
      return value;
    }
    if (token.kind !== 'word')
      throw new ExpressionError(`unexpected "${token.value}" in: ${expression}`);
    if (isOp('(')) {
      at++;
      const args = [];
      if (!isOp(')')) {
        args.push(or());
        while (isOp(',')) {
          at++;
          args.push(or());
        }
      }
      expect(')');
      return callFunction(token.value, args, context);
    }
    if (!Object.hasOwn(context, token.value))
      throw new ExpressionError(`unknown context "${token.value}" in: ${expression}`);
    return context[token.value];
  }
  function property(value, name) {
    if (name === '*')
      throw new ExpressionError(`object filters (.*) are not supported: ${expression}`);
    if (value === null || typeof value !== 'object') return null;
    const key = Object.keys(value).find((k) => k.toLowerCase() === name.toLowerCase());
    return key === undefined ? null : value[key];
  }
  function comparison() {
    let left = primary();
    while (peek()?.kind === 'op' && ['==', '!=', '<', '<=', '>', '>='].includes(peek().value)) {
      const op = tokens[at++].value;
      left = compare(op, left, primary());
    }
    return left;
  }
  function and() {
    let left = comparison();
    while (isOp('&&')) {
      at++;
      const right = comparison();
      left = isTruthy(left) ? right : left;
    }
    return left;
  }
  function or() {
    let left = and();
    while (isOp('||')) {
      at++;
      const right = and();
      left = isTruthy(left) ? left : right;
    }
    return left;
  }

  if (tokens.length === 0) throw new ExpressionError('an empty expression');
  const value = or();
  if (at !== tokens.length)
    throw new ExpressionError(`unexpected "${tokens[at].value}" in: ${expression}`);
  return value;
}

/** Every `${{ … }}` in `text` replaced by its value, as the runner does before running a step. */
export function interpolate(text, context) {
  if (typeof text !== 'string') return text;
  return text.replace(/\$\{\{([\s\S]*?)\}\}/g, (_, expression) =>
    asText(evaluate(expression, context)),
  );
}

/**
 * Whether a step or job with this `if:` runs: GitHub's rule that a condition with no status
 * function means `success() && (condition)`, and that `${{ }}` around it is optional.
 */
export function shouldRun(condition, context) {
  if (condition === undefined || condition === null || condition === '')
    return (context.status ?? 'success') === 'success';
  if (typeof condition === 'boolean')
    return condition && (context.status ?? 'success') === 'success';
  if (typeof condition !== 'string')
    throw new ExpressionError(`an if: must be text, got ${JSON.stringify(condition)}`);
  const trimmed = condition.trim();
  const whole = /^\$\{\{([\s\S]*)\}\}$/.exec(trimmed);
  const expression = whole && !whole[1].includes('${{') ? whole[1] : trimmed;
  const usesStatus = new RegExp(`\\b(${STATUS_FUNCTIONS.join('|')})\\s*\\(`, 'i').test(expression);
  const value = isTruthy(evaluate(expression, context));
  return usesStatus ? value : value && (context.status ?? 'success') === 'success';
}
