import { simulatorUrl } from './config/field-rules.js';
import { trimTrailingSlash } from './config/parse-config-request.js';
import { err, ok, type Result } from './shared/result.js';
import { MAX_SIMULATORS_LIMIT } from './config/simulator-name.js';

/**
 * The options of several simulators in one process, as every host (headless, desktop) reads
 * them: `--max-simulators N` (or MAX_SIMULATORS) and `--backchannel-url URL` (or
 * BACKCHANNEL_URL). A flag wins over its environment variable.
 */
export interface MultiSimulatorOptions {
  /** How many named simulators (/sim/<name>/) may exist at once. */
  maxSimulators?: number;
  /** Where discovery places the back-channel endpoints (token, userinfo, JWKS). */
  backchannelUrl?: string;
}

/** Reads --max-simulators (or MAX_SIMULATORS): a whole number from 0 to the limit. */
export function parseMaxSimulators(raw: string | undefined): number | string {
  const n = raw !== undefined && /^\d{1,7}$/.test(raw) ? Number(raw) : NaN;
  return n >= 0 && n <= MAX_SIMULATORS_LIMIT
    ? n
    : `needs a whole number from 0 to ${MAX_SIMULATORS_LIMIT}, got ${JSON.stringify(raw ?? '')}`;
}

/**
 * The path a back-channel URL may have: none. The back channel reaches the same endpoints at
 * another origin (/token, /userinfo, the key set, named simulators under /sim/<name>/); the
 * simulator serves nothing under another path, so discovery must not advertise one.
 */
const BACKCHANNEL_PATH_RULE =
  'must be an origin (scheme, host and port) without a path: token, userinfo and the key set keep their own paths (/token, /sim/<name>/token) at that origin';

function pathOf(raw: string): string {
  try {
    return new URL(raw).pathname;
  } catch {
    return '/';
  }
}

/** Reads --backchannel-url (or BACKCHANNEL_URL): an http(s) origin without path, query or fragment. */
export function parseBackchannelUrl(raw: string | undefined): { url: string } | string {
  const problem =
    raw === undefined || raw === ''
      ? 'must be an absolute URL'
      : (simulatorUrl(raw) ?? (pathOf(raw) === '/' ? undefined : BACKCHANNEL_PATH_RULE));
  return problem
    ? `${problem}, got ${JSON.stringify(raw ?? '')}`
    : { url: trimTrailingSlash(raw as string) };
}

/** One option's value given as `source` (a flag or a variable name); the error is one line. */
export function readMaxSimulators(raw: string | undefined, source: string): Result<number, string> {
  const n = parseMaxSimulators(raw);
  return typeof n === 'string' ? err(`${source} ${n}`) : ok(n);
}

export function readBackchannelUrl(
  raw: string | undefined,
  source: string,
): Result<string, string> {
  const url = parseBackchannelUrl(raw);
  return typeof url === 'string' ? err(`${source} ${url}`) : ok(url.url);
}

/**
 * The options the flags gave, completed from the environment (MAX_SIMULATORS, BACKCHANNEL_URL)
 * where a flag was not given. A bad variable is refused in one line naming it.
 */
export function withMultiSimulatorEnv(
  given: MultiSimulatorOptions,
  env: Readonly<Record<string, string | undefined>>,
): Result<MultiSimulatorOptions, string> {
  const out: MultiSimulatorOptions = { ...given };
  if (out.maxSimulators === undefined && env.MAX_SIMULATORS) {
    const n = readMaxSimulators(env.MAX_SIMULATORS, 'MAX_SIMULATORS');
    if (!n.ok) return n;
    out.maxSimulators = n.value;
  }
  if (out.backchannelUrl === undefined && env.BACKCHANNEL_URL) {
    const url = readBackchannelUrl(env.BACKCHANNEL_URL, 'BACKCHANNEL_URL');
    if (!url.ok) return url;
    out.backchannelUrl = url.value;
  }
  return ok(out);
}
