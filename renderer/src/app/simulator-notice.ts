/** A line for the next page (after a delete the window opens on the root simulator). */
const NOTICE_KEY = 'identity-simulator.simulator-notice';

/** The line the previous page left, read once. */
export function takeNotice(): string | null {
  try {
    const notice = window.sessionStorage.getItem(NOTICE_KEY);
    window.sessionStorage.removeItem(NOTICE_KEY);
    return notice;
  } catch {
    return null;
  }
}

export function leaveNotice(notice: string): void {
  try {
    window.sessionStorage.setItem(NOTICE_KEY, notice);
  } catch {
    // No session storage: the root simulator opens without the line.
  }
}
