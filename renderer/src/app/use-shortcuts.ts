import { useEffect } from 'react';
import type { AppStore } from '../store/create-app-store.js';
import { moveSelection } from '../store/log-slice.js';
import { scenarioAt } from '../store/presets/preset-lookup.js';
import { selectors } from '../store/selectors.js';
import { nextTheme } from '../store/ui-slice.js';
import { filterTarget } from './filter-target.js';
import { resolveKey, type Command } from './shortcuts.js';

function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) {
    return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(
      target.type,
    );
  }
  return false;
}

export function runCommand(store: AppStore, command: Command): boolean {
  const s = store.getState();
  switch (command.type) {
    case 'screen':
      s.setScreen(command.screen);
      return true;
    case 'move': {
      if (s.screen !== 'log' && s.screen !== 'tokens') return false;
      const next = moveSelection(selectors.visibleExchanges(s), s.selectedId, command.delta);
      if (next !== null) s.selectExchange(next);
      return true;
    }
    case 'move-edge': {
      if (s.screen !== 'log') return false;
      const visible = selectors.visibleExchanges(s);
      const target = command.edge === 'first' ? visible[0] : visible[visible.length - 1];
      if (target) s.selectExchange(target.id);
      return true;
    }
    case 'open-selected':
      if (s.screen !== 'log' || s.selectedId === null) return false;
      s.showExchangeTokens();
      s.setScreen('tokens');
      return true;
    case 'focus-filter': {
      const target = filterTarget(s);
      target.open();
      requestAnimationFrame(() => {
        const input = document.getElementById(target.id);
        if (input instanceof HTMLInputElement) {
          input.focus();
          input.select();
        }
      });
      return true;
    }
    case 'toggle-pause':
      s.setPaused(!s.paused);
      return true;
    case 'help':
      s.openDialog(s.dialog === 'help' ? null : 'help');
      return true;
    case 'escape':
      if (s.dialog !== null) {
        s.openDialog(null);
        return true;
      }
      if (
        document.activeElement instanceof HTMLElement &&
        document.activeElement !== document.body
      ) {
        document.activeElement.blur();
        return true;
      }
      return false;
    case 'apply':
      if (s.screen !== 'config' || !selectors.isDraftDirty(s)) return false;
      void s.applyDraft();
      return true;
    case 'cycle-theme':
      s.setTheme(nextTheme(s.theme));
      return true;
    case 'switcher':
      s.openDialog(s.dialog === 'switcher' ? null : 'switcher');
      return true;
    case 'apply-scenario':
      if (!scenarioAt(s.scenarios, command.n)) return false;
      void s.applyScenarioAt(command.n);
      return true;
  }
}

/** Global keyboard shortcuts (see shortcuts.ts for the map). */
export function useShortcuts(store: AppStore): void {
  useEffect(() => {
    let pendingG = false;
    let gTimer: ReturnType<typeof setTimeout> | undefined;
    // After "/", what is typed before the filter box has the focus goes into it, not to the
    // shortcuts ("/state" must not open the quick switcher on its "s").
    let typeAhead: string | null = null;
    let frame = 0;
    const focusFilter = () => {
      typeAhead = '';
      const target = filterTarget(store.getState());
      target.open();
      let tries = 0;
      const attempt = () => {
        const input = document.getElementById(target.id);
        if (!(input instanceof HTMLInputElement)) {
          if (++tries < 30) frame = requestAnimationFrame(attempt);
          else typeAhead = null;
          return;
        }
        const typed = typeAhead ?? '';
        typeAhead = null;
        input.focus();
        if (typed === '') input.select();
        else {
          // The field shows the text and the caret at its end at once: a caret placed a frame
          // later would jump back over keys typed in between.
          target.setText(typed);
          input.value = typed;
          input.setSelectionRange(typed.length, typed.length);
        }
      };
      frame = requestAnimationFrame(attempt);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      if (
        typeAhead !== null &&
        !isEditable(event.target) &&
        !event.ctrlKey &&
        !event.metaKey &&
        !event.altKey &&
        event.key.length === 1
      ) {
        typeAhead += event.key;
        event.preventDefault();
        return;
      }
      // Inside a dialog only Escape and the help toggle apply.
      const inDialog = event.target instanceof Element && event.target.closest('dialog') !== null;
      const result = resolveKey(
        {
          key: event.key,
          ctrlKey: event.ctrlKey,
          metaKey: event.metaKey,
          altKey: event.altKey,
          code: event.code,
          inEditable: isEditable(event.target),
        },
        pendingG,
      );
      pendingG = result.pendingG;
      if (gTimer !== undefined) clearTimeout(gTimer);
      if (pendingG) gTimer = setTimeout(() => (pendingG = false), 1200);
      const command = result.command;
      if (!command) return;
      if (
        inDialog &&
        command.type !== 'escape' &&
        command.type !== 'help' &&
        command.type !== 'switcher'
      )
        return;
      // Let a focused button or link handle Enter itself.
      if (
        command.type === 'open-selected' &&
        event.key === 'Enter' &&
        event.target instanceof HTMLElement &&
        event.target.closest('button, a, [role="tab"]')
      )
        return;
      if (command.type === 'focus-filter') {
        event.preventDefault();
        focusFilter();
        return;
      }
      if (runCommand(store, command)) event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      if (gTimer !== undefined) clearTimeout(gTimer);
      cancelAnimationFrame(frame);
    };
  }, [store]);
}
