/** An on/off switch (role="switch"), labelled for screen readers. */
export function Switch({
  checked,
  onChange,
  label,
  id,
  disabled,
  testId,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  id?: string;
  disabled?: boolean;
  testId?: string;
}) {
  return (
    <button
      type="button"
      role="switch"
      id={id}
      aria-checked={checked}
      aria-label={label}
      disabled={disabled}
      className={`switch${checked ? ' is-on' : ''}`}
      onClick={() => onChange(!checked)}
      data-testid={testId}
    >
      <span className="switch-thumb" />
    </button>
  );
}
