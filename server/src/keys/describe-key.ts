import type { KeyObject } from 'node:crypto';

/** The kind of key, for messages: "an EC P-256 key", "an RSA key". */
export function describeKey(key: KeyObject): string {
  const type = key.asymmetricKeyType;
  if (type === 'ec') {
    const curve = key.asymmetricKeyDetails?.namedCurve;
    return curve === 'prime256v1' ? 'an EC P-256 key' : `an EC key (${curve ?? 'unknown curve'})`;
  }
  if (type === 'rsa' || type === 'rsa-pss') return 'an RSA key';
  return `a ${type ?? 'secret'} key`;
}
