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
