import type {
  ActivePreset,
  Persona,
  ResponseConfiguration,
  Scenario,
  ScenarioFlags,
} from '../../../../server/src/contract.js';
import type { DiffSide } from '../../api/presets-client.js';
import { SCENARIO_FLAG_NAMES } from '../../store/presets/presets-state.js';
import { faultName } from '../scenarios/scenario-catalogue.js';

/** What the header chip says about the active scenario and persona. */
export interface ActiveSummary {
  /** "Scenario name · Persona name", or one of them. */
  label: string;
  scenario?: string;
  persona?: string;
  modified: boolean;
}

export function activeSummary(active: ActivePreset | null): ActiveSummary | null {
  if (!active || (!active.scenario && !active.persona)) return null;
  const parts = [active.scenario?.name, active.persona?.name].filter(
    (p): p is string => p !== undefined,
  );
  return {
    label: parts.join(' · '),
    ...(active.scenario ? { scenario: active.scenario.name } : {}),
    ...(active.persona ? { persona: active.persona.name } : {}),
    modified: active.modifiedSinceApplied,
  };
}

/** A value in one line: strings as they are, everything else as JSON. */
export function inlineValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return JSON.stringify(value);
}

/**
 * A side of a diff entry: `absent` where the path does not exist on that side. JSON, on one line
 * when it is short, so "" and null and "null" stay apart.
 */
export function diffValue(value: unknown, present: boolean): { text: string; absent: boolean } {
  if (!present) return { text: 'absent', absent: true };
  const line = JSON.stringify(value) ?? String(value);
  if (line.length <= 72 || typeof value !== 'object' || value === null)
    return { text: line, absent: false };
  return { text: JSON.stringify(value, null, 2), absent: false };
}

export const FLAG_LABELS: Record<keyof ScenarioFlags, string> = {
  publishNewIdTokenSigningKeys: 'Publish new ID token keys',
  useNewIdTokenSigningKeys: 'Sign ID tokens with the new keys',
  publishNewCoreIdentitySigningKeys: 'Publish new core identity key',
  useNewCoreIdentitySigningKeys: 'Sign core identity with the new key',
  retireOldIdTokenSigningKeys: 'Retire the old ID token keys',
  retireOldCoreIdentitySigningKeys: 'Retire the old core identity key',
  interactiveMode: 'Interactive mode',
};

const ERROR_GROUP_LABELS = {
  authoriseErrors: 'authorize',
  idTokenErrors: 'ID token',
  coreIdentityErrors: 'core identity',
  tokenErrors: 'token',
  userInfoErrors: 'userinfo',
} as const;

/** One row of a preset's summary: a label and its value. */
export type SummaryRow = readonly [label: string, value: string];

/** What a scenario changes, as label/value rows. */
export function scenarioRows(scenario: Scenario, personas: readonly Persona[]): SummaryRow[] {
  const rows: SummaryRow[] = [];
  const p = scenario.persona;
  if (typeof p === 'string') {
    const named = personas.find((x) => x.id === p);
    rows.push(['Persona', named ? named.name : `${p} (not found)`]);
  } else if (p) rows.push(['Persona', `${p.name} (written in the scenario)`]);
  else rows.push(['Persona', 'Keeps the current one']);
  const client = Object.entries(scenario.clientConfiguration);
  rows.push([
    'Client',
    client.length === 0
      ? 'As the simulator started'
      : client.map(([k, v]) => `${k}: ${inlineValue(v)}`).join('; '),
  ]);
  const errors = (Object.keys(ERROR_GROUP_LABELS) as (keyof typeof ERROR_GROUP_LABELS)[])
    .flatMap((group) =>
      scenario.errorConfiguration[group].map((name) => `${ERROR_GROUP_LABELS[group]} ${name}`),
    )
    .concat(scenario.errorConfiguration.faults.map(faultName))
    .join(', ');
  rows.push(['Errors', errors === '' ? 'None' : errors]);
  const flags = SCENARIO_FLAG_NAMES.filter((f) => scenario.flags[f] !== undefined)
    .map((f) => `${FLAG_LABELS[f]}: ${scenario.flags[f] ? 'on' : 'off'}`)
    .join('; ');
  rows.push(['Keys & mode', flags === '' ? 'As the simulator started' : flags]);
  return rows;
}

interface NameEntry {
  nameParts?: { value?: unknown; type?: unknown }[];
}

/** The current full name and birth date written in a core identity credential. */
export function identityOf(response: ResponseConfiguration): {
  name: string | null;
  birthDate: string | null;
} {
  const subject = (response.coreIdentityVerifiableCredentials as { credentialSubject?: unknown })
    ?.credentialSubject as { name?: NameEntry[]; birthDate?: { value?: unknown }[] } | undefined;
  const first = Array.isArray(subject?.name) ? subject.name[0] : undefined;
  const parts = Array.isArray(first?.nameParts) ? first.nameParts : [];
  const name = parts
    .map((part) => (typeof part.value === 'string' ? part.value : ''))
    .filter((v) => v !== '')
    .join(' ');
  const birth = Array.isArray(subject?.birthDate) ? subject.birthDate[0]?.value : undefined;
  return { name: name === '' ? null : name, birthDate: typeof birth === 'string' ? birth : null };
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Who a persona is, as label/value rows. */
export function personaRows(persona: Persona): SummaryRow[] {
  const r = persona.responseConfiguration;
  const { name, birthDate } = identityOf(r);
  const addresses = r.postalAddressDetails ?? [];
  const current = addresses.find((a) => a.validUntil === undefined || a.validUntil === null);
  const documents = [
    r.passportDetails?.length ? count(r.passportDetails.length, 'passport', 'passports') : null,
    r.drivingPermitDetails?.length
      ? count(r.drivingPermitDetails.length, 'driving licence', 'driving licences')
      : null,
  ].filter((d): d is string => d !== null);
  return [
    ['Name', name ?? 'No core identity'],
    ['Birth date', birthDate ?? '—'],
    ['Level achieved', r.maxLoCAchieved],
    ['sub', r.sub],
    [
      'Email',
      r.email === null ? 'None (null)' : `${r.email}${r.emailVerified ? '' : ' (unverified)'}`,
    ],
    [
      'Phone',
      r.phoneNumber === null
        ? 'None (no phone_number claim)'
        : `${r.phoneNumber}${r.phoneNumberVerified ? '' : ' (unverified)'}`,
    ],
    [
      'Addresses',
      addresses.length === 0
        ? 'None'
        : `${count(addresses.length, 'address', 'addresses')}${
            current && typeof current.postalCode === 'string'
              ? `, current ${current.postalCode}`
              : ''
          }`,
    ],
    ['Documents', documents.length ? documents.join(', ') : 'None'],
    ['Return codes', r.returnCodes?.length ? r.returnCodes.map((c) => c.code).join(', ') : 'None'],
  ];
}

/** How a side of the comparison is named. */
export function diffSideLabel(
  side: DiffSide,
  personas: readonly Persona[],
  scenarios: readonly Scenario[],
): string {
  if (side === 'defaults') return 'Defaults';
  if (side === 'initial') return 'As the simulator started';
  if (side === 'active') return 'Active configuration';
  const [kind, ...rest] = side.split(':');
  const id = rest.join(':');
  const list: readonly (Persona | Scenario)[] = kind === 'scenario' ? scenarios : personas;
  const name = list.find((x) => x.id === id)?.name ?? id;
  return `${kind === 'scenario' ? 'Scenario' : 'Persona'}: ${name}`;
}

/** A file name for a scenario export. */
export function exportFileName(id: string, format: 'json' | 'env' | 'config' | 'compose'): string {
  switch (format) {
    case 'json':
      return `${id}.json`;
    case 'env':
      return `${id}.env`;
    case 'config':
      return `${id}.config.json`;
    case 'compose':
      return `${id}.compose.yml`;
  }
}
