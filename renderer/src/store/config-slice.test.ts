import { describe, expect, it } from 'vitest';
import { createTestStore, sampleConfig, settle } from '../../test/fake-admin-client.js';
import type { ConfigRequestBody } from '../api/config-body.js';
import {
  initialConfigState,
  isDraftDirty,
  issuesAt,
  receiveConfig,
  type ConfigState,
} from './config-slice.js';

const loaded = (): ConfigState => ({
  ...initialConfigState(),
  current: sampleConfig(),
  draft: sampleConfig(),
});

describe('receiveConfig', () => {
  it('follows the simulator when the form holds no edits', () => {
    const next = sampleConfig();
    next.responseConfiguration.email = 'new@example.com';
    const patch = receiveConfig(loaded(), next);
    expect(patch.draft).toBe(next);
    expect(patch.externalChange).toBe(false);
  });

  it('keeps unapplied edits and flags a change made elsewhere', () => {
    const s = loaded();
    s.draft = { ...sampleConfig(), simulatorUrl: 'http://localhost:4000' };
    const next = sampleConfig();
    next.responseConfiguration.sub = 'someone-else';
    const patch = receiveConfig(s, next);
    expect(patch.draft).toBeUndefined();
    expect(patch.externalChange).toBe(true);
  });

  it('does not flag a change of error toggles alone', () => {
    const s = loaded();
    s.draft = { ...sampleConfig(), simulatorUrl: 'http://localhost:4000' };
    const next = sampleConfig();
    next.errorConfiguration.idTokenErrors = ['INVALID_SIGNATURE'];
    expect(receiveConfig(s, next).externalChange).toBe(false);
  });
});

describe('isDraftDirty and issuesAt', () => {
  it('ignores error toggles when comparing the form with the simulator', () => {
    const s = loaded();
    s.draft = {
      ...sampleConfig(),
      errorConfiguration: {
        authoriseErrors: ['ACCESS_DENIED'],
        idTokenErrors: [],
        coreIdentityErrors: [],
        tokenErrors: [],
        userInfoErrors: [],
        faults: [],
      },
    };
    expect(isDraftDirty(s)).toBe(false);
    s.draft = { ...sampleConfig(), interactiveMode: true };
    expect(isDraftDirty(s)).toBe(true);
  });

  it('finds issues at a path and below it, not at siblings', () => {
    const issues = [
      { path: 'clientConfiguration.redirectUrls', message: 'a' },
      { path: 'clientConfiguration.redirectUrls.1', message: 'b' },
      { path: 'clientConfiguration.redirectUrlsExtra', message: 'c' },
    ];
    expect(issuesAt(issues, 'clientConfiguration.redirectUrls').map((i) => i.message)).toEqual([
      'a',
      'b',
    ]);
    expect(issuesAt(issues, 'responseConfiguration')).toEqual([]);
  });
});

describe('config actions', () => {
  it('loads the configuration and the defaults', async () => {
    const { store } = createTestStore();
    await store.getState().loadConfig();
    expect(store.getState().current?.clientConfiguration.clientId).toBe(
      sampleConfig().clientConfiguration.clientId,
    );
    expect(store.getState().defaults).not.toBeNull();
    expect(store.getState().draft).toEqual(store.getState().current);
  });

  it('reports a simulator that cannot be reached', async () => {
    const { store } = createTestStore({
      getConfig: async () => ({
        ok: false,
        error: { kind: 'network', message: 'Failed to fetch' },
      }),
    });
    await store.getState().loadConfig();
    expect(store.getState().loadError).toContain('cannot be reached');
  });

  it('validates an edit after a pause, and shows the refused field', async () => {
    const { store, calls, runTimers } = createTestStore();
    await store.getState().loadConfig();
    store
      .getState()
      .editDraft((d) => ({ ...d, responseConfiguration: { ...d.responseConfiguration, sub: '' } }));
    expect(store.getState().validation).toBe('pending');
    // Only the warnings check that follows a load has run so far.
    expect(calls.filter((c) => c.name === 'validateConfig')).toHaveLength(1);
    runTimers();
    await settle();
    expect(store.getState().validation).toBe('invalid');
    expect(store.getState().issues).toEqual([
      { path: 'responseConfiguration.sub', message: 'must not be empty' },
    ]);
  });

  it('keeps the simulator’s warnings by field: after a load, an edit and an outside change', async () => {
    const { store } = createTestStore();
    await store.getState().loadConfig();
    await settle();
    // The sample's phone number is written the national way.
    expect(store.getState().warnings).toEqual([
      { path: 'responseConfiguration.phoneNumber', message: 'is not an E.164 number' },
    ]);
    store.getState().editDraft((d) => ({
      ...d,
      responseConfiguration: { ...d.responseConfiguration, phoneNumber: '+447700900000' },
    }));
    await store.getState().validateDraft();
    expect(store.getState().warnings).toEqual([]);
    store.getState().editDraft((d) => ({
      ...d,
      responseConfiguration: { ...d.responseConfiguration, phoneNumber: '07700 900000' },
    }));
    await store.getState().validateDraft();
    // A warning is not a refusal: the draft is still valid.
    expect(store.getState().validation).toBe('valid');
    expect(store.getState().warnings).toEqual([
      { path: 'responseConfiguration.phoneNumber', message: 'is not an E.164 number' },
    ]);
    const outside = store.getState().current;
    if (!outside) throw new Error('loaded');
    store.getState().discardDraft();
    store.getState().receiveConfig({
      ...outside,
      responseConfiguration: { ...outside.responseConfiguration, phoneNumber: '+447700900000' },
    });
    await settle();
    expect(store.getState().warnings).toEqual([]);
  });

  it('drops a validation answer for an older draft', async () => {
    let release: () => void = () => undefined;
    const { store } = createTestStore({
      validateConfig: () =>
        new Promise((resolve) => {
          release = () =>
            resolve({
              ok: true,
              value: { ok: false, issues: [{ path: 'x', message: 'old' }], warnings: [] },
            });
        }),
    });
    await store.getState().loadConfig();
    store.getState().editDraft((d) => ({ ...d, interactiveMode: true }));
    const pending = store.getState().validateDraft();
    store.getState().editDraft((d) => ({ ...d, interactiveMode: false }));
    release();
    await pending;
    expect(store.getState().issues).toEqual([]);
  });

  it('applies the draft with the current error toggles and the flags', async () => {
    const { store, calls } = createTestStore();
    await store.getState().loadConfig();
    await store.getState().postErrorConfiguration({
      authoriseErrors: [],
      idTokenErrors: ['INVALID_SIGNATURE'],
      coreIdentityErrors: [],
      tokenErrors: [],
      userInfoErrors: [],
      faults: [],
    });
    store.getState().editDraft((d) => ({
      ...d,
      usingNewIdTokenSigningKeys: true,
      responseConfiguration: { ...d.responseConfiguration, email: 'changed@example.com' },
    }));
    expect(await store.getState().applyDraft()).toBe(true);
    const body = calls.filter((c) => c.name === 'postConfig').at(-1)?.body as ConfigRequestBody;
    expect(body.errorConfiguration.idTokenErrors).toEqual(['INVALID_SIGNATURE']);
    expect(body.useNewIdTokenSigningKeys).toBe(true);
    expect(body.responseConfiguration.email).toBe('changed@example.com');
    expect(store.getState().current?.responseConfiguration.email).toBe('changed@example.com');
    expect(store.getState().notice).toBe('Configuration applied.');
  });

  it('keeps the draft and shows the issues when Apply is refused', async () => {
    const { store, serverConfig } = createTestStore();
    await store.getState().loadConfig();
    store
      .getState()
      .editDraft((d) => ({ ...d, responseConfiguration: { ...d.responseConfiguration, sub: '' } }));
    expect(await store.getState().applyDraft()).toBe(false);
    expect(store.getState().draft?.responseConfiguration.sub).toBe('');
    expect(store.getState().issues[0]?.path).toBe('responseConfiguration.sub');
    expect(serverConfig().responseConfiguration.sub).not.toBe('');
  });

  it('discards edits and resets to defaults', async () => {
    const { store, calls } = createTestStore();
    await store.getState().loadConfig();
    store.getState().editDraft((d) => ({ ...d, interactiveMode: true }));
    store.getState().discardDraft();
    expect(store.getState().draft?.interactiveMode).toBe(false);
    expect(await store.getState().resetToDefaults()).toBe(true);
    expect(calls.some((c) => c.name === 'resetConfig')).toBe(true);
    expect(store.getState().notice).toContain('reset');
  });
  it('refuses Apply while a newer configuration arrived under the edits, until keep or discard', async () => {
    const { store, calls } = createTestStore();
    await store.getState().loadConfig();
    store.getState().editDraft((d) => ({
      ...d,
      responseConfiguration: { ...d.responseConfiguration, email: 'mine@example.com' },
    }));
    // A persona is applied elsewhere: new sub and driving permits.
    const persona = sampleConfig();
    persona.responseConfiguration.sub = 'persona-sub';
    persona.responseConfiguration.drivingPermitDetails = [
      { personalNumber: 'DOE99802085J99FG', expiryDate: '2030-01-01', issuedBy: 'DVLA' },
    ] as never;
    store.getState().receiveConfig(persona);
    expect(store.getState().externalChange).toBe(true);
    const posts = calls.filter((c) => c.name === 'postConfig').length;
    expect(await store.getState().applyDraft()).toBe(false);
    expect(calls.filter((c) => c.name === 'postConfig').length).toBe(posts);

    store.getState().keepDraftEdits();
    const draft = store.getState().draft;
    expect(store.getState().externalChange).toBe(false);
    expect(draft?.responseConfiguration.email).toBe('mine@example.com');
    expect(draft?.responseConfiguration.sub).toBe('persona-sub');
    expect(draft?.responseConfiguration.drivingPermitDetails).toEqual(
      persona.responseConfiguration.drivingPermitDetails,
    );
    expect(await store.getState().applyDraft()).toBe(true);
    const body = calls.filter((c) => c.name === 'postConfig').at(-1)?.body as ConfigRequestBody;
    expect(body.responseConfiguration.sub).toBe('persona-sub');
    expect(body.responseConfiguration.email).toBe('mine@example.com');
  });

  it('drops the edits for the newer configuration when the tester discards them', async () => {
    const { store } = createTestStore();
    await store.getState().loadConfig();
    store.getState().editDraft((d) => ({ ...d, interactiveMode: true }));
    const next = sampleConfig();
    next.responseConfiguration.sub = 'persona-sub';
    store.getState().receiveConfig(next);
    store.getState().discardDraft();
    expect(store.getState().externalChange).toBe(false);
    expect(store.getState().draft).toEqual(next);
  });
});
