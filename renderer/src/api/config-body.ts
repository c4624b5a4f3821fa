import type {
  ClientConfiguration,
  ErrorConfiguration,
  ResponseConfiguration,
  SimulatorConfig,
} from '../../../server/src/contract.js';

/** The body of POST /config (and of the validate endpoint): sections plus the flags. */
export interface ConfigRequestBody {
  clientConfiguration: ClientConfiguration;
  responseConfiguration: ResponseConfiguration;
  errorConfiguration: ErrorConfiguration;
  simulatorUrl: string;
  publishNewIdTokenSigningKeys: boolean;
  useNewIdTokenSigningKeys: boolean;
  publishNewCoreIdentitySigningKeys: boolean;
  useNewCoreIdentitySigningKeys: boolean;
  retireOldIdTokenSigningKeys: boolean;
  retireOldCoreIdentitySigningKeys: boolean;
  interactiveMode: boolean;
}

/** List fields whose items have only optional properties (provider document: all optional). */
const OPTIONAL_PROPERTY_LISTS = [
  'postalAddressDetails',
  'passportDetails',
  'drivingPermitDetails',
] as const;

/**
 * The response fields of a persona as saved: a property cleared in the editor (an empty string in
 * an address, passport or driving permit) is left out rather than stored as "", which a relying
 * party would receive as an empty `uprn` or `buildingName`. (The configuration form sends what it
 * holds: the public simulator's own defaults carry such empty strings.)
 */
export function withoutEmptyOptionals(response: ResponseConfiguration): ResponseConfiguration {
  const out = { ...response };
  for (const key of OPTIONAL_PROPERTY_LISTS) {
    const list = out[key];
    if (!Array.isArray(list)) continue;
    out[key] = list.map((item) =>
      typeof item === 'object' && item !== null && !Array.isArray(item)
        ? Object.fromEntries(Object.entries(item).filter(([, v]) => v !== ''))
        : item,
    );
  }
  return out;
}

/**
 * The request that makes the simulator hold `config`. A POST that omits errorConfiguration clears
 * every error toggle, so the body always carries one: the config's own unless another is given.
 */
export function toConfigRequestBody(
  config: SimulatorConfig,
  errorConfiguration: ErrorConfiguration = config.errorConfiguration,
): ConfigRequestBody {
  const client: ClientConfiguration = { ...config.clientConfiguration };
  // Optional members travel only when set; an empty JWKS URL means "none".
  if (client.jwksUrl === undefined || client.jwksUrl === '') delete client.jwksUrl;
  if (client.client_secret_hash === undefined || client.client_secret_hash === '')
    delete client.client_secret_hash;
  return {
    clientConfiguration: client,
    responseConfiguration: config.responseConfiguration,
    errorConfiguration: structuredClone(errorConfiguration),
    simulatorUrl: config.simulatorUrl,
    publishNewIdTokenSigningKeys: config.publishNewIdTokenKeysEnabled,
    useNewIdTokenSigningKeys: config.usingNewIdTokenSigningKeys,
    publishNewCoreIdentitySigningKeys: config.publishNewCoreIdentityKeysEnabled,
    useNewCoreIdentitySigningKeys: config.usingNewCoreIdentitySigningKeys,
    retireOldIdTokenSigningKeys: config.oldIdTokenKeysRetired,
    retireOldCoreIdentitySigningKeys: config.oldCoreIdentityKeysRetired,
    interactiveMode: config.interactiveMode,
  };
}
