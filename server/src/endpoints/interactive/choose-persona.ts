import type { ResponseConfiguration } from '../../config/config-types.js';
import { err, ok, type Result } from '../../shared/result.js';
import { isPresetId } from '../../shared/preset-id.js';
import type { PresetStore } from '../../presets/preset-store.js';
import type { Persona } from '../../presets/preset-types.js';
import {
  parseFormSubmission,
  type FormIssue,
  type SubmissionProblem,
} from './parse-form-submission.js';
import { PERSONA_FIELD, type PersonaChoice } from './render-interactive-form.js';

/** The personas the form offers: built-in first, then the saved ones (broken files left out). */
export function personaChoices(presets: PresetStore): PersonaChoice[] {
  return presets.listPersonas().items.map(({ id, name, description, nameCy, descriptionCy }) => ({
    id,
    name,
    description,
    ...(nameCy !== undefined ? { nameCy } : {}),
    ...(descriptionCy !== undefined ? { descriptionCy } : {}),
  }));
}

const refused = (msg: string): Result<never, FormIssue> =>
  err({ field: PERSONA_FIELD, msg, code: 'persona' });

/** The persona a submitted `persona` value names, or why it cannot be used. */
export function choosePersona(presets: PresetStore, raw: unknown): Result<Persona, FormIssue> {
  if (!isPresetId(raw))
    return refused(
      'must be a persona id (lowercase letters, digits and single hyphens, at most 64 characters)',
    );
  const found = presets.getPersona(raw);
  if (found.kind === 'found') return ok(found.value);
  if (found.kind === 'broken')
    return refused(`${found.problem.file} cannot be used: ${found.problem.message}`);
  return refused(`no persona has the id "${raw}"`);
}

/**
 * A persona button was pressed: the persona's response configuration replaces every field (other
 * submitted fields are ignored), checked by the same rules as typed values.
 */
export function parsePersonaChoice(
  presets: PresetStore,
  raw: unknown,
  current: Readonly<ResponseConfiguration>,
): Result<ResponseConfiguration, SubmissionProblem> {
  const persona = choosePersona(presets, raw);
  if (!persona.ok) return err({ issues: [persona.error], submitted: {} });
  return parseFormSubmission(persona.value.responseConfiguration, current);
}
