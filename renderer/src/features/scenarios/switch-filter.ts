import {
  FAULT_KIND_WORDS,
  FAULT_TARGETS,
  KEY_RETIREMENT,
  OUTAGE_STATUSES,
  faultEffect,
  faultExpect,
  SCENARIO_CATALOGUE,
  switchName,
  type FaultTargetInfo,
  type ScenarioGroupInfo,
  type ScenarioInfo,
} from './scenario-catalogue.js';

/**
 * Whether every word of `query` appears in one of `texts` (case-insensitive, any order): "token
 * sig" finds INVALID_SIGNATURE under ID token errors. An empty query matches everything.
 */
export function matchesQuery(query: string, texts: readonly (string | undefined)[]): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = texts.filter(Boolean).join(' \n ').toLowerCase();
  return words.every((w) => haystack.includes(w));
}

/** The words every card of the screen shows beside its own text (its labels). */
export const EXPECT_LABEL = 'Expected of your relying party:';

export const scenarioMatches = (query: string, group: ScenarioGroupInfo, s: ScenarioInfo) =>
  matchesQuery(query, [
    group.title,
    group.group,
    `errorConfiguration.${group.group}`,
    group.where,
    EXPECT_LABEL,
    s.name,
    s.code,
    s.variant,
    switchName(group.group, s.name),
    s.effect,
    s.expect,
  ]);

export type RetirableKey = keyof typeof KEY_RETIREMENT;
export const KEY_GROUP_TITLE = 'Key lifecycle';
export const KEY_GROUP_WHERE =
  'Rotation step 3: publish the new keys, sign with them, then retire the old ones. Steps 1 and 2 alone are on the Configuration screen.';
export const KEY_EXPECT_LABEL = 'A correct relying party';
export const keyRetirementMatches = (query: string, keys: RetirableKey) => {
  const info = KEY_RETIREMENT[keys];
  return matchesQuery(query, [
    KEY_GROUP_TITLE,
    KEY_GROUP_WHERE,
    KEY_EXPECT_LABEL,
    info.name,
    info.configKey,
    info.effect,
    info.expect,
  ]);
};

export const FAULTS_GROUP_TITLE = 'Endpoint faults';
export const FAULTS_GROUP_WHERE =
  'An outage (a 5xx answer or a dropped connection) or added latency at one endpoint, until switched off or for the next number of requests.';
/** The words of a fault card's settings: what it answers, for how long, for how many requests. */
export const FAULT_SETTING_WORDS = [
  'Answer',
  'Drop the connection',
  'Milliseconds',
  'For the next',
];
/**
 * A fault target matches as a whole: its outage, dropped-connection and latency switches, with
 * every text their cards show (effects, expectations, the statuses offered, the settings).
 */
export const faultTargetMatches = (query: string, info: FaultTargetInfo) =>
  matchesQuery(query, [
    FAULTS_GROUP_TITLE,
    FAULTS_GROUP_WHERE,
    'errorConfiguration.faults',
    info.target,
    info.label,
    info.path,
    info.outageExpect,
    faultEffect(info, 'outage'),
    faultEffect(info, 'latency'),
    faultExpect(info, 'latency'),
    EXPECT_LABEL,
    OUTAGE_STATUSES.join(' '),
    ...FAULT_SETTING_WORDS,
    ...Object.values(FAULT_KIND_WORDS).map((w) => `${info.label} ${w}`),
  ]);

export interface GroupMatches {
  id: string;
  title: string;
  /** How many switches (a fault target counts as one) match. */
  count: number;
}

/** What matches in every group of the Errors screen, in screen order (groups without a match left out). */
export function switchMatches(query: string): GroupMatches[] {
  const groups: GroupMatches[] = SCENARIO_CATALOGUE.map((g) => ({
    id: g.group,
    title: g.title,
    count: g.scenarios.filter((s) => scenarioMatches(query, g, s)).length,
  }));
  groups.push({
    id: 'keys',
    title: KEY_GROUP_TITLE,
    count: (Object.keys(KEY_RETIREMENT) as RetirableKey[]).filter((k) =>
      keyRetirementMatches(query, k),
    ).length,
  });
  groups.push({
    id: 'faults',
    title: FAULTS_GROUP_TITLE,
    count: FAULT_TARGETS.filter((t) => faultTargetMatches(query, t)).length,
  });
  return groups.filter((g) => g.count > 0);
}
