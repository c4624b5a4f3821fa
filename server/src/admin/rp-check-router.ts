import express, { Router, type NextFunction, type Request, type Response } from 'express';
import type { ConfigIssue } from '../config/config-types.js';
import { isPlainObject } from '../config/field-rules.js';
import { requireLoopbackHost } from '../http/require-loopback-host.js';
import { describeIssues } from '../presets/preset-store.js';
import { ID_RULE, isPresetId } from '../shared/preset-id.js';
import { schemaFileText } from '../presets/preset-schemas.js';
import { parseDriveSettings } from '../rp-check/drive/drive-settings.js';
import { probeService } from '../rp-check/drive/probe-service.js';
import { MAX_TIMEOUT_SECONDS, parsePlanDocument, toPlan } from '../rp-check/parse-plan.js';
import { PLAN_SCHEMA } from '../rp-check/plan-schema.js';
import { renderReport } from '../rp-check/render-report.js';
import type { RunError } from '../rp-check/rp-check-run.js';
import { buildReport, type RpCheckDeps } from '../rp-check/build-report.js';
import {
  REPORT_FORMATS,
  TESTER_VERDICTS,
  type Plan,
  type ReportFormat,
  type TesterVerdict,
} from '../rp-check/rp-check-types.js';

/**
 * The relying-party check under /_simulator/api/rp-check:
 *   GET  /rp-check                  the run (idle, running or finished)
 *   GET  /rp-check/plans            built-in and saved plans (and files that cannot be read)
 *   GET  /rp-check/plans/:id        one plan
 *   PUT  /rp-check/plans/:id        save a plan in the data folder
 *   GET  /rp-check/schema.json      the plan file schema
 *   POST /rp-check/start            {plan: id | plan document, attended?, timeoutSeconds?, drive?,
 *                                    reportsOutcome?}
 *   POST /rp-check/verdict          {step, verdict: pass|fail|skip|retry, note?}
 *   POST /rp-check/steps/:id/outcome {signedIn, identityAccepted?, note?}: what the user saw
 *   POST /rp-check/stop
 *   GET  /rp-check/report?format=json|junit|html
 * Every refusal is JSON: { error, error_description, issues? }; nothing changes on a refusal.
 * A driven start whose service does not answer its sign-in address is refused with 422
 * service_unreachable (issue at drive.signIn, or plan.service.signIn for the plan's own).
 */

const BODY_LIMIT = '200kb';
const MAX_NOTE = 2000;

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
    readonly issues?: ConfigIssue[],
  ) {
    super(description);
  }
}

const invalid = (description: string, issues?: ConfigIssue[]) =>
  new HttpError(
    400,
    'invalid_request',
    description,
    issues ?? [{ path: '', message: description }],
  );

const fromRunError = (e: RunError) =>
  e.code === 'conflict'
    ? new HttpError(409, 'conflict', e.message)
    : new HttpError(
        400,
        'invalid_request',
        e.message,
        e.issues ?? [{ path: '', message: e.message }],
      );

function body(req: Request): Record<string, unknown> {
  if (!isPlainObject(req.body))
    throw invalid('the body must be a JSON object (Content-Type: application/json)');
  return req.body;
}

function unknownFields(b: Record<string, unknown>, allowed: readonly string[]): ConfigIssue[] {
  return Object.keys(b)
    .filter((k) => !allowed.includes(k))
    .map((path) => ({ path, message: 'unknown field' }));
}

/** The optional note of a verdict or an outcome, trimmed (undefined when blank). */
function readNote(b: Record<string, unknown>, issues: ConfigIssue[]): string | undefined {
  if (b.note === undefined) return undefined;
  if (typeof b.note !== 'string' || b.note.length > MAX_NOTE) {
    issues.push({ path: 'note', message: `must be a string of at most ${MAX_NOTE} characters` });
    return undefined;
  }
  return b.note.trim() || undefined;
}

export function createRpCheckRouter(deps: RpCheckDeps): Router {
  const { run, plans } = deps;
  const router = Router();
  router.use(
    '/rp-check',
    requireLoopbackHost,
    express.json({ limit: BODY_LIMIT }),
    (_req, res, next) => {
      res.setHeader('Cache-Control', 'no-store');
      next();
    },
  );

  const route =
    (handler: (req: Request, res: Response) => void) =>
    (req: Request, res: Response, next: NextFunction): void => {
      try {
        handler(req, res);
      } catch (error) {
        next(error);
      }
    };

  const asyncRoute =
    (handler: (req: Request, res: Response) => Promise<void>) =>
    (req: Request, res: Response, next: NextFunction): void => {
      handler(req, res).catch(next);
    };

  const findPlan = (id: unknown): Plan => {
    if (!isPresetId(id))
      throw invalid(`"${String(id).slice(0, 80)}" is not a plan id`, [
        { path: 'plan', message: ID_RULE },
      ]);
    const found = plans.get(id);
    if (found.kind === 'missing')
      throw new HttpError(404, 'not_found', `no plan has the id "${id}"`);
    if (found.kind === 'broken')
      throw new HttpError(409, 'conflict', `plans/${id}.json cannot be used: ${found.message}`);
    return found.plan;
  };

  router.get('/rp-check', (_req, res) => {
    res.json(run.status());
  });

  router.get('/rp-check/plans', (_req, res) => {
    res.json(plans.list());
  });

  router.get('/rp-check/schema.json', (_req, res) => {
    res.type('application/schema+json').send(schemaFileText(PLAN_SCHEMA));
  });

  router.get(
    '/rp-check/plans/:id',
    route((req, res) => {
      res.json(findPlan(req.params.id));
    }),
  );

  router.put(
    '/rp-check/plans/:id',
    route((req, res) => {
      const id = req.params.id;
      if (!isPresetId(id) || id === 'default')
        throw invalid(`"${String(id).slice(0, 80)}" cannot be the id of a saved plan`, [
          {
            path: 'id',
            message: `${ID_RULE}, not "default"`,
          },
        ]);
      if (!plans.dataDir)
        throw new HttpError(409, 'conflict', 'no data folder: start with --data-dir <folder>');
      const b = { ...body(req) };
      if (typeof b.builtIn === 'boolean') delete b.builtIn;
      const doc = parsePlanDocument(b);
      if (!doc.ok) throw invalid(describeIssues(doc.error), doc.error);
      if (doc.value.id !== undefined && doc.value.id !== id)
        throw invalid('the id in the body differs from the id in the path', [
          { path: 'id', message: `must be "${id}"` },
        ]);
      const plan = toPlan(doc.value, id);
      const checked = run.checkPlan(plan);
      if (!checked.ok) throw fromRunError(checked.error);
      plans.save(plan);
      res.json(plan);
    }),
  );

  router.post(
    '/rp-check/start',
    asyncRoute(async (req, res) => {
      const b = body(req);
      const issues = unknownFields(b, [
        'plan',
        'attended',
        'timeoutSeconds',
        'drive',
        'reportsOutcome',
      ]);
      const drive = b.drive === undefined ? undefined : parseDriveSettings(b.drive, 'drive');
      if (drive && !drive.ok) issues.push(...drive.error);
      if (b.attended !== undefined && typeof b.attended !== 'boolean')
        issues.push({ path: 'attended', message: 'must be true or false' });
      if (b.reportsOutcome !== undefined && typeof b.reportsOutcome !== 'boolean')
        issues.push({ path: 'reportsOutcome', message: 'must be true or false' });
      const t = b.timeoutSeconds;
      if (
        t !== undefined &&
        (typeof t !== 'number' || !Number.isInteger(t) || t < 1 || t > MAX_TIMEOUT_SECONDS)
      )
        issues.push({
          path: 'timeoutSeconds',
          message: `must be a whole number from 1 to ${MAX_TIMEOUT_SECONDS}`,
        });
      if (b.plan === undefined) issues.push({ path: 'plan', message: 'is required' });
      else if (typeof b.plan !== 'string' && !isPlainObject(b.plan))
        issues.push({ path: 'plan', message: 'must be a plan id or a plan object' });
      if (issues.length) throw invalid(describeIssues(issues), issues);
      let plan: Plan;
      if (typeof b.plan === 'string') plan = findPlan(b.plan);
      else {
        const doc = parsePlanDocument(b.plan);
        if (!doc.ok) {
          const located = doc.error.map((i) => ({
            ...i,
            path: i.path ? `plan.${i.path}` : 'plan',
          }));
          throw invalid(describeIssues(located), located);
        }
        plan = toPlan(doc.value, doc.value.id ?? 'custom');
      }
      const driven = drive?.ok ? drive.value : plan.service;
      // A driven run against a service that does not answer would only mark every step "not
      // judged": probe it first (after the checks that need no request, so they answer at once).
      if (driven && run.status().state !== 'running' && run.checkPlan(plan).ok) {
        const reached = await probeService(driven);
        if (!reached.ok) {
          const path = drive?.ok ? 'drive.signIn' : 'plan.service.signIn';
          throw new HttpError(422, 'service_unreachable', reached.error.message, [
            { path, message: `could not be reached: ${reached.error.cause}` },
          ]);
        }
      }
      const started = run.start(plan, {
        attended: b.attended !== false,
        reportsOutcome: b.reportsOutcome === true,
        ...(typeof t === 'number' ? { timeoutSeconds: t } : {}),
        ...(driven ? { drive: driven } : {}),
      });
      if (!started.ok) throw fromRunError(started.error);
      res.status(201).json(started.value);
    }),
  );

  router.post(
    '/rp-check/verdict',
    route((req, res) => {
      const b = body(req);
      const issues = unknownFields(b, ['step', 'verdict', 'note']);
      if (typeof b.step !== 'string' || !b.step)
        issues.push({ path: 'step', message: 'must be the id of a step' });
      if (
        typeof b.verdict !== 'string' ||
        !(TESTER_VERDICTS as readonly string[]).includes(b.verdict)
      )
        issues.push({ path: 'verdict', message: `must be one of ${TESTER_VERDICTS.join(', ')}` });
      const note = readNote(b, issues);
      if (issues.length) throw invalid(describeIssues(issues), issues);
      const r = run.verdict(b.step as string, b.verdict as TesterVerdict, note);
      if (!r.ok) throw fromRunError(r.error);
      res.json(r.value);
    }),
  );

  router.post(
    '/rp-check/steps/:id/outcome',
    route((req, res) => {
      const b = body(req);
      const issues = unknownFields(b, ['signedIn', 'identityAccepted', 'note']);
      if (typeof b.signedIn !== 'boolean')
        issues.push({ path: 'signedIn', message: 'must be true or false' });
      if (b.identityAccepted !== undefined && typeof b.identityAccepted !== 'boolean')
        issues.push({ path: 'identityAccepted', message: 'must be true or false when given' });
      const note = readNote(b, issues);
      if (issues.length) throw invalid(describeIssues(issues), issues);
      const r = run.outcome(String(req.params.id), {
        signedIn: b.signedIn as boolean,
        ...(typeof b.identityAccepted === 'boolean'
          ? { identityAccepted: b.identityAccepted }
          : {}),
        ...(note ? { note } : {}),
      });
      if (!r.ok) throw fromRunError(r.error);
      res.json(r.value);
    }),
  );

  router.post(
    '/rp-check/stop',
    route((_req, res) => {
      const r = run.stop();
      if (!r.ok) throw fromRunError(r.error);
      res.json(r.value);
    }),
  );

  router.get(
    '/rp-check/report',
    route((req, res) => {
      const format = req.query.format ?? 'json';
      if (typeof format !== 'string' || !(REPORT_FORMATS as readonly string[]).includes(format))
        throw invalid(`format must be one of ${REPORT_FORMATS.join(', ')}`, [
          { path: 'format', message: `must be one of ${REPORT_FORMATS.join(', ')}` },
        ]);
      const report = buildReport(deps);
      if (report.state === 'idle') throw new HttpError(409, 'conflict', 'no run has been started');
      const rendered = renderReport(report, format as ReportFormat);
      const name = `rp-check-${report.plan?.id ?? 'plan'}.${rendered.extension}`;
      res
        .status(200)
        .type(`${rendered.contentType}; charset=utf-8`)
        .setHeader('Content-Disposition', `attachment; filename="${name}"`)
        .send(rendered.text);
    }),
  );

  router.use('/rp-check', (error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (error instanceof HttpError) {
      res.status(error.status).json({
        error: error.error,
        error_description: error.description,
        ...(error.issues
          ? { issues: error.issues.map(({ path, message }) => ({ path, message })) }
          : {}),
      });
      return;
    }
    const e = error as { type?: string; status?: number };
    if (e.type === 'entity.too.large') {
      res.status(413).json({
        error: 'invalid_request',
        error_description: `the body is larger than ${BODY_LIMIT}`,
      });
      return;
    }
    if (typeof e.status === 'number' && e.status >= 400 && e.status < 500) {
      res.status(e.status).json({
        error: 'invalid_request',
        error_description:
          e.type === 'entity.parse.failed'
            ? 'the body is not valid JSON'
            : 'the request cannot be read',
      });
      return;
    }
    next(error);
  });

  return router;
}
