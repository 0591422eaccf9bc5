/**
 * Endpoint group admin: operations reserved to admins (credits, finance, prompt and raw templates, influencer
 * application review) and the style editor shared with influencers (styles, products, product links, categories).
 * Roles are checked against the user item by the pipeline (shared/routes/); ownership by the services.
 */
import { refusalSummary, takeDownReportedStyle } from '../content-safety-service';
import { listShareReports, takeDownShare } from '../../shares';
import { financeCsv, financeLedger, financeReconciliation, financeSummary } from '../../billing';
import { getDb } from '../../lib/aws';
import { createGroupHandler, raw, reply } from '../../lib/http';
import { adminRoutes } from '../../../shared/routes/admin';
import { generationStarts } from '../../generations';
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
    'POST /api/admin/credits/adjust': async ({ caller, body }) => {
      const result = await adjustCredits(getDb(), caller.user.id, body);
      // a repeat of the same idempotency key applies nothing: 200
      return reply(result, { status: result.applied ? 201 : 200 });
    },
    'GET /api/admin/finance/ledger': async (req) => financeLedger(getDb(), req.query),
    'GET /api/admin/finance/summary': async (req) => financeSummary(getDb(), req.query),
    'GET /api/admin/finance/reconciliation': async () => financeReconciliation(getDb()),
    'GET /api/admin/users': async (req) => searchUsers(getDb(), req.query),
    'GET /api/admin/finance/export.csv': async (req) => {
      const { csv, from, to } = await financeCsv(getDb(), req.query);
      return raw({
        statusCode: 200,
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="ledger-${from}-to-${to}.csv"`,
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
        },
        body: csv,
      });
    },

    // style editor (influencers and admins)
    'GET /api/admin/styles': async (req) => listEditorStyles(getDb(), req.caller.user),
    'POST /api/admin/styles': async (req) => createEditorStyle(getDb(), req.caller.user, req.body),
    'PATCH /api/admin/styles/{id}': async (req) => updateEditorStyle(getDb(), req.caller.user, req.params.id, req.body),
    'DELETE /api/admin/styles/{id}': async (req) => deleteEditorStyle(getDb(), req.caller.user, req.params.id),
    // generate a cover (needs states:StartExecution for the admin group in AWS, see infra/lib/constructs/api.ts)
    // an `idempotent` start: the pipeline answers a repeat of its Idempotency-Key (functions/lib/idempotency.ts)
    'POST /api/admin/styles/{id}/cover': async ({ caller, params, idempotency }) =>
      startStyleCover(getDb(), caller.user, params.id, idempotency),
    'POST /api/admin/styles/{id}/cover/from-generation': async (req) => {
      const { generationId } = req.body;
      return setCoverFromGeneration(getDb(), req.caller.user, req.params.id, generationId);
    },
    'GET /api/admin/categories': async () => listAllCategories(getDb()),
    'GET /api/admin/products': async (req) =>
      await listProductsOfStyle(getDb(), req.caller.user, req.query.style ?? req.query.styleId),
    'POST /api/admin/products': async (req) => createProductFor(getDb(), req.caller.user, req.body),
    'PATCH /api/admin/products/{id}': async (req) =>
      await updateProductFor(getDb(), req.caller.user, req.params.id, req.body),
    'DELETE /api/admin/products/{id}': async (req) => deleteProductFor(getDb(), req.caller.user, req.params.id),
    'POST /api/admin/product-links': async (req) => {
      const { productId, ...link } = req.body;
      return createLinkFor(getDb(), req.caller.user, productId, link);
    },
    'PATCH /api/admin/product-links/{id}': async (req) =>
      await updateLinkFor(getDb(), req.caller.user, req.params.id, req.body),
    'GET /api/admin/products/{id}/links': async (req) =>
      await listLinksOfProduct(getDb(), req.caller.user, req.params.id),
    'POST /api/admin/products/{id}/links': async (req) =>
      await createLinkFor(getDb(), req.caller.user, req.params.id, req.body),

    // influencer applications (admins)
    'GET /api/admin/influencer/applications': async (req) => {
      const q = req.query;
      return adminListApplications(getDb(), q.status && q.status !== 'all' ? q.status : null);
    },
    'PATCH /api/admin/influencer/applications/{id}': async (req) =>
      await adminReviewApplication(getDb(), req.caller.user, req.params.id, req.body),

    // content safety (admins)
    'GET /api/admin/content-safety': async () => refusalSummary(getDb()),
    'POST /api/admin/style-reports/{id}/take-down': async (req) => takeDownReportedStyle(getDb(), req.params.id),
    'GET /api/admin/share-reports': async () => listShareReports(getDb()),
    'POST /api/admin/share-reports/{id}/take-down': async (req) => takeDownShare(getDb(), req.params.id),

    // prompt templates (admins)
    'GET /api/admin/prompts': async () => adminListPrompts(getDb()),
    'POST /api/admin/prompts': async (req) => adminCreatePrompt(getDb(), req.body),
    'PATCH /api/admin/prompts/{id}': async (req) => adminUpdatePrompt(getDb(), req.params.id, req.body),
    'DELETE /api/admin/prompts/{id}': async (req) => adminDeletePrompt(getDb(), req.params.id),
    'POST /api/admin/prompts/test': async (req) => {
      const { styleId, photoProfileId } = req.body;
      return testPrompt(getDb(), req.caller.user, styleId, photoProfileId);
    },

    // raw templates (admins)
    'GET /api/admin/raw-templates': async () => adminListRawTemplates(getDb()),
    'POST /api/admin/raw-templates': async (req) => adminCreateRawTemplate(getDb(), req.body),
    'PATCH /api/admin/raw-templates/{id}': async (req) =>
      await adminUpdateRawTemplate(getDb(), req.params.id, req.body),
    'DELETE /api/admin/raw-templates/{id}': async (req) => adminDeleteRawTemplate(getDb(), req.params.id),
    'POST /api/admin/raw-templates/compile': async (req) => {
      const { jsonText, sampleUrls } = req.body;
      return compileTemplate(jsonText, sampleUrls);
    },
  },
  { loadUser: (auth) => ensureUser(getDb(), auth), idempotency: generationStarts(getDb) },
);
