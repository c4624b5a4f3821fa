import type { SimulatorConfig } from '../config/config-types.js';
import type { ConfigStore } from '../config/config-store.js';
import type { PlanStepDocument } from './rp-check-types.js';

/**
 * A key rotation step of a plan with keySetMaxAgeSeconds: the new key is published first (the
 * step's scenario without signing with it), the step waits the key set's max-age, then the new
 * key signs. A client that caches the key set for its max-age has had the time to see the new key.
 */

/** The flags that make the simulator sign with the new keys (a key rotation's second half). */
export const USE_NEW_KEYS = ['useNewIdTokenSigningKeys', 'useNewCoreIdentitySigningKeys'] as const;

export interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export interface PublishFirst {
  /** The configuration in force while the new key is only published. */
  published: SimulatorConfig;
  /** The pending switch to signing with the new key. */
  timer: unknown;
  maxAgeSeconds: number;
}

/**
 * Publishes the new key when the step is such a rotation and schedules `signing` (called with
 * the configuration once the new key signs, or undefined when it could not be applied) after
 * the max-age. Undefined when the step is not such a step (it is applied at once).
 */
export function publishNewKeysFirst(input: {
  config: ConfigStore;
  timers: Timers;
  step: PlanStepDocument;
  maxAgeSeconds: number | undefined;
  body: Record<string, unknown>;
  signing: (config: SimulatorConfig | undefined) => void;
}): PublishFirst | undefined {
  const { body, maxAgeSeconds } = input;
  if (
    input.step.kind !== 'key-rotation' ||
    !maxAgeSeconds ||
    !USE_NEW_KEYS.some((k) => body[k] === true)
  )
    return undefined;
  const publishOnly = { ...body };
  for (const k of USE_NEW_KEYS) if (publishOnly[k] === true) publishOnly[k] = false;
  const published = input.config.update(publishOnly);
  if (!published.ok) return undefined;
  const timer = input.timers.set(() => {
    const applied = input.config.update(body);
    input.signing(applied.ok ? applied.value : undefined);
  }, maxAgeSeconds * 1000);
  return { published: published.value, timer, maxAgeSeconds };
}

/** What a key rotation step says while the new key is only published. */
export const publishedReason = (maxAgeSeconds: number): string =>
  `The new signing key is published; it signs in ${maxAgeSeconds} s (the key set's max-age). Wait for the step to start.`;
