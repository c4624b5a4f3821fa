/** A refused form row, or a single input the form marked as refused. */
const REFUSED = '.field.is-invalid, input[aria-invalid="true"], textarea[aria-invalid="true"]';
/** The row's own control; its revert button comes earlier in the row, so it is looked for last. */
const CONTROLS = [
  '.field-control :is(input, textarea, select, button)',
  ':is(input, textarea, select, button)',
];

/**
 * Brings the first refused field inside `root` into view and puts the cursor in it. Returns
 * whether there was one.
 */
export function focusFirstIssue(root: ParentNode | null = document): boolean {
  const first = root?.querySelector<HTMLElement>(REFUSED);
  if (!first) return false;
  first.scrollIntoView({ block: 'center' });
  const control = first.matches('input, textarea')
    ? first
    : CONTROLS.map((c) => first.querySelector<HTMLElement>(c)).find((el) => el !== null);
  control?.focus({ preventScroll: true });
  return true;
}
