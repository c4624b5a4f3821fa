import { describe, expect, it } from 'vitest';
import { ConfigStore } from '../config/config-store.js';
import { defaultConfig } from '../config/defaults.js';
import { ActiveTracker } from './active-tracker.js';

const errors = { coreIdentityErrors: [], idTokenErrors: [], authoriseErrors: [] };

describe('ActiveTracker', () => {
  it('starts with nothing applied', () => {
    const tracker = new ActiveTracker(new ConfigStore(defaultConfig()));
    expect(tracker.get()).toEqual({ modifiedSinceApplied: false });
  });

  it('records what was applied and marks changes made by others, until changed back', () => {
    const store = new ConfigStore(defaultConfig());
    const tracker = new ActiveTracker(store);
    const applied = tracker.apply(
      { clientConfiguration: { pkceEnforced: true }, errorConfiguration: errors },
      { scenario: { id: 'pkce-enforced', name: 'PKCE enforced' } },
    );
    expect(applied.ok).toBe(true);
    expect(tracker.get()).toEqual({
      scenario: { id: 'pkce-enforced', name: 'PKCE enforced' },
      modifiedSinceApplied: false,
    });
    store.update({ clientConfiguration: { pkceEnforced: false }, errorConfiguration: errors });
    expect(tracker.get().modifiedSinceApplied).toBe(true);
    store.update({ clientConfiguration: { pkceEnforced: true }, errorConfiguration: errors });
    expect(tracker.get().modifiedSinceApplied).toBe(false);
    // Where the simulator runs is not part of a scenario.
    store.update({ simulatorUrl: 'http://localhost:4999', errorConfiguration: errors });
    expect(tracker.get().modifiedSinceApplied).toBe(false);
    store.reset();
    expect(tracker.get().modifiedSinceApplied).toBe(true);
  });

  it('changes nothing when the configuration is refused', () => {
    const store = new ConfigStore(defaultConfig());
    const tracker = new ActiveTracker(store);
    const refused = tracker.apply(
      { clientConfiguration: { pkceEnforced: 'yes' } },
      {
        persona: { id: 'p', name: 'P' },
      },
    );
    expect(refused.ok).toBe(false);
    expect(tracker.get()).toEqual({ modifiedSinceApplied: false });
    expect(store.get()).toEqual(defaultConfig());
  });

  it('keeps the persona for a scenario that has none, unless the configuration changed', () => {
    const store = new ConfigStore(defaultConfig());
    const tracker = new ActiveTracker(store);
    tracker.apply({ errorConfiguration: errors }, { persona: { id: 'p', name: 'P' } });
    tracker.apply(
      { errorConfiguration: errors },
      { scenario: { id: 's', name: 'S' }, keepPersona: true },
    );
    expect(tracker.get()).toMatchObject({ scenario: { id: 's' }, persona: { id: 'p' } });
    store.update({ responseConfiguration: { sub: 'someone-else' }, errorConfiguration: errors });
    tracker.apply(
      { errorConfiguration: errors },
      { scenario: { id: 't', name: 'T' }, keepPersona: true },
    );
    expect(tracker.get()).toEqual({
      scenario: { id: 't', name: 'T' },
      modifiedSinceApplied: false,
    });
  });

  it('names a startup scenario, and stops listening when closed', () => {
    const store = new ConfigStore(defaultConfig());
    const tracker = new ActiveTracker(store, { scenario: { id: 'x', name: 'X' } });
    expect(tracker.get()).toEqual({
      scenario: { id: 'x', name: 'X' },
      modifiedSinceApplied: false,
    });
    tracker.close();
    store.update({ clientConfiguration: { pkceEnforced: true }, errorConfiguration: errors });
    expect(tracker.get().modifiedSinceApplied).toBe(false);
  });

  it('forgets or renames a deleted or renamed preset', () => {
    const tracker = new ActiveTracker(new ConfigStore(defaultConfig()));
    tracker.apply(
      { errorConfiguration: errors },
      { persona: { id: 'p', name: 'P' }, scenario: { id: 's', name: 'S' } },
    );
    tracker.rename('persona', 'p', 'New name');
    tracker.forget('scenario', 's');
    expect(tracker.get()).toEqual({
      persona: { id: 'p', name: 'New name' },
      modifiedSinceApplied: false,
    });
  });

  it('keeps the scenario in force when a persona is applied on top of it', () => {
    const store = new ConfigStore(defaultConfig());
    const tracker = new ActiveTracker(store);
    tracker.apply(
      { clientConfiguration: { pkceEnforced: true }, errorConfiguration: errors },
      { scenario: { id: 's', name: 'S' }, persona: { id: 'a', name: 'A' } },
    );
    const applied = tracker.apply(
      { responseConfiguration: { sub: 'persona-b' }, errorConfiguration: errors },
      { persona: { id: 'b', name: 'B' }, keepScenario: true },
    );
    expect(applied.ok).toBe(true);
    expect(tracker.get()).toEqual({
      scenario: { id: 's', name: 'S' },
      persona: { id: 'b', name: 'B' },
      modifiedSinceApplied: false,
    });
    // A change on top of both is flagged, and clears when undone.
    store.update({ clientConfiguration: { pkceEnforced: false }, errorConfiguration: errors });
    expect(tracker.get().modifiedSinceApplied).toBe(true);
    store.update({ clientConfiguration: { pkceEnforced: true }, errorConfiguration: errors });
    expect(tracker.get().modifiedSinceApplied).toBe(false);
  });

  it('still flags edits made on top of the scenario after a persona is applied', () => {
    const store = new ConfigStore(defaultConfig());
    const tracker = new ActiveTracker(store);
    tracker.apply(
      { clientConfiguration: { pkceEnforced: true }, errorConfiguration: errors },
      { scenario: { id: 's', name: 'S' } },
    );
    store.update({ clientConfiguration: { pkceEnforced: false }, errorConfiguration: errors });
    tracker.apply(
      { responseConfiguration: { sub: 'persona-b' }, errorConfiguration: errors },
      { persona: { id: 'b', name: 'B' }, keepScenario: true },
    );
    expect(tracker.get()).toEqual({
      scenario: { id: 's', name: 'S' },
      persona: { id: 'b', name: 'B' },
      modifiedSinceApplied: true,
    });
    // Undoing the edit brings back exactly the scenario with the new persona.
    store.update({ clientConfiguration: { pkceEnforced: true }, errorConfiguration: errors });
    expect(tracker.get().modifiedSinceApplied).toBe(false);
  });

  it('a persona applied with no scenario in force names only the persona', () => {
    const store = new ConfigStore(defaultConfig());
    const tracker = new ActiveTracker(store);
    tracker.apply(
      { responseConfiguration: { sub: 'b' }, errorConfiguration: errors },
      { persona: { id: 'b', name: 'B' }, keepScenario: true },
    );
    expect(tracker.get()).toEqual({ persona: { id: 'b', name: 'B' }, modifiedSinceApplied: false });
  });
});
