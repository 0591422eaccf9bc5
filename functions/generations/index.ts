/** Endpoint group generations: start (four ways), list, read, delete, feedback. */
import { feedbackSchema, generateFromRawTemplateFieldsSchema, generateFromStyleSchema, quickTryCustomSchema, quickTryStyleSchema } from '../../shared/schemas/generation';
import { getDb } from '../lib/aws';
import { createGroupHandler, json, noContent, requireAuth, validate, type Req } from '../lib/http';
import { ensureUser } from '../services/user-service';
import {
  deleteUserGeneration,
  getUserGeneration,
  listUserGenerations,
  readFeedback,
  startFromRawTemplate,
  startFromStyle,
  startQuickTryCustom,
  startQuickTryStyle,
  submitFeedback,
} from '../services/generation-service';

const caller = (req: Req) => ensureUser(getDb(), requireAuth(req));

type MultipartFile = { content: Buffer; mimetype?: string; filename?: string };
const fileField = (v: unknown): MultipartFile | undefined => {
  const f = Array.isArray(v) ? v[0] : v;
  return f && typeof f === 'object' && Buffer.isBuffer((f as MultipartFile).content) ? (f as MultipartFile) : undefined;
};
const textField = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

export const handler = createGroupHandler(
  'generations',
  {
    'POST /api/generate': async (req) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const fields = validate(generateFromRawTemplateFieldsSchema, { rawTemplateId: textField(body.rawTemplateId), photoProfileId: textField(body.photoProfileId) });
      const user = await caller(req);
      return json(await startFromRawTemplate(getDb(), user, { ...fields, styleRef: fileField(body.styleRef), background: fileField(body.background) }), 201);
    },
    'POST /api/generate/style': async (req) => {
      const input = validate(generateFromStyleSchema, req.body ?? {});
      return json(await startFromStyle(getDb(), await caller(req), input), 201);
    },
    'POST /api/quick-try/{styleId}': async (req) => {
      const input = validate(quickTryStyleSchema, req.body ?? {});
      return json(await startQuickTryStyle(getDb(), await caller(req), req.params.styleId, input), 201);
    },
    'POST /api/generate/quick-try': async (req) => {
      const input = validate(quickTryCustomSchema, req.body ?? {});
      return json(await startQuickTryCustom(getDb(), await caller(req), input), 201);
    },
    'GET /api/generations': async (req) => json(await listUserGenerations(getDb(), requireAuth(req).sub)),
    'GET /api/generations/{id}': async (req) => json(await getUserGeneration(getDb(), requireAuth(req).sub, req.params.id)),
    'DELETE /api/generations/{id}': async (req) => {
      await deleteUserGeneration(getDb(), requireAuth(req).sub, req.params.id);
      return noContent();
    },
    'GET /api/feedback/generation/{id}': async (req) => json(await readFeedback(getDb(), requireAuth(req).sub, req.params.id)),
    'POST /api/feedback': async (req) => {
      const input = validate(feedbackSchema, req.body ?? {});
      return json(await submitFeedback(getDb(), requireAuth(req).sub, input), 201);
    },
  },
  (auth) => ensureUser(getDb(), auth),
);
