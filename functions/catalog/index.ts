/** Endpoint group catalog: styles, categories, collections, public profiles and template reads. */
import { getDb } from '../lib/aws';
import { createGroupHandler, json } from '../lib/http';
import { ensureUser } from '../services/user-service';
import { getEnabledRawTemplate, getPrompt, listEnabledRawTemplates, listPrompts } from '../services/template-service';

export const handler = createGroupHandler(
  'catalog',
  {
    'GET /api/raw-templates': async () => json(await listEnabledRawTemplates(getDb())),
    'GET /api/raw-templates/{id}': async (req) => json(await getEnabledRawTemplate(getDb(), req.params.id)),
    'GET /api/templates': async () => json(await listEnabledRawTemplates(getDb())),
    'GET /api/prompts': async () => json(await listPrompts(getDb())),
    'GET /api/prompt-templates/{id}': async (req) => json(await getPrompt(getDb(), req.params.id)),
  },
  (auth) => ensureUser(getDb(), auth),
);
