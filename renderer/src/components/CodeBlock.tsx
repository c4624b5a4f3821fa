import { CopyButton } from './CopyButton.js';

/** Pre-formatted text (JSON bodies, PEM keys) with a copy button. */
export function CodeBlock({
  text,
  label,
  testId,
  maxHeight,
}: {
  text: string;
  label: string;
  testId?: string;
  maxHeight?: number;
}) {
  if (text === '') return <p className="muted small">Empty</p>;
  return (
    <div className="code-block">
      <div className="code-block-copy">
        <CopyButton text={text} label={`Copy ${label}`} />
      </div>
      <pre aria-label={label} data-testid={testId} style={maxHeight ? { maxHeight } : undefined}>
        {text}
      </pre>
    </div>
  );
}
