/** The trustmark: which credential and identity vectors the provider accepts and provides. */
export function buildTrustmark(simulatorUrl: string): Record<string, unknown> {
  return {
    idp: `${simulatorUrl}/`,
    trustmark_provider: `${simulatorUrl}/`,
    C: ['Cl', 'Cl.Cm'],
    P: ['P0', 'P1', 'P2', 'P3'],
  };
}
