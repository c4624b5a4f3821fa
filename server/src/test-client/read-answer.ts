/** An answer the test client received, and what it reads from one. */
export interface Answer {
  status: number;
  location: string | null;
  contentType: string;
  text: string;
}

export function parseJson(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The error an OAuth answer carries, in one line. */
export function oauthErrorOf(answer: Answer): string {
  const body = parseJson(answer.text);
  if (body && typeof body.error === 'string')
    return `${body.error}${typeof body.error_description === 'string' ? `: ${body.error_description}` : ''}`;
  return `HTTP ${answer.status}`;
}

/** The interaction id of the interactive form, from its hidden field. */
export function interactionIdOf(html: string): string | undefined {
  return /name="interactionId" value="([^"]+)"/.exec(html)?.[1];
}
