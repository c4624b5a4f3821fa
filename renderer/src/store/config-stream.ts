import type { ConfigSnapshot, SimulatorConfig } from '../../../server/src/contract.js';
import { applyJsonChanges } from '../../../server/src/shared/json-changes.js';
import { isConfig, isRecord } from '../api/admin-client.js';

/** A configuration message from the event stream, as it arrived (its data not yet checked). */
export interface ConfigMessage {
  name: 'config' | 'config-patch';
  data: unknown;
}

/** What to do with a configuration message. */
export type ConfigStreamStep =
  /** A configuration to show; the base the next patch applies to. */
  | { kind: 'take'; base: ConfigSnapshot }
  /** A patch the base already holds (sent before the configuration it was fetched as). */
  | { kind: 'ignore' }
  /** The base cannot be trusted to follow the stream: fetch it again. */
  | { kind: 'resync'; reason: string };

const isVersion = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;

/** A configuration the forms can show: the sections they read are objects. */
const isShownConfig = (c: unknown): c is SimulatorConfig =>
  isConfig(c) && isRecord(c.errorConfiguration);

/**
 * Follows the event stream's configuration: a `config` message is a whole configuration and its
 * version; a `config-patch` carries the changes from version - 1 to version. A patch for a later
 * version than the next (one was missed), a patch with no base, or anything malformed asks for
 * the configuration again instead of guessing; never throws.
 */
export function followConfigStream(
  base: ConfigSnapshot | null,
  message: ConfigMessage,
): ConfigStreamStep {
  const { data } = message;
  if (!isRecord(data) || !isVersion(data.version))
    return { kind: 'resync', reason: `a ${message.name} event without a version` };
  if (message.name === 'config') {
    if (!isShownConfig(data.config))
      return { kind: 'resync', reason: 'a config event without a configuration' };
    // Always taken, whatever its version: it starts a stream (the server may have restarted).
    return { kind: 'take', base: { version: data.version, config: data.config } };
  }
  if (!base) return { kind: 'resync', reason: 'a config-patch before any configuration' };
  if (data.version <= base.version) return { kind: 'ignore' };
  if (data.version > base.version + 1)
    return {
      kind: 'resync',
      reason: `config-patch ${data.version} arrived after ${base.version}: ${data.version - base.version - 1} missed`,
    };
  const applied = applyJsonChanges(base.config, data.changes);
  if (!applied.ok)
    return { kind: 'resync', reason: `config-patch ${data.version}: ${applied.reason}` };
  if (!isShownConfig(applied.value))
    return { kind: 'resync', reason: `config-patch ${data.version} leaves no configuration` };
  return { kind: 'take', base: { version: data.version, config: applied.value } };
}
