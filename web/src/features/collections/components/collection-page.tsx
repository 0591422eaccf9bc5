import { Link, useParams } from 'react-router-dom';
import ShoppingBag from 'lucide-react/icons/shopping-bag';
import { buttonClasses } from '../../../components/button';
import { PageHeader } from '../../../components/page-header';
import { PageSpinner } from '../../../components/spinner';
import { isApiError } from '../../../lib/api-error';
import ExternalLink from 'lucide-react/icons/external-link';
import { BackLink, pageShell } from '../../../components/back-link';
import { Notice } from '../../../components/alert';
import { StyleCard, styleGridClasses } from '../../../components/style-card';
import { VisitorCta } from '../../../components/visitor-cta';
import { useCollectionDetail, type AffiliateLink } from '../api/collections';
import { looksLabel } from '../../../components/collection-card';

/** /collection/{id} (spec 02 section 2): title, description, count, Shop the Look, and the looks. */
export default function CollectionPage() {
  const { id } = useParams();
  const q = useCollectionDetail(id);
  if (q.isPending) return <PageSpinner label="Loading collection" />;
  const c = q.data;
  if (q.isError || !c) {
    const missing = isApiError(q.error) && q.error.status === 404;
    return (
      <div className={pageShell}>
        <BackLink to="/collections">Back to Collections</BackLink>
        <PageHeader title={missing ? 'Collection not found' : 'Collection unavailable'} />
        <Notice
          title={
            missing
              ? 'This collection does not exist or is not published.'
              : 'The collection could not be loaded. Please try again.'
          }
        >
          <Link to="/collections" className={buttonClasses({ variant: 'link' })}>
            See all collections
          </Link>
        </Notice>
      </div>
    );
  }
  return (
    <div className={pageShell}>
      <BackLink to="/collections">Back to Collections</BackLink>
      <p className="mb-2 text-xs font-semibold uppercase tracking-wide text-brand">Curated Collection</p>
      <PageHeader title={c.title} description={c.description ?? undefined} />
      <p className="-mt-4 mb-8 text-sm font-medium text-muted-foreground" data-testid="collection-count">
        {looksLabel(c.styles.length)}
      </p>
      <VisitorCta />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <section aria-labelledby="looks-heading" className="min-w-0 lg:order-1">
          <h2 id="looks-heading" className="sr-only">
            Looks
          </h2>
          {c.styles.length === 0 ? (
            <p className="rounded-2xl border border-dashed border-border px-6 py-12 text-center text-sm text-muted-foreground">
              This collection has no looks yet.
            </p>
          ) : (
            <ul className={styleGridClasses}>
              {c.styles.map((s) => (
                <li key={s.id}>
                  <StyleCard
                    id={s.id}
                    name={s.title}
                    coverImage={s.coverImage}
                    description={s.description}
                    tags={s.tags}
                    action="See the look and try it on"
                  />
                </li>
              ))}
            </ul>
          )}
        </section>
        {c.affiliateLinks.length ? <ShopTheLook links={c.affiliateLinks} /> : null}
      </div>
    </div>
  );
}

function ShopTheLook({ links }: { links: AffiliateLink[] }) {
  return (
    <section
      aria-labelledby="shop-the-look-heading"
      className="h-fit rounded-2xl border border-border bg-card p-4 shadow-sm lg:order-2"
      data-testid="shop-the-look"
    >
      <h2 id="shop-the-look-heading" className="mb-3 flex items-center gap-2 text-base font-semibold">
        <ShoppingBag className="h-4 w-4 text-brand" aria-hidden="true" />
        Shop the Look
      </h2>
      <ul className="divide-y divide-border">
        {links.map((l) => (
          <li key={l.id}>
            <a
              href={l.url}
              target="_blank"
              rel="noopener noreferrer"
              className="flex items-center justify-between gap-3 rounded-md py-3 text-sm hover:text-brand focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <span className="min-w-0">
                <span className="block truncate font-medium">{l.productName || 'Product'}</span>
                {l.retailer ? <span className="block truncate text-xs text-muted-foreground">{l.retailer}</span> : null}
              </span>
              <ExternalLink className="h-4 w-4 shrink-0" aria-hidden="true" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
