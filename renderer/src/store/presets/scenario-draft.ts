import type {
  ErrorConfiguration,
  Scenario,
  ScenarioDocument,
} from '../../../../server/src/contract.js';
import type { FieldIssue, Result } from '../../api/result.js';
import { INLINE_PERSONA, type ScenarioDraft } from './presets-state.js';

export const EMPTY_ERROR_CONFIGURATION: ErrorConfiguration = {
  authoriseErrors: [],
  idTokenErrors: [],
  coreIdentityErrors: [],
  tokenErrors: [],
  userInfoErrors: [],
  faults: [],
};

/** A scenario as its editor shows it. */
export function scenarioDraftOf(scenario: Scenario): ScenarioDraft {
  const draft: ScenarioDraft = {
    name: scenario.name,
    description: scenario.description,
    persona: '',
    errors: structuredClone(scenario.errorConfiguration),
    flags: { ...scenario.flags },
    clientText:
      Object.keys(scenario.clientConfiguration).length === 0
        ? ''
        : JSON.stringify(scenario.clientConfiguration, null, 2),
  };
  if (typeof scenario.persona === 'string') draft.persona = scenario.persona;
  else if (scenario.persona) {
    draft.persona = INLINE_PERSONA;
    draft.inlinePersona = structuredClone(scenario.persona);
  }
  return draft;
}

/** The document PUT /scenarios/:id takes, or the problems of the draft itself. */
export function scenarioDocumentOf(draft: ScenarioDraft): Result<ScenarioDocument, FieldIssue[]> {
  const issues: FieldIssue[] = [];
  let clientConfiguration: Record<string, unknown> = {};
  const text = draft.clientText.trim();
  if (text !== '') {
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
        issues.push({ path: 'clientConfiguration', message: 'must be a JSON object' });
      else clientConfiguration = parsed as Record<string, unknown>;
    } catch (e) {
      issues.push({
        path: 'clientConfiguration',
        message: `is not valid JSON (${e instanceof Error ? e.message : String(e)})`,
      });
    }
  }
  if (issues.length) return { ok: false, error: issues };
  const doc: ScenarioDocument = {
    name: draft.name,
    description: draft.description,
    clientConfiguration,
    errorConfiguration: draft.errors,
    flags: draft.flags,
  };
  if (draft.persona === INLINE_PERSONA) {
    if (draft.inlinePersona) doc.persona = draft.inlinePersona;
  } else if (draft.persona !== '') doc.persona = draft.persona;
  return { ok: true, value: doc };
}
