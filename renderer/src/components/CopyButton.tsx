import { useState } from 'react';
import { Icon } from './Icon.js';

/** Copies `text` to the clipboard and says so for a moment. */
export function CopyButton({
  text,
  label,
  testId,
}: {
  text: string;
  label: string;
  testId?: string;
}) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // Clipboard denied (insecure context): select-and-copy fallback.
      const area = document.createElement('textarea');
      area.value = text;
      document.body.appendChild(area);
      area.select();
      document.execCommand('copy');
      area.remove();
    }
    setCopied(true);
    window.setTimeout(() => setCopied(false), 1200);
  };
  return (
    <button
      type="button"
      className={`icon-btn${copied ? ' is-done' : ''}`}
      onClick={() => void copy()}
      aria-label={copied ? `${label}: copied` : label}
      title={copied ? 'Copied' : label}
      data-testid={testId}
    >
      <Icon name={copied ? 'check' : 'copy'} size={13} />
    </button>
  );
}
