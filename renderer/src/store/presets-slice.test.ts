import { describe, expect, it } from 'vitest';
import { withoutEmptyOptionals } from '../api/config-body.js';
import { sampleConfig, settle } from '../../test/fake-admin-client.js';
import { createPresetsTestStore, persona, scenario } from '../../test/fake-presets-client.js';
import type { ActivePreset } from '../../../server/src/contract.js';
import { INLINE_PERSONA, initialPresetsState, type PresetsState } from './presets/presets-state.js';
import { isActivePreset, receivePresetLists, scenarioAt } from './presets/preset-lookup.js';
import { scenarioDocumentOf, scenarioDraftOf } from './presets/scenario-draft.js';
import { splitIssues } from './presets/split-issues.js';
import { uniqueId } from '../../../server/src/shared/preset-id.js';

const list = <T>(items: T[], dataDir: string | null = '/data') => ({
  items,
  problems: [],
  dataDir,
});

async function loaded(options: { dataDir?: string | null } = {}) {
  const t = createPresetsTestStore(options);
  await t.store.getState().loadConfig();
  await t.store.getState().loadPresets();
  return t;
}

describe('receivePresetLists', () => {
  it('takes both lists, their problems and the data folder', () => {
    const state: PresetsState = initialPresetsState();
    const patch = receivePresetLists(
      state,
      { ...list([persona('a')], null), problems: [{ file: 'personas/x.json', message: 'bad' }] },
      list([scenario('s')], null),
    );
    expect(patch.personas?.map((p) => p.id)).toEqual(['a']);
    expect(patch.scenarios?.map((s) => s.id)).toEqual(['s']);
    expect(patch.presetProblems).toEqual([{ file: 'personas/x.json', message: 'bad' }]);
    expect(patch.dataDir).toBeNull();
  });

  it('keeps the selection while its item exists and drops it once gone', () => {
    const state = { ...initialPresetsState(), selectedPreset: { kind: 'scenario', id: 's' } };
    expect(
      receivePresetLists(state as PresetsState, list([]), list([scenario('s')])).selectedPreset,
    ).toBeUndefined();
    expect(
      receivePresetLists(state as PresetsState, list([persona('s')]), list([])).selectedPreset,
    ).toBeNull();
  });
});

describe('scenarioAt and isActivePreset', () => {
  const scenarios = Array.from({ length: 12 }, (_, i) => scenario(`s${i + 1}`));

  it('finds the Nth scenario for Alt+1…9 only', () => {
    expect(scenarioAt(scenarios, 1)?.id).toBe('s1');
    expect(scenarioAt(scenarios, 9)?.id).toBe('s9');
    for (const n of [0, 10, -1, 2.5, Number.NaN]) expect(scenarioAt(scenarios, n)).toBeUndefined();
    expect(scenarioAt(scenarios.slice(0, 2), 3)).toBeUndefined();
  });

  it('tells whether a persona or scenario is the one applied', () => {
    const active: ActivePreset = {
      scenario: { id: 's1', name: 'S1' },
      persona: { id: 'p1', name: 'P1' },
      modifiedSinceApplied: true,
    };
    expect(isActivePreset(active, { kind: 'scenario', id: 's1' })).toBe(true);
    expect(isActivePreset(active, { kind: 'persona', id: 'p1' })).toBe(true);
    expect(isActivePreset(active, { kind: 'persona', id: 's1' })).toBe(false);
    expect(isActivePreset(null, { kind: 'scenario', id: 's1' })).toBe(false);
  });
});

describe('scenario drafts', () => {
  it('round-trips a scenario through its draft', () => {
    const s = scenario('x', {
      persona: 'no-phone',
      clientConfiguration: { pkceEnforced: true },
      errorConfiguration: {
        authoriseErrors: [],
        idTokenErrors: ['TOKEN_EXPIRED'],
        coreIdentityErrors: [],
        tokenErrors: [],
        userInfoErrors: [],
        faults: [],
      },
      flags: { interactiveMode: true },
    });
    const draft = scenarioDraftOf(s);
    expect(draft.clientText).toBe('{\n  "pkceEnforced": true\n}');
    expect(scenarioDocumentOf(draft)).toEqual({
      ok: true,
      value: {
        name: s.name,
        description: s.description,
        persona: 'no-phone',
        clientConfiguration: { pkceEnforced: true },
        errorConfiguration: s.errorConfiguration,
        flags: { interactiveMode: true },
      },
    });
  });

  it('keeps an inline persona, and leaves the persona out when none is chosen', () => {
    const inline = { name: 'Inline', responseConfiguration: sampleConfig().responseConfiguration };
    const draft = scenarioDraftOf(scenario('x', { persona: inline }));
    expect(draft.persona).toBe(INLINE_PERSONA);
    const doc = scenarioDocumentOf(draft);
    expect(doc.ok && doc.value.persona).toEqual(inline);
    const none = scenarioDocumentOf({ ...draft, persona: '' });
    expect(none.ok && 'persona' in none.value).toBe(false);
    expect(scenarioDraftOf(scenario('y')).clientText).toBe('');
  });

  it.each([
    ['not JSON', '{pkceEnforced: true', /^is not valid JSON/],
    ['an array', '[1, 2]', /^must be a JSON object$/],
    ['a string', '"pkce"', /^must be a JSON object$/],
    ['null', 'null', /^must be a JSON object$/],
  ])('refuses client changes that are %s, at clientConfiguration', (_what, text, message) => {
    const doc = scenarioDocumentOf({ ...scenarioDraftOf(scenario('x')), clientText: text });
    expect(doc.ok).toBe(false);
    if (!doc.ok) {
      expect(doc.error).toHaveLength(1);
      expect(doc.error[0]?.path).toBe('clientConfiguration');
      expect(doc.error[0]?.message).toMatch(message);
    }
  });

  it('splits issues inside a section from the others', () => {
    const issues = [
      { path: 'responseConfiguration.sub', message: 'a' },
      { path: 'responseConfigurationX', message: 'b' },
      { path: 'name', message: 'c' },
    ];
    const { inside, outside } = splitIssues(issues, 'responseConfiguration');
    expect(inside.map((i) => i.message)).toEqual(['a']);
    expect(outside.map((i) => i.message)).toEqual(['b', 'c']);
  });
});

describe('presets actions: lists, apply, active', () => {
  it('loads personas and scenarios, built-ins first, and the data folder', async () => {
    const { store } = await loaded();
    const s = store.getState();
    expect(s.personas.map((p) => p.id)).toEqual(['default-user', 'no-phone']);
    expect(s.scenarios[0]?.builtIn).toBe(true);
    expect(s.dataDir).toBe('/data');
    expect(s.presetsLoading).toBe(false);
  });

  it('says why the lists cannot be loaded', async () => {
    const t = createPresetsTestStore(
      {},
      { listScenarios: async () => ({ ok: false, error: { kind: 'network', message: 'down' } }) },
    );
    await t.store.getState().loadPresets();
    expect(t.store.getState().presetsError).toContain('cannot be reached');
    expect(t.store.getState().dataDir).toBeUndefined();
  });

  it('applies a scenario in one call, shows it as active and takes the new configuration', async () => {
    const { store, presets } = await loaded();
    expect(await store.getState().applyPreset({ kind: 'scenario', id: 'id-token-wrong-key' })).toBe(
      true,
    );
    const s = store.getState();
    expect(presets.calls.filter((c) => c.name === 'applyScenario')).toHaveLength(1);
    expect(s.active?.scenario?.name).toBe('ID token signed with the wrong key');
    expect(s.current?.errorConfiguration.idTokenErrors).toEqual(['INVALID_SIGNATURE']);
    expect(s.presetNotice).toBe('Applied scenario “ID token signed with the wrong key”.');
    expect(s.applyingPreset).toBeNull();
  });

  it('applies one preset at a time', async () => {
    const { store, presets } = await loaded();
    const first = store.getState().applyPreset({ kind: 'persona', id: 'no-phone' });
    expect(await store.getState().applyPreset({ kind: 'persona', id: 'default-user' })).toBe(false);
    await first;
    expect(presets.calls.filter((c) => c.name === 'applyPersona')).toHaveLength(1);
  });

  it('explains a refused apply and keeps what was active', async () => {
    const { store } = await loaded();
    expect(await store.getState().applyPreset({ kind: 'scenario', id: 'gone' })).toBe(false);
    expect(store.getState().presetError).toContain('404');
    expect(store.getState().active).toBeNull();
  });

  it('applies the Nth scenario for Alt+N, and nothing beyond the list', async () => {
    const { store, presets } = await loaded();
    expect(await store.getState().applyScenarioAt(2)).toBe(true);
    expect(presets.calls.find((c) => c.name === 'applyScenario')?.args).toEqual([
      'id-token-wrong-key',
    ]);
    expect(await store.getState().applyScenarioAt(3)).toBe(false);
    expect(await store.getState().applyScenarioAt(0)).toBe(false);
    expect(presets.calls.filter((c) => c.name === 'applyScenario')).toHaveLength(1);
  });

  it('keeps only the newest answer of GET /active', async () => {
    let release: (a: ActivePreset) => void = () => undefined;
    let n = 0;
    const t = createPresetsTestStore(
      {},
      {
        getActive: () =>
          ++n === 1
            ? new Promise((resolve) => (release = (a) => resolve({ ok: true, value: a })))
            : Promise.resolve({
                ok: true,
                value: { scenario: { id: 'new', name: 'New' }, modifiedSinceApplied: true },
              }),
      },
    );
    const old = t.store.getState().refreshActive();
    await t.store.getState().refreshActive();
    release({ scenario: { id: 'old', name: 'Old' }, modifiedSinceApplied: false });
    await old;
    expect(t.store.getState().active).toEqual({
      scenario: { id: 'new', name: 'New' },
      modifiedSinceApplied: true,
    });
  });
});

describe('presets actions: duplicate, delete, save current', () => {
  it('duplicates a built-in persona and opens the copy in the editor', async () => {
    const { store } = await loaded();
    await store.getState().duplicatePreset({ kind: 'persona', id: 'no-phone' });
    const s = store.getState();
    expect(s.personas.map((p) => p.id)).toContain('no-phone-copy');
    expect(s.selectedPreset).toEqual({ kind: 'persona', id: 'no-phone-copy' });
    expect(s.personaEditor?.id).toBe('no-phone-copy');
    expect(s.personaEditor?.name).toBe('No phone (copy)');
  });

  it('a copy’s id follows its new name until the id is typed, and saving renames it', async () => {
    const { store, presets } = await loaded();
    await store.getState().duplicatePreset({ kind: 'persona', id: 'no-phone' });
    expect(store.getState().personaEditor).toMatchObject({
      newId: 'no-phone-copy',
      idFollowsName: true,
    });
    store.getState().updatePersonaEditor({ name: 'Landline only' });
    expect(store.getState().personaEditor?.newId).toBe('landline-only');
    expect(await store.getState().savePersonaEditor()).toBe(true);
    const call = presets.calls.find((c) => c.name === 'updatePersona');
    expect(call?.args[0]).toBe('no-phone-copy');
    expect(call?.args[1]).toMatchObject({ id: 'landline-only', name: 'Landline only' });
    expect(store.getState().personas.map((p) => p.id)).toContain('landline-only');
    expect(store.getState().selectedPreset).toEqual({ kind: 'persona', id: 'landline-only' });

    // Opened again later, an id still made from the name follows a rename too.
    store.getState().editPersona('landline-only');
    expect(store.getState().personaEditor?.idFollowsName).toBe(true);
    store.getState().updatePersonaEditor({ name: 'Renamed again' });
    expect(store.getState().personaEditor?.newId).toBe('renamed-again');
    // Typed by hand, the id stays when the name changes.
    store.getState().updatePersonaEditor({ newId: 'my-landline' });
    store.getState().updatePersonaEditor({ name: 'And again' });
    expect(store.getState().personaEditor?.newId).toBe('my-landline');
  });

  it('a taken id is refused and the editor stays open with the reason', async () => {
    const { store } = await loaded();
    await store.getState().duplicatePreset({ kind: 'persona', id: 'no-phone' });
    store.getState().updatePersonaEditor({ newId: 'no-phone' });
    expect(await store.getState().savePersonaEditor()).toBe(false);
    expect(store.getState().personaEditor?.error).toMatch(/already exists/);
  });

  it('saves no empty strings: cleared address properties and blank Welsh texts are left out', async () => {
    const { store, presets } = await loaded();
    await store.getState().duplicatePreset({ kind: 'persona', id: 'no-phone' });
    const editor = store.getState().personaEditor;
    if (!editor) throw new Error('editor open');
    editor.form.getState().editDraft((d) => ({
      ...d,
      responseConfiguration: {
        ...d.responseConfiguration,
        postalAddressDetails: [{ buildingNumber: '8', uprn: '', streetName: 'HADLEY ROAD' }],
      },
    }));
    store.getState().updatePersonaEditor({ nameCy: '   ', descriptionCy: 'Disgrifiad' });
    expect(await store.getState().savePersonaEditor()).toBe(true);
    const body = presets.calls.find((c) => c.name === 'updatePersona')?.args[1] as {
      nameCy?: string;
      descriptionCy?: string;
      responseConfiguration: { postalAddressDetails: Record<string, unknown>[] };
    };
    expect(body.responseConfiguration.postalAddressDetails).toEqual([
      { buildingNumber: '8', streetName: 'HADLEY ROAD' },
    ]);
    expect(body).not.toHaveProperty('nameCy');
    expect(body.descriptionCy).toBe('Disgrifiad');
  });

  it('Save current names the persona in force when the user is still that persona', async () => {
    const { store, presets } = await loaded();
    presets.personas.push(
      persona('mine', { responseConfiguration: sampleConfig().responseConfiguration }),
    );
    await store.getState().loadPresets();
    presets.setActive({
      persona: { id: 'mine', name: 'Persona mine' },
      modifiedSinceApplied: false,
    });
    await store.getState().refreshActive();
    expect(await store.getState().saveCurrentAsScenario('Linked')).toBe(true);
    const created = presets.calls.find((c) => c.name === 'createScenario')?.args[0];
    expect(created).toMatchObject({ name: 'Linked', persona: 'mine' });
    expect(store.getState().presetNotice).toMatch(/with the persona “Persona mine”/);

    // Once the user was edited, the scenario holds the fields instead.
    const edited = sampleConfig();
    edited.responseConfiguration.email = 'changed@example.com';
    store.getState().receiveConfig(edited);
    const before = presets.calls.filter((c) => c.name === 'createScenario').length;
    expect(await store.getState().saveCurrentAsScenario('Inline')).toBe(true);
    expect(presets.calls.filter((c) => c.name === 'createScenario')).toHaveLength(before);
    expect(presets.calls.filter((c) => c.name === 'importScenario').at(-1)?.args[1]).toBe(true);
  });

  it('explains that duplicating needs a data folder', async () => {
    const { store } = await loaded({ dataDir: null });
    await store.getState().duplicatePreset({ kind: 'scenario', id: 'pkce-enforced' });
    expect(store.getState().presetError).toContain('--data-dir');
    expect(store.getState().scenarioEditor).toBeNull();
  });

  it('deletes after confirmation and names the scenarios that used the persona', async () => {
    const { store, presets } = await loaded();
    presets.personas.push(persona('mine'));
    presets.scenarios.push(scenario('uses-mine', { persona: 'mine' }));
    await store.getState().loadPresets();
    store.getState().requestDelete({ kind: 'persona', id: 'mine' });
    expect(presets.calls.some((c) => c.name === 'deletePersona')).toBe(false);
    await store.getState().confirmDelete();
    expect(store.getState().personas.map((p) => p.id)).not.toContain('mine');
    expect(store.getState().presetNotice).toBe(
      'Deleted “Persona mine”. These scenarios named it and can no longer be applied: uses-mine.',
    );
    expect(store.getState().pendingDelete).toBeNull();
  });

  it('does nothing when a delete was cancelled', async () => {
    const { store, presets } = await loaded();
    store.getState().requestDelete({ kind: 'scenario', id: 'pkce-enforced' });
    store.getState().requestDelete(null);
    await store.getState().confirmDelete();
    expect(presets.calls.some((c) => c.name === 'deleteScenario')).toBe(false);
  });

  it('saves the current configuration as a scenario through import, only with a data folder', async () => {
    const { store, presets } = await loaded();
    expect(await store.getState().saveCurrentAsScenario('From now')).toBe(true);
    const call = presets.calls.find((c) => c.name === 'importScenario');
    expect(call?.args[1]).toBe(true);
    expect(call?.args[0]).toMatchObject({ format: 'config', name: 'From now' });
    expect(JSON.parse((call?.args[0] as { text: string }).text)).toEqual(store.getState().current);

    const none = await loaded({ dataDir: null });
    expect(await none.store.getState().saveCurrentAsScenario('x')).toBe(false);
    expect(none.presets.calls.some((c) => c.name === 'importScenario')).toBe(false);
  });
});

describe('presets actions: import, export, diff', () => {
  it('lists every problem of an invalid import with its path, and saves nothing', async () => {
    const { store, presets } = await loaded();
    store.getState().setImport({ format: 'env', text: 'BAD=1\nPKCE_ENABLED=maybe' });
    await store.getState().checkImport();
    const s = store.getState().importState;
    expect(s.issues).toEqual([
      { path: 'line 1', message: 'unknown variable BAD' },
      { path: 'PKCE_ENABLED', message: 'must be true or false' },
    ]);
    expect(s.result).toBeNull();
    expect(presets.calls.filter((c) => c.name === 'importScenario').map((c) => c.args[1])).toEqual([
      false,
    ]);
    expect(presets.calls.some((c) => c.name.startsWith('apply'))).toBe(false);
  });

  it('forgets a checked result when the text changes', async () => {
    const { store } = await loaded();
    store.getState().setImport({ format: 'json', text: '{}', name: 'Mine' });
    await store.getState().checkImport();
    expect(store.getState().importState.result?.scenario.name).toBe('Mine');
    store.getState().setImport({ text: '{ }' });
    expect(store.getState().importState.result).toBeNull();
  });

  it('saves an import and applies it when asked', async () => {
    const { store, presets } = await loaded();
    store.getState().setImport({ format: 'config', text: '{}', name: 'Saved' });
    await store.getState().saveImport(true);
    expect(store.getState().scenarios.map((s) => s.id)).toContain('imported');
    expect(store.getState().selectedPreset).toEqual({ kind: 'scenario', id: 'imported' });
    expect(presets.calls.find((c) => c.name === 'applyScenario')?.args).toEqual(['imported']);
  });

  it('does not save without a data folder', async () => {
    const { store, presets } = await loaded({ dataDir: null });
    store.getState().setImport({ format: 'config', text: '{}' });
    await store.getState().saveImport(false);
    expect(presets.calls.some((c) => c.name === 'importScenario')).toBe(false);
  });

  it('opens on the format of pasted text, until the tester picks one', () => {
    const t = createPresetsTestStore();
    const s = () => t.store.getState().importState;
    // Opened last on env: a pasted scenario export switches to Scenario JSON.
    t.store.getState().setImport({ format: 'env' });
    t.store.getState().setImport({ text: '' });
    expect(s().formatChosen).toBe(false);
    t.store
      .getState()
      .setImport({ text: '{\n  "name": "Verified with a passport",\n  "flags": {}\n}' });
    expect(s()).toMatchObject({ format: 'json', detected: 'json' });
    t.store.getState().setImport({ text: 'PKCE_ENABLED=true' });
    expect(s()).toMatchObject({ format: 'env', detected: 'env' });
    // Picked by hand: kept, and the detected one is only suggested.
    t.store.getState().setImport({ format: 'compose' });
    t.store.getState().setImport({ text: '{"responseConfiguration":{}}' });
    expect(s()).toMatchObject({ format: 'compose', detected: 'config', formatChosen: true });
    // Unrecognisable text changes nothing.
    t.store.getState().setImport({ text: '' });
    t.store.getState().setImport({ text: 'hello' });
    expect(s()).toMatchObject({ format: 'compose', detected: null, formatChosen: false });
  });

  it('applies an import without saving it, even without a data folder', async () => {
    const { store, presets } = await loaded({ dataDir: null });
    store.getState().setImport({ text: 'PKCE_ENABLED=true', name: 'Pasted' });
    await store.getState().applyImport();
    const call = presets.calls.find((c) => c.name === 'importScenario');
    expect(call?.args.slice(1)).toEqual([false, true]);
    expect(call?.args[0]).toMatchObject({ format: 'env', name: 'Pasted' });
    expect(store.getState().active).toEqual({
      scenario: { id: 'imported', name: 'Pasted' },
      modifiedSinceApplied: false,
    });
    expect(store.getState().current?.clientConfiguration.pkceEnforced).toBe(true);
    expect(store.getState().scenarios.some((x) => x.id === 'imported')).toBe(false);
    expect(store.getState().presetNotice).toMatch(/without saving/);
  });

  it('shows every problem when an import cannot be applied, and applies nothing', async () => {
    const { store } = await loaded({ dataDir: null });
    const before = store.getState().current;
    store.getState().setImport({ text: 'BAD=1' });
    await store.getState().applyImport();
    expect(store.getState().importState.issues).toHaveLength(2);
    expect(store.getState().importState.status).toBe('idle');
    expect(store.getState().current).toEqual(before);
  });

  it('exports in each format and drops an answer that comes after closing', async () => {
    const { store } = await loaded();
    await store.getState().openExport('pkce-enforced', 'env');
    expect(store.getState().exportState).toMatchObject({
      status: 'ready',
      text: '# env of pkce-enforced\n',
    });
    await store.getState().openExport('pkce-enforced', 'compose');
    expect(store.getState().exportState?.text).toBe('# compose of pkce-enforced\n');
    const late = store.getState().openExport('pkce-enforced', 'json');
    store.getState().closeExport();
    await late;
    expect(store.getState().exportState).toBeNull();
  });

  it('shows why an export failed', async () => {
    const { store } = await loaded();
    await store.getState().openExport('nope', 'json');
    expect(store.getState().exportState).toMatchObject({ status: 'error' });
    expect(store.getState().exportState?.error).toContain('404');
  });

  it('compares two sides', async () => {
    const { store, presets } = await loaded();
    await store.getState().setDiffSides('scenario:pkce-enforced', 'active');
    expect(presets.calls.find((c) => c.name === 'diff')?.args).toEqual([
      'scenario:pkce-enforced',
      'active',
    ]);
    expect(store.getState().diffState).toMatchObject({
      status: 'ready',
      entries: [{ path: 'clientConfiguration.pkceEnforced', left: false, right: true }],
    });
  });
});

describe('presets actions: editors', () => {
  it('gives a new persona the id the server gives it, Windows device names included ("Con")', async () => {
    const { store } = await loaded();
    store.getState().newPersonaFromCurrent();
    store.getState().updatePersonaEditor({ name: 'Con' });
    const shown = store.getState().personaEditor?.newId;
    expect(shown).toBe(uniqueId('Con', () => false, 'persona'));
    expect(shown).toBe('con-persona');
    store.getState().updatePersonaEditor({ name: 'LPT1.txt' });
    expect(store.getState().personaEditor?.newId).toBe('lpt1-txt');
  });

  it('does not open a built-in persona or scenario for editing', async () => {
    const { store } = await loaded();
    store.getState().editPersona('default-user');
    store.getState().editScenario('pkce-enforced');
    expect(store.getState().personaEditor).toBeNull();
    expect(store.getState().scenarioEditor).toBeNull();
  });

  it('edits a saved persona with the configuration form’s store and saves it', async () => {
    const { store, presets, runTimers } = await loaded();
    presets.personas.push(persona('mine'));
    await store.getState().loadPresets();
    store.getState().editPersona('mine');
    const editor = store.getState().personaEditor;
    expect(editor?.form.getState().draft?.responseConfiguration.email).toBe('mine@example.com');
    editor?.form.getState().editDraft((d) => ({
      ...d,
      responseConfiguration: { ...d.responseConfiguration, email: 'edited@example.com' },
    }));
    runTimers();
    store.getState().updatePersonaEditor({ name: 'Renamed' });
    expect(await store.getState().savePersonaEditor()).toBe(true);
    const call = presets.calls.find((c) => c.name === 'updatePersona');
    expect(call?.args[0]).toBe('mine');
    expect(call?.args[1]).toMatchObject({
      name: 'Renamed',
      responseConfiguration: { email: 'edited@example.com' },
    });
    expect(store.getState().personaEditor).toBeNull();
    expect(store.getState().personas.find((p) => p.id === 'mine')?.name).toBe('Renamed');
  });

  it('shows refused fields next to the field, and other problems above the form', async () => {
    const { store, presets } = await loaded();
    presets.personas.push(persona('mine'));
    await store.getState().loadPresets();
    store.getState().editPersona('mine');
    const form = store.getState().personaEditor?.form;
    form?.getState().editDraft((d) => ({
      ...d,
      responseConfiguration: { ...d.responseConfiguration, sub: '' },
    }));
    store.getState().updatePersonaEditor({ name: '' });
    expect(await store.getState().savePersonaEditor()).toBe(false);
    expect(form?.getState().issues).toEqual([
      { path: 'responseConfiguration.sub', message: 'must not be empty' },
    ]);
    expect(store.getState().personaEditor?.issues).toEqual([
      { path: 'name', message: 'must not be empty' },
    ]);
    expect(store.getState().personaEditor?.saving).toBe(false);
  });

  it('creates a new persona from the current user', async () => {
    const { store, presets } = await loaded();
    store.getState().newPersonaFromCurrent();
    store.getState().updatePersonaEditor({ name: 'Current user' });
    expect(await store.getState().savePersonaEditor()).toBe(true);
    const call = presets.calls.find((c) => c.name === 'createPersona');
    expect(call?.args[0]).toMatchObject({
      name: 'Current user',
      // Without the properties the sample leaves empty: a persona never stores "".
      responseConfiguration: withoutEmptyOptionals(sampleConfig().responseConfiguration),
    });
    expect(store.getState().selectedPreset).toEqual({ kind: 'persona', id: 'current-user' });
  });

  it('checks a scenario’s client changes before sending, then saves', async () => {
    const { store, presets } = await loaded();
    presets.scenarios.push(scenario('mine'));
    await store.getState().loadPresets();
    store.getState().editScenario('mine');
    store.getState().updateScenarioEditor((d) => ({ ...d, clientText: '{oops' }));
    expect(await store.getState().saveScenarioEditor()).toBe(false);
    expect(store.getState().scenarioEditor?.issues[0]?.path).toBe('clientConfiguration');
    expect(presets.calls.some((c) => c.name === 'updateScenario')).toBe(false);

    store.getState().updateScenarioEditor((d) => ({
      ...d,
      name: 'Mine, PKCE',
      persona: 'no-phone',
      clientText: '{"pkceEnforced": true}',
    }));
    expect(await store.getState().saveScenarioEditor()).toBe(true);
    expect(presets.calls.find((c) => c.name === 'updateScenario')?.args[1]).toMatchObject({
      name: 'Mine, PKCE',
      persona: 'no-phone',
      clientConfiguration: { pkceEnforced: true },
    });
    await settle();
    expect(store.getState().scenarios.find((s) => s.id === 'mine')?.name).toBe('Mine, PKCE');
  });
});
