import { describe, expect, it } from 'vitest';
import { sampleConfig } from '../../test/fake-admin-client.js';
import { jsonChanges } from '../../../server/src/shared/json-changes.js';
import { followConfigStream } from './config-stream.js';

const base = { version: 4, config: sampleConfig() };
const edited = () => {
  const c = sampleConfig();
  c.responseConfiguration.email = null;
  c.errorConfiguration.faults = [{ target: 'token', kind: 'drop', requests: 2 }];
  return c;
};

describe('followConfigStream', () => {
  it('takes a whole configuration, whatever its version (a restarted server starts again)', () => {
    const config = edited();
    expect(followConfigStream(base, { name: 'config', data: { version: 0, config } })).toEqual({
      kind: 'take',
      base: { version: 0, config },
    });
    expect(followConfigStream(null, { name: 'config', data: { version: 9, config } })).toEqual({
      kind: 'take',
      base: { version: 9, config },
    });
  });

  it('applies the next patch to the base, null values included', () => {
    const next = edited();
    const step = followConfigStream(base, {
      name: 'config-patch',
      data: { version: 5, changes: jsonChanges(base.config, next) },
    });
    expect(step).toEqual({ kind: 'take', base: { version: 5, config: next } });
    // The untouched sections are the same objects: the forms showing them do not re-render.
    if (step.kind === 'take')
      expect(step.base.config.clientConfiguration).toBe(base.config.clientConfiguration);
  });

  it('ignores a patch the base already holds', () => {
    for (const version of [0, 3, 4])
      expect(
        followConfigStream(base, { name: 'config-patch', data: { version, changes: [] } }),
      ).toEqual({ kind: 'ignore' });
  });

  it('asks again after a gap in the versions, or for a patch with nothing to apply it to', () => {
    const next = edited();
    const changes = jsonChanges(base.config, next);
    expect(
      followConfigStream(base, { name: 'config-patch', data: { version: 6, changes } }),
    ).toEqual({ kind: 'resync', reason: 'config-patch 6 arrived after 4: 1 missed' });
    expect(
      followConfigStream(null, { name: 'config-patch', data: { version: 1, changes } }),
    ).toMatchObject({ kind: 'resync' });
  });

  it('asks again, never throws, for anything malformed', () => {
    const bad: [string, unknown][] = [
      ['config', null],
      ['config', []],
      ['config', 'text'],
      ['config', 42],
      ['config', { version: 1 }],
      ['config', { version: 1, config: null }],
      ['config', { version: 1, config: [] }],
      ['config', { version: -1, config: sampleConfig() }],
      ['config', { version: '1', config: sampleConfig() }],
      ['config', { version: 1.5, config: sampleConfig() }],
      ['config', { version: 1, config: { ...sampleConfig(), errorConfiguration: null } }],
      ['config-patch', null],
      ['config-patch', { changes: [] }],
      ['config-patch', { version: null, changes: [] }],
      ['config-patch', { version: {}, changes: [] }],
      ['config-patch', { version: 5 }],
      ['config-patch', { version: 5, changes: {} }],
      ['config-patch', { version: 5, changes: [null] }],
      ['config-patch', { version: 5, changes: [{ op: 'replace', path: '/nope', value: 1 }] }],
      ['config-patch', { version: 5, changes: [{ op: 'remove', path: '' }] }],
      ['config-patch', { version: 5, changes: [{ op: 'replace', path: '', value: [] }] }],
      [
        'config-patch',
        { version: 5, changes: [{ op: 'replace', path: '/errorConfiguration', value: null }] },
      ],
    ];
    for (const [name, data] of bad) {
      const step = followConfigStream(base, { name: name as 'config' | 'config-patch', data });
      expect(step.kind, JSON.stringify(data)).toBe('resync');
    }
    expect(base.config).toEqual(sampleConfig());
  });
});
