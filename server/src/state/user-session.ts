/** The simulated user's session with the provider (a browser cookie names it). */
export interface UserSession {
  id: string;
  sid: string;
  /** Seconds since the epoch of the last authentication. */
  authTime: number;
  /** The last sign-in made in this session (links logout to it in the request log). */
  lastJourneyId?: string;
}
