import { useEffect } from 'react';
import { Icon } from '../../components/Icon.js';
import { useAppStore, useAppStoreApi } from '../../store/app-store-context.js';
import { activeSummary } from './preset-format.js';

/**
 * The scenario and persona applied last, in the header of every screen, marked "modified" once
 * the configuration changed since. Opens them on their screen (or the quick switcher when none).
 */
export function ActivePresetChip() {
  const store = useAppStoreApi();
  const summary = activeSummary(useAppStore((s) => s.active));
  const label = summary?.label ?? null;
  const modified = summary?.modified === true;
  const rpStatus = useAppStore((s) => s.rpStatus);
  const rpRunning = rpStatus?.state === 'running';
  const watchRpCheck = useAppStore((s) => s.watchRpCheck);
  // While the check runs, its state stays fresh on every screen (the header says it is in control).
  useEffect(() => (rpRunning ? watchRpCheck() : undefined), [rpRunning, watchRpCheck]);

  const open = () => {
    const s = store.getState();
    const active = s.active;
    if (!active || (!active.scenario && !active.persona)) {
      s.openDialog('switcher');
      return;
    }
    s.selectPreset(
      active.scenario
        ? { kind: 'scenario', id: active.scenario.id }
        : { kind: 'persona', id: (active.persona as { id: string }).id },
    );
    s.setPresetsView('library');
    s.setScreen('presets');
  };

  if (rpRunning && rpStatus) {
    const step = (rpStatus.currentStep ?? 0) + 1;
    const tip = `The relying-party check is in control: step ${step} of ${rpStatus.steps.length} applies its own scenario${rpStatus.drive ? ' and signs in on your service itself' : ''}. The configuration comes back when the check ends or is stopped.`;
    return (
      <button
        type="button"
        className="active-preset is-check"
        onClick={() => store.getState().setScreen('rp-check')}
        aria-label={tip}
        aria-describedby="active-preset-tip"
        data-testid="active-preset"
        data-state="rp-check"
      >
        <Icon name="shield" size={13} />
        <span className="active-preset-label" data-testid="active-preset-label">
          <span className="active-preset-scenario">
            RP check in control · step {step} of {rpStatus.steps.length}
          </span>
        </span>
        <span
          className="active-preset-tip"
          id="active-preset-tip"
          role="tooltip"
          data-testid="active-preset-tip"
        >
          {tip}
        </span>
      </button>
    );
  }
  if (label === null) {
    return (
      <button
        type="button"
        className="active-preset is-empty"
        onClick={open}
        title="No scenario or persona applied — choose one (Ctrl+K)"
        data-testid="active-preset"
        data-state="none"
      >
        <Icon name="user" size={13} />
        <span className="active-preset-label">No scenario applied</span>
      </button>
    );
  }
  const title = [
    summary?.scenario ? `Scenario: ${summary.scenario}` : 'No scenario',
    summary?.persona ? `Persona: ${summary.persona}` : null,
    modified ? 'Changed since it was applied.' : null,
  ]
    .filter(Boolean)
    .join('\n');
  return (
    <button
      type="button"
      className={`active-preset${modified ? ' is-modified' : ''}`}
      onClick={open}
      aria-label={`In force: ${title.replace(/\n/g, '; ')}`}
      aria-describedby="active-preset-tip"
      data-testid="active-preset"
      data-state={modified ? 'modified' : 'applied'}
    >
      <Icon name={summary?.scenario ? 'list' : 'user'} size={13} />
      <span className="active-preset-label" data-testid="active-preset-label">
        {summary?.scenario ? (
          <span className="active-preset-scenario" data-testid="active-preset-scenario">
            {summary.scenario}
          </span>
        ) : null}
        {summary?.scenario && summary.persona ? (
          <span className="active-preset-sep" aria-hidden="true">
            ·
          </span>
        ) : null}
        {summary?.persona ? (
          <span className="active-preset-persona" data-testid="active-preset-persona">
            {summary.persona}
          </span>
        ) : null}
      </span>
      {modified ? (
        <span
          className="active-preset-modified"
          data-testid="active-preset-modified"
          title="Changed since it was applied"
        >
          + changes
        </span>
      ) : null}
      {/* The whole text, on hover and focus: the chip may have had to cut it. */}
      <span
        className="active-preset-tip"
        id="active-preset-tip"
        role="tooltip"
        data-testid="active-preset-tip"
      >
        {title}
      </span>
    </button>
  );
}
