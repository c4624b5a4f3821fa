import { Icon } from './Icon.js';

/** A search box that filters a list on the screen: `/` focuses it, Escape clears and leaves it. */
export function FilterBox({
  id,
  value,
  onChange,
  placeholder,
  label,
  testId,
}: {
  id: string;
  value: string;
  onChange: (text: string) => void;
  placeholder: string;
  label: string;
  testId: string;
}) {
  return (
    <div className="search">
      <Icon name="search" size={13} />
      <input
        id={id}
        className="input"
        type="search"
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            if (value !== '') onChange('');
            e.currentTarget.blur();
          }
        }}
        aria-label={`${label} (press / to focus)`}
        data-testid={testId}
      />
      <kbd className="kbd search-kbd">/</kbd>
    </div>
  );
}
