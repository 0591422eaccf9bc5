import re
p='shared/routes.ts'
s=open(p).read()
A={
'GET /api/admin/style-reports':"response: S.styleReportListSchema",
'POST /api/upload':"multipart: { fields: S.uploadFieldsSchema, files: ['file'] }, response: S.uploadResultSchema, status: 201",
'POST /api/stripe/webhook':"response: S.receivedSchema",
'POST /api/admin/credits/adjust':"body: S.adjustCreditsSchema, response: S.adjustCreditsResultSchema, status: 201",
'GET /api/admin/finance/ledger':"query: S.financeLedgerQuery, response: S.financeLedgerPageSchema",
'GET /api/admin/finance/summary':"query: S.financeSummaryQuery, response: S.financeSummarySchema",
'GET /api/admin/finance/reconciliation':"response: S.reconciliationReportSchema",
'GET /api/admin/finance/export.csv':"query: S.financeLedgerQuery, produces: 'text/csv'",
'GET /api/admin/content-safety':"response: S.refusalSummarySchema",
'POST /api/admin/style-reports/{id}/take-down':"response: S.takeDownResultSchema",
'GET /api/admin/styles':"query: S.adminStylesQuery, response: S.adminStyleListSchema",
'POST /api/admin/styles':"body: S.styleCreateSchema, response: S.adminStyleSchema, status: 201",
'PATCH /api/admin/styles/{id}':"body: S.stylePatchSchema, response: S.adminStyleSchema",
'DELETE /api/admin/styles/{id}':"response: S.idResultSchema",
'POST /api/admin/styles/{id}/cover':"response: S.idResultSchema, status: 201",
'POST /api/admin/styles/{id}/cover/from-generation':"body: S.coverFromGenerationSchema, response: S.adminStyleSchema",
'GET /api/admin/categories':"response: S.categoryListSchema",
'GET /api/admin/products':"query: S.adminProductsQuery, response: S.adminProductListSchema",
'POST /api/admin/products':"body: S.productCreateSchema, response: S.adminProductSchema, status: 201",
'PATCH /api/admin/products/{id}':"body: S.productPatchSchema, response: S.adminProductSchema",
'DELETE /api/admin/products/{id}':"response: S.idResultSchema",
'GET /api/admin/products/{id}/links':"response: S.adminProductLinkListSchema",
'POST /api/admin/products/{id}/links':"body: S.productLinkForProductSchema, response: S.adminProductLinkSchema, status: 201",
'POST /api/admin/product-links':"body: S.productLinkCreateSchema, response: S.adminProductLinkSchema, status: 201",
'PATCH /api/admin/product-links/{id}':"body: S.productLinkPatchSchema, response: S.adminProductLinkSchema",
'GET /api/admin/influencer/applications':"query: S.applicationListQuery, response: S.adminApplicationListSchema",
'PATCH /api/admin/influencer/applications/{id}':"body: S.applicationReviewSchema, response: S.influencerApplicationSchema",
'GET /api/admin/prompts':"response: S.adminPromptTemplateListSchema",
'POST /api/admin/prompts':"body: S.promptCreateSchema, response: S.adminPromptTemplateSchema, status: 201",
'POST /api/admin/prompts/test':"body: S.promptTestSchema, response: S.promptTestResultSchema",
'PATCH /api/admin/prompts/{id}':"body: S.promptPatchSchema, response: S.adminPromptTemplateSchema",
'DELETE /api/admin/prompts/{id}':"response: S.deletedResultSchema",
'GET /api/admin/raw-templates':"response: S.adminRawTemplateListSchema",
'POST /api/admin/raw-templates':"body: S.rawTemplateCreateSchema, response: S.adminRawTemplateSchema, status: 201",
'POST /api/admin/raw-templates/compile':"body: S.rawTemplateCompileSchema, response: S.compileResultSchema",
'PATCH /api/admin/raw-templates/{id}':"body: S.rawTemplatePatchSchema, response: S.adminRawTemplateSchema",
'DELETE /api/admin/raw-templates/{id}':"response: S.deletedResultSchema",
'GET /api/influencer-collections':"response: S.myCollectionListSchema",
'POST /api/influencer-collections':"body: S.collectionCreateSchema, response: S.myCollectionDetailSchema, status: 201",
'GET /api/influencer-collections/{id}':"response: S.myCollectionDetailSchema",
'PATCH /api/influencer-collections/{id}':"body: S.collectionPatchSchema, response: S.myCollectionSchema",
'DELETE /api/influencer-collections/{id}':"response: S.idResultSchema",
'POST /api/influencer-collections/{id}/styles':"body: S.collectionAddStyleSchema, response: S.myCollectionDetailSchema",
'DELETE /api/influencer-collections/{id}/styles/{styleId}':"response: S.myCollectionDetailSchema",
}
def rep(m):
    line=m.group(0)
    if 'response:' in line or 'status:' in line or 'produces:' in line: return line
    mm=re.search(r"method: '(\w+)', path: '([^']+)'",line)
    k=f"{mm.group(1)} {mm.group(2)}"
    if k not in A: print('MISSING',k); return line
    return line[:-len(' },')]+', '+A[k]+' },'
s=re.sub(r"^  \{ method: .* \},$",rep,s,flags=re.M)
open(p,'w').write(s)
