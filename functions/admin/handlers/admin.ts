/**
 * Endpoint group admin: operations reserved to admins (credits, finance, prompt and raw templates, influencer
 * application review) and the style editor shared with influencers (styles, products, product links, categories).
 * Roles are checked against the user item by the pipeline (shared/routes/); ownership by the services.
 */
import { refusalSummary, takeDownReportedStyle } from '../content-safety-service';
import { listShareReports, takeDownShare } from '../../shares';
import { financeCsv, financeLedger, financeReconciliation, financeSummary } from '../../billing';
import { getDb } from '../../lib/aws';
import { currentUser } from '../../profiles';
import { createGroupHandler, json, requireAuth } from '../../lib/http';
import { adminRoutes } from '../../../shared/routes/admin';
import { idempotencyClaim } from '../../lib/idempotency';
import { adjustCredits } from '../../billing';
import { searchUsers } from '../admin-user-service';
import { ensureUser } from '../../profiles';
import {
  createEditorStyle,
  deleteEditorStyle,
  listAllCategories,
  listEditorStyles,
  updateEditorStyle,
} from '../../styles';
import {
  createLinkFor,
  createProductFor,
  deleteProductFor,
  listLinksOfProduct,
  listProductsOfStyle,
  updateLinkFor,
  updateProductFor,
} from '../../styles';
import { setCoverFromGeneration, startStyleCover } from '../../styles';
import { adminListApplications, adminReviewApplication } from '../../styles';
import {
  adminCreatePrompt,
  adminCreateRawTemplate,
  adminDeletePrompt,
  adminDeleteRawTemplate,
  adminListPrompts,
  adminListRawTemplates,
  adminUpdatePrompt,
  adminUpdateRawTemplate,
  compileTemplate,
  testPrompt,
} from '../../styles';

export const handler = createGroupHandler(
  adminRoutes,
  {
    'POST /api/admin/credits/adjust': async (req) => {
      const input = req.body;
      const result = await adjustCredits(getDb(), requireAuth(req).sub, input);
      return json(result, result.applied ? 201 : 200);
    },
    'GET /api/admin/finance/ledger': async (req) => json(await financeLedger(getDb(), req.query)),
    'GET /api/admin/finance/summary': async (req) => json(await financeSummary(getDb(), req.query)),
    'GET /api/admin/finance/reconciliation': async () => json(await financeReconciliation(getDb())),
    'GET /api/admin/users': async (req) => json(await searchUsers(getDb(), req.query)),
    'GET /api/admin/finance/export.csv': async (req) => {
      const { csv, from, to } = await financeCsv(getDb(), req.query);
      return {
        statusCode: 200,
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="ledger-${from}-to-${to}.csv"`,
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
        },
        body: csv,
      };
    },

    // style editor (influencers and admins)
    'GET /api/admin/styles': async (req) => json(await listEditorStyles(getDb(), await currentUser(req))),
    'POST /api/admin/styles': async (req) =>
      json(await createEditorStyle(getDb(), await currentUser(req), req.body), 201),
    'PATCH /api/admin/styles/{id}': async (req) => {
      const user = await currentUser(req);
      return json(await updateEditorStyle(getDb(), user, req.params.id, req.body));
    },
    'DELETE /api/admin/styles/{id}': async (req) =>
      json(await deleteEditorStyle(getDb(), await currentUser(req), req.params.id)),
    // generate a cover (needs states:StartExecution for the admin group in AWS, see infra/lib/constructs/api.ts)
    'POST /api/admin/styles/{id}/cover': async (req) => {
      const idempotency = idempotencyClaim(req, {});
      const r = await startStyleCover(getDb(), await currentUser(req), req.params.id, { idempotency });
      return json({ id: r.id }, r.replayed ? 200 : 201, r.replayed ? { 'idempotent-replayed': 'true' } : {});
    },
    'POST /api/admin/styles/{id}/cover/from-generation': async (req) => {
      const { generationId } = req.body;
      return json(await setCoverFromGeneration(getDb(), await currentUser(req), req.params.id, generationId));
    },
    'GET /api/admin/categories': async () => json(await listAllCategories(getDb())),
    'GET /api/admin/products': async (req) =>
      json(await listProductsOfStyle(getDb(), await currentUser(req), req.query.style ?? req.query.styleId)),
    'POST /api/admin/products': async (req) =>
      json(await createProductFor(getDb(), await currentUser(req), req.body), 201),
    'PATCH /api/admin/products/{id}': async (req) =>
      json(await updateProductFor(getDb(), await currentUser(req), req.params.id, req.body)),
    'DELETE /api/admin/products/{id}': async (req) =>
      json(await deleteProductFor(getDb(), await currentUser(req), req.params.id)),
    'POST /api/admin/product-links': async (req) => {
      const { productId, ...link } = req.body;
      return json(await createLinkFor(getDb(), await currentUser(req), productId, link), 201);
    },
    'PATCH /api/admin/product-links/{id}': async (req) =>
      json(await updateLinkFor(getDb(), await currentUser(req), req.params.id, req.body)),
    'GET /api/admin/products/{id}/links': async (req) =>
      json(await listLinksOfProduct(getDb(), await currentUser(req), req.params.id)),
    'POST /api/admin/products/{id}/links': async (req) =>
      json(await createLinkFor(getDb(), await currentUser(req), req.params.id, req.body), 201),

    // influencer applications (admins)
    'GET /api/admin/influencer/applications': async (req) => {
      const q = req.query;
      return json(await adminListApplications(getDb(), q.status && q.status !== 'all' ? q.status : null));
    },
    'PATCH /api/admin/influencer/applications/{id}': async (req) =>
      json(await adminReviewApplication(getDb(), await currentUser(req), req.params.id, req.body)),

    // content safety (admins)
    'GET /api/admin/content-safety': async () => json(await refusalSummary(getDb())),
    'POST /api/admin/style-reports/{id}/take-down': async (req) =>
      json(await takeDownReportedStyle(getDb(), req.params.id)),
    'GET /api/admin/share-reports': async () => json(await listShareReports(getDb())),
    'POST /api/admin/share-reports/{id}/take-down': async (req) => json(await takeDownShare(getDb(), req.params.id)),

    // prompt templates (admins)
    'GET /api/admin/prompts': async () => json(await adminListPrompts(getDb())),
    'POST /api/admin/prompts': async (req) => json(await adminCreatePrompt(getDb(), req.body), 201),
    'PATCH /api/admin/prompts/{id}': async (req) => json(await adminUpdatePrompt(getDb(), req.params.id, req.body)),
    'DELETE /api/admin/prompts/{id}': async (req) => json(await adminDeletePrompt(getDb(), req.params.id)),
    'POST /api/admin/prompts/test': async (req) => {
      const { styleId, photoProfileId } = req.body;
      return json(await testPrompt(getDb(), await currentUser(req), styleId, photoProfileId));
    },

    // raw templates (admins)
    'GET /api/admin/raw-templates': async () => json(await adminListRawTemplates(getDb())),
    'POST /api/admin/raw-templates': async (req) => json(await adminCreateRawTemplate(getDb(), req.body), 201),
    'PATCH /api/admin/raw-templates/{id}': async (req) =>
      json(await adminUpdateRawTemplate(getDb(), req.params.id, req.body)),
    'DELETE /api/admin/raw-templates/{id}': async (req) => json(await adminDeleteRawTemplate(getDb(), req.params.id)),
    'POST /api/admin/raw-templates/compile': async (req) => {
      const { jsonText, sampleUrls } = req.body;
      return json(compileTemplate(jsonText, sampleUrls));
    },
  },
  (auth) => ensureUser(getDb(), auth),
);
