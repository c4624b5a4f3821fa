import type { Request, Response } from 'express';
import { VOCAB_URL } from '../../config/config-types.js';
import {
  invalidRequestBearer,
  invalidScopeBearer,
  invalidToken,
} from '../../errors/oauth-error.js';
import { notesOf } from '../../http/exchange-notes.js';
import { sendBearerError, sendServerError } from '../../http/respond.js';
import { userInfoScenario } from '../../scenarios/userinfo-scenario.js';
import type { SimulatorContext } from '../../simulator/simulator-context.js';
import { levelRank } from '../authorize/check-identity-outcome.js';
import { accessTokenKey } from '../../tokens/access-token-key.js';
import { issueCoreIdentityJwt } from '../../tokens/issue-core-identity-jwt.js';

const INVALID_ACCESS_TOKEN = 'Invalid access token';
export const MISSING_ACCESS_TOKEN = 'Missing access token';
const claim = (name: string) => `${VOCAB_URL}/v1/${name}`;

/** GET /userinfo: the claims the access token's scopes and claims allow. */
export async function handleUserinfo(
  ctx: SimulatorContext,
  req: Request,
  res: Response,
): Promise<void> {
  const notes = notesOf(res);
  const header = req.headers.authorization;
  // A missing token is invalid_token too (provider document: "missing, invalid or expired").
  if (header === undefined) return sendBearerError(res, invalidToken(MISSING_ACCESS_TOKEN));
  const match = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/i.exec(header);
  if (!match) return sendBearerError(res, invalidToken(INVALID_ACCESS_TOKEN));
  const token = match[1] as string;
  notes.tokens.push({ role: 'access_token', compact: token });
  notes.links.accessToken = token;

  const config = ctx.config.get();
  const record = ctx.accessTokens.get(accessTokenKey(token));
  const scenario = userInfoScenario(config.errorConfiguration.userInfoErrors);
  if (scenario) {
    notes.scenarios.push(`userinfo:${scenario.name}`);
    // The answer belongs to the sign-in that was given this access token (for the log).
    if (record) notes.journeyId = record.journeyId;
    if (scenario.error.status >= 500) sendServerError(res, scenario.error);
    else sendBearerError(res, scenario.error);
    return;
  }
  const client = config.clientConfiguration;
  // The server-side record is the authority: it exists only for tokens this simulator issued,
  // unchanged, and not yet expired. No signature check is needed on the hot path.
  if (!record || record.issuer !== `${config.simulatorUrl}/`)
    return sendBearerError(res, invalidToken(INVALID_ACCESS_TOKEN));
  notes.journeyId = record.journeyId;
  notes.links.sid = record.sid;
  if (record.clientId !== client.clientId)
    return sendBearerError(res, invalidToken(INVALID_ACCESS_TOKEN));

  const scopes = record.scopes;
  if (!scopes.every((s) => client.scopes.includes(s)))
    return sendBearerError(res, invalidScopeBearer('Invalid, unknown or malformed scope'));
  const claims = record.claims;
  if (!claims.every((c) => client.claims.includes(c)))
    return sendBearerError(res, invalidRequestBearer('Invalid request'));

  const response = record.response;
  const body: Record<string, unknown> = { sub: response.sub };
  if (scopes.includes('email')) {
    body.email = response.email;
    body.email_verified = response.emailVerified;
  }
  if (scopes.includes('phone')) {
    if (response.phoneNumber !== null) body.phone_number = response.phoneNumber;
    body.phone_number_verified = response.phoneNumberVerified;
  }
  if (client.identityVerificationSupported && claims.length) {
    const wants = (name: string) => claims.includes(claim(name));
    const proven = levelRank(response.maxLoCAchieved) >= levelRank(record.levelOfConfidence);
    if (wants('drivingPermit') && response.drivingPermitDetails)
      body[claim('drivingPermit')] = response.drivingPermitDetails;
    if (wants('passport') && response.passportDetails)
      body[claim('passport')] = response.passportDetails;
    if (wants('address') && response.postalAddressDetails)
      body[claim('address')] = response.postalAddressDetails;
    if (wants('returnCode') && response.returnCodes)
      body[claim('returnCode')] = response.returnCodes;
    if (wants('coreIdentityJWT') && proven && response.coreIdentityVerifiableCredentials) {
      const core = await issueCoreIdentityJwt(
        ctx,
        { response, audience: record.clientId },
        response.coreIdentityVerifiableCredentials,
      );
      body[claim('coreIdentityJWT')] = core.jwt;
      notes.tokens.push({ role: 'core_identity', compact: core.jwt });
      notes.scenarios.push(...core.scenarios);
    }
  }
  notes.outcome = { kind: 'success' };
  res.setHeader('Cache-Control', 'no-store');
  res.json(body);
}
