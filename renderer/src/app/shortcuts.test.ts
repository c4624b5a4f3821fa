import { describe, expect, it } from 'vitest';
import { resolveKey, type KeyInput } from './shortcuts.js';

const key = (k: string, patch: Partial<KeyInput> = {}): KeyInput => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  inEditable: false,
  ...patch,
});

describe('resolveKey', () => {
  it('switches screens with digits and with g sequences', () => {
    expect(resolveKey(key('3'), false).command).toEqual({ type: 'screen', screen: 'log' });
    const first = resolveKey(key('g'), false);
    expect(first).toEqual({ pendingG: true });
    expect(resolveKey(key('s'), first.pendingG).command).toEqual({
      type: 'screen',
      screen: 'scenarios',
    });
    expect(resolveKey(key('t'), true).command).toEqual({ type: 'screen', screen: 'tokens' });
  });

  it('ends a g sequence on an unknown key without a command', () => {
    expect(resolveKey(key('x'), true)).toEqual({ pendingG: false });
  });

  it('moves in the log with j/k and arrows', () => {
    expect(resolveKey(key('j'), false).command).toEqual({ type: 'move', delta: 1 });
    expect(resolveKey(key('ArrowUp'), false).command).toEqual({ type: 'move', delta: -1 });
    expect(resolveKey(key('End'), false).command).toEqual({ type: 'move-edge', edge: 'last' });
  });

  it('maps / ? p Enter and Shift+T', () => {
    expect(resolveKey(key('/'), false).command?.type).toBe('focus-filter');
    expect(resolveKey(key('?'), false).command?.type).toBe('help');
    expect(resolveKey(key('p'), false).command?.type).toBe('toggle-pause');
    expect(resolveKey(key('Enter'), false).command?.type).toBe('open-selected');
    expect(resolveKey(key('T'), false).command?.type).toBe('cycle-theme');
  });

  it('leaves typing alone in text fields, except Escape and Ctrl+Enter', () => {
    expect(resolveKey(key('j', { inEditable: true }), false)).toEqual({ pendingG: false });
    expect(resolveKey(key('/', { inEditable: true }), false)).toEqual({ pendingG: false });
    expect(resolveKey(key('Escape', { inEditable: true }), false).command?.type).toBe('escape');
    expect(resolveKey(key('Enter', { inEditable: true, ctrlKey: true }), false).command?.type).toBe(
      'apply',
    );
    expect(resolveKey(key('Enter', { metaKey: true }), false).command?.type).toBe('apply');
  });

  it('ignores keys held with modifiers (browser shortcuts keep working)', () => {
    expect(resolveKey(key('1', { ctrlKey: true }), false)).toEqual({ pendingG: false });
    expect(resolveKey(key('j', { altKey: true }), false)).toEqual({ pendingG: false });
  });

  it('opens the quick switcher with Ctrl+K (also while typing) or s', () => {
    expect(resolveKey(key('k', { ctrlKey: true }), false).command).toEqual({ type: 'switcher' });
    expect(resolveKey(key('K', { metaKey: true, inEditable: true }), false).command).toEqual({
      type: 'switcher',
    });
    expect(resolveKey(key('s'), false).command).toEqual({ type: 'switcher' });
    expect(resolveKey(key('s', { inEditable: true }), false)).toEqual({ pendingG: false });
    // g then s still goes to the error scenarios screen.
    expect(resolveKey(key('s'), true).command).toEqual({ type: 'screen', screen: 'scenarios' });
  });

  it('applies the Nth scenario with Alt+1…9, read from the physical key', () => {
    expect(resolveKey(key('1', { altKey: true, code: 'Digit1' }), false).command).toEqual({
      type: 'apply-scenario',
      n: 1,
    });
    // A Mac keyboard types ¡ for Alt+1.
    expect(resolveKey(key('¡', { altKey: true, code: 'Digit9' }), false).command).toEqual({
      type: 'apply-scenario',
      n: 9,
    });
    expect(resolveKey(key('0', { altKey: true, code: 'Digit0' }), false)).toEqual({
      pendingG: false,
    });
    expect(resolveKey(key('1', { altKey: true, code: 'Numpad1' }), false)).toEqual({
      pendingG: false,
    });
    expect(resolveKey(key('1', { altKey: true, ctrlKey: true, code: 'Digit1' }), false)).toEqual({
      pendingG: false,
    });
    expect(resolveKey(key('1', { altKey: true, code: 'Digit1', inEditable: true }), false)).toEqual(
      { pendingG: false },
    );
  });

  it('goes to personas and scenarios with 5 or g p', () => {
    expect(resolveKey(key('5'), false).command).toEqual({ type: 'screen', screen: 'presets' });
    expect(resolveKey(key('6'), false).command).toEqual({ type: 'screen', screen: 'rp-check' });
    expect(resolveKey(key('r'), true).command).toEqual({ type: 'screen', screen: 'rp-check' });
    expect(resolveKey(key('p'), true).command).toEqual({ type: 'screen', screen: 'presets' });
    // p alone still pauses the log.
    expect(resolveKey(key('p'), false).command?.type).toBe('toggle-pause');
  });
});
