import type { AuthorizationRequest } from './authorization-request.js';

/** An interactive-mode sign-in waiting for the tester to submit the form. */
export interface PendingInteraction {
  request: AuthorizationRequest;
  sessionId: string;
  sid: string;
  authTime: number;
  journeyId: string;
}
