import { randomUUID } from 'node:crypto';

/**
 * A random UUID (v4) held as one flat string. Node assembles randomUUID() from pieces, which V8
 * keeps as a tree of about fifteen string fragments (some 490 bytes) until the string is first
 * read; reading a character joins it into one string of about 60 bytes. Identifiers the
 * simulator keeps for minutes (journeys, sessions, logged exchanges) are made here so each costs
 * the smaller size.
 */
export function newId(): string {
  const id = randomUUID();
  id.charCodeAt(0);
  return id;
}
