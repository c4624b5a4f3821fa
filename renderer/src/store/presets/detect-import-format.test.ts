import { describe, expect, it } from 'vitest';
import { detectImportFormat } from './detect-import-format.js';

describe('detectImportFormat', () => {
  it('recognises a scenario exported as JSON', () => {
    const exported = JSON.stringify(
      {
        name: 'Verified with a passport',
        persona: 'identity-passport',
        clientConfiguration: { claims: [] },
        errorConfiguration: { idTokenErrors: [] },
        flags: {},
      },
      null,
      2,
    );
    expect(detectImportFormat(exported)).toBe('json');
    expect(detectImportFormat('\uFEFF{"name":"x"}')).toBe('json');
  });

  it('recognises a POST /config body or a GET /config answer', () => {
    expect(
      detectImportFormat('{"clientConfiguration":{},"responseConfiguration":{"sub":"x"}}'),
    ).toBe('config');
    expect(detectImportFormat('{ "simulatorUrl": "http://localhost:3000" }')).toBe('config');
  });

  it('takes broken or odd JSON for a scenario file, whose check explains the problem', () => {
    expect(detectImportFormat('{ "name": ')).toBe('json');
    expect(detectImportFormat('{}')).toBe('json');
  });

  it('recognises env text, with comments, export and multi-line values', () => {
    expect(detectImportFormat('# Scenario: x\nPKCE_ENABLED=true\nSUB=urn:fdc:x')).toBe('env');
    expect(detectImportFormat('export CLIENT_ID=abc')).toBe('env');
    expect(detectImportFormat('RETURN_CODES=\'[\n  {"code":"D"}\n]\'')).toBe('env');
  });

  it('recognises compose files, environment blocks and list items', () => {
    expect(detectImportFormat("environment:\n  PKCE_ENABLED: 'true'")).toBe('compose');
    expect(detectImportFormat('services:\n  simulator:\n    environment:\n      - SUB=x')).toBe(
      'compose',
    );
    expect(detectImportFormat('- PKCE_ENABLED=true\n- SUB=x')).toBe('compose');
    expect(detectImportFormat("  PKCE_ENABLED: 'true'")).toBe('compose');
  });

  it('says nothing about empty or unrecognisable text', () => {
    for (const text of ['', '   \n ', 'hello world', '[1, 2]x', '# only a comment'])
      expect(detectImportFormat(text), JSON.stringify(text)).toBeUndefined();
  });
});
