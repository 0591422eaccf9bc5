import re,sys
M={
'web/src/features/admin-tools/api/admin-templates.ts':{'AdminPromptTemplate':'AdminPromptTemplate','PromptTestResult':'PromptTestResult','AdminRawTemplate':'AdminRawTemplate','Category':'Category'},
'web/src/features/billing/api/billing.ts':{'CreditsView':'CreditsView','LedgerEntryView':'LedgerEntryView','LedgerPage':'LedgerPage'},
'web/src/features/collections/api/collections.ts':{'AffiliateLink':'AffiliateLink','CollectionLook':'CollectionLook','CollectionDetail':'CollectionDetail'},
'web/src/features/content-safety/api/content-safety.ts':{'RefusalSummary':'RefusalSummary','StyleReport':'StyleReport'},
'web/src/features/explore/api/explore.ts':{'Category':'Category'},
'web/src/features/finance/api/finance.ts':{'FinanceLedgerPage':'FinanceLedgerPage','FinanceSummary':'FinanceSummary','ReconciliationReport':'ReconciliationReport'},
'web/src/features/generations/api/catalog.ts':{'RawTemplate':'RawTemplate','PromptTemplate':'PromptTemplate','StyleSummary':'StyleSummary','StyleDetail':'StyleDetail','ProductLink':'ProductLink','StyleProduct':'StyleProduct','CollectionSummary':'CollectionSummary'},
'web/src/features/generations/api/generations.ts':{'Feedback':'FeedbackView'},
'web/src/features/influencer/api/influencer.ts':{'InfluencerApplication':'InfluencerApplication','ApplicationUser':'ApplicationUser','AdminApplication':'AdminApplication'},
'web/src/features/my-collections/api/my-collections.ts':{'MyCollection':'MyCollection','CollectionStyle':'CollectionStyle','MyCollectionDetail':'MyCollectionDetail'},
'web/src/features/public-profile/api/profile.ts':{'PublicUser':'PublicUser','PublicProfile':'PublicProfile'},
'web/src/features/settings/api/settings.ts':{'UserLink':'UserLinkView'},
'web/src/features/style-editor/api/style-editor.ts':{'AdminCategory':'Category','AdminProductLink':'AdminProductLink','AdminProduct':'AdminProduct','PromptOption':'PromptTemplate'},
}
for p,names in M.items():
    s=open(p).read()
    for w,r in names.items():
        pat=re.compile(r"(/\*\*[^\n]*\*/\n)?export interface "+w+r"( extends \w+)? \{\n.*?\n\}\n", re.S)
        m=pat.search(s)
        if not m: print('NOTFOUND',p,w); continue
        s=s[:m.start()]+(m.group(1) or '')+f"export type {w} = R.{r};\n"+s[m.end():]
    depth=p.count('/')-0
    rel='../'*(p.count('/'))+'shared/schemas/responses'
    # insert import after first import line
    lines=s.split('\n')
    idx=next(i for i,l in enumerate(lines) if l.startswith('import '))
    lines.insert(idx, f"import type * as R from '{rel}';")
    s='\n'.join(lines)
    open(p,'w').write(s)
