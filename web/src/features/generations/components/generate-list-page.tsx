import { Link } from 'react-router-dom';
import { Card } from '../../../components/card';
import { PageHeader } from '../../../components/page-header';
import LayoutTemplate from 'lucide-react/icons/layout-template';
import { useRawTemplates } from '../../../api/catalog';
import { Notice } from '../../../components/alert';
import { pageShell } from '../../../components/back-link';
import { Badge, enumLabel } from '../../../components/badge';

/** /generate: every raw template as a card linking to /generate/{id}. */
export default function GenerateListPage() {
  const q = useRawTemplates();
  const templates = q.data ?? [];
  return (
    <div className={pageShell}>
      <PageHeader title="Generate" description="Pick a template to create a new look from your photo profile." />
      {q.isPending ? (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="Loading templates">
          {Array.from({ length: 6 }, (_, i) => (
            <li key={i} className="h-32 animate-pulse rounded-2xl bg-muted" />
          ))}
        </ul>
      ) : q.isError ? (
        <Notice tone="warning" title="Could not load templates" />
      ) : templates.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-border px-6 py-12 text-center text-sm text-muted-foreground">
          No templates available. Please check back later.
        </p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="raw-templates">
          {templates.map((t) => (
            <li key={t.id}>
              <Link
                to={`/generate/${t.id}`}
                className="block h-full rounded-2xl focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <Card className="flex h-full flex-col gap-3 p-5 transition-colors hover:bg-muted/50">
                  <div className="flex items-start gap-3">
                    <LayoutTemplate className="mt-0.5 h-5 w-5 shrink-0 text-brand" aria-hidden="true" />
                    <div className="min-w-0">
                      <h2 className="font-semibold">{t.name}</h2>
                      <p className="text-sm text-muted-foreground">{enumLabel(t.taskType)}</p>
                    </div>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    {t.vibeCategory ? <Badge>{enumLabel(t.vibeCategory)}</Badge> : null}
                    {t.settingCategory ? <Badge tone="outline">{enumLabel(t.settingCategory)}</Badge> : null}
                    {t.requiresFullBody ? <Badge tone="warning">Full Body Required</Badge> : null}
                  </div>
                </Card>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
