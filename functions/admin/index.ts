/** Endpoint group admin: operations reserved to the admin role (checked against the user item). */
import { adjustCreditsSchema } from '../../shared/schemas/credits';
import { financeLedgerQuery, financeSummaryQuery } from '../../shared/schemas/billing';
import { financeCsv, financeLedger, financeReconciliation, financeSummary } from '../services/finance-service';
import { getDb } from '../lib/aws';
import { createGroupHandler, json, requireAuth, validate } from '../lib/http';
import { adjustCredits } from '../services/credit-service';
import { ensureUser } from '../services/user-service';

export const handler = createGroupHandler(
  'admin',
  {
    'POST /api/admin/credits/adjust': async (req) => {
      const input = validate(adjustCreditsSchema, req.body);
      const result = await adjustCredits(getDb(), requireAuth(req).sub, input);
      return json(result, result.applied ? 201 : 200);
    },
    'GET /api/admin/finance/ledger': async (req) => json(await financeLedger(getDb(), validate(financeLedgerQuery, req.query))),
    'GET /api/admin/finance/summary': async (req) => json(await financeSummary(getDb(), validate(financeSummaryQuery, req.query))),
    'GET /api/admin/finance/reconciliation': async () => json(await financeReconciliation(getDb())),
    'GET /api/admin/finance/export.csv': async (req) => {
      const { csv, from, to } = await financeCsv(getDb(), validate(financeLedgerQuery, req.query));
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
  },
  (auth) => ensureUser(getDb(), auth),
);
