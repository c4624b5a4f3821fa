/**
 * How many characters at the end stay in view (a named simulator's name ends its addresses);
 * .mid-ellipsis-head leaves room for as many (14ch).
 */
const TAIL = 14;

/**
 * A long address in the room it has: cut in the middle with an ellipsis, its start (the origin)
 * and end (the simulator's name) in view. The whole address is its title, its text for screen
 * readers, and what selecting and copying it takes (the cut is drawn, not in the text).
 */
export function MiddleEllipsis({ text, testId }: { text: string; testId?: string }) {
  const cut = Math.max(0, text.length - TAIL);
  return (
    <span className="mid-ellipsis" title={text} data-testid={testId}>
      <span className="mid-ellipsis-head">{text.slice(0, cut)}</span>
      <span className="mid-ellipsis-tail">{text.slice(cut)}</span>
    </span>
  );
}
