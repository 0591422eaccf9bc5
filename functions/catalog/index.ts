/** Endpoint group catalog: styles, categories, collections, public profiles and template reads. */
import { getDb } from '../lib/aws';
import { createGroupHandler, json } from '../lib/http';
import { ensureUser } from '../services/user-service';
import { getStyleDetail, getStyleProducts, listActiveCategories, listCollections, listStyles } from '../services/catalog-service';
import { getEnabledRawTemplate, getPrompt, listEnabledRawTemplates, listPrompts } from '../services/template-service';

export const handler = createGroupHandler(
  'catalog',
  {
    'GET /api/styles': async () => json(await listStyles(getDb())),
    'GET /api/styles/{id}': async (req) => json(await getStyleDetail(getDb(), req.params.id, req.auth?.sub ?? null)),
    'GET /api/styles/{id}/products': async (req) => json(await getStyleProducts(getDb(), req.params.id, req.auth?.sub ?? null)),
    'GET /api/categories': async () => json(await listActiveCategories(getDb())),
    'GET /api/collections': async () => json(await listCollections(getDb())),
    'GET /api/raw-templates': async () => json(await listEnabledRawTemplates(getDb())),
    'GET /api/raw-templates/{id}': async (req) => json(await getEnabledRawTemplate(getDb(), req.params.id)),
    'GET /api/templates': async () => json(await listEnabledRawTemplates(getDb())),
    'GET /api/prompts': async () => json(await listPrompts(getDb())),
    'GET /api/prompt-templates/{id}': async (req) => json(await getPrompt(getDb(), req.params.id)),
  },
  (auth) => ensureUser(getDb(), auth),
);
