import { PageHeader } from '../../../components/page-header';
import { Card, CardContent } from '../../../components/card';
import { pageShell } from '../../../components/back-link';
import { ShareList } from '../../../components/share/share-list';

/** /shares: every look the user shared, with votes, reactions and Revoke. */
export default function MySharesPage() {
  return (
    <div className={pageShell}>
      <PageHeader
        title="My shares"
        description="Links you shared for feedback: votes, reactions, and revoking a link."
        documentTitle="My shares"
      />
      <Card>
        <CardContent className="pt-6">
          <ShareList emptyText="You have not shared any look yet. Open a result or compare a few and choose Share." />
        </CardContent>
      </Card>
    </div>
  );
}
