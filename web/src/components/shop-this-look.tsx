import { useQueries } from '@tanstack/react-query';
import ExternalLink from 'lucide-react/icons/external-link';
import { getStyleProductsQueryOptions, type StyleProduct } from '../api/catalog';
import { AppImage } from './app-image';
import { cn } from '../lib/cn';

/** Shop links are affiliate links: a new tab, no opener, no referrer, marked sponsored. */
export const SHOP_LINK_REL = 'noopener noreferrer sponsored';

export const formatPrice = (price: number | null, currency: string | null): string | null => {
  if (price === null || price === undefined) return null;
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency || 'EUR' }).format(price);
  } catch {
    return `${price} ${currency ?? ''}`.trim();
  }
};

/**
 * "Shop This Look" (spec 02: the result detail and the style page): the products of one or more styles, each
 * with a retailer link opening the retailer in a new tab. `withUnlinked` also lists products that have no link
 * yet (the style page shows all of a style's products). Nothing is shown while loading or when there is
 * nothing to list.
 */
export function ShopThisLook({
  styleIds,
  className,
  headingId = 'shop-heading',
  withUnlinked = false,
}: {
  styleIds: readonly string[];
  className?: string;
  headingId?: string;
  withUnlinked?: boolean;
}) {
  const queries = useQueries({ queries: styleIds.map((id) => getStyleProductsQueryOptions(id)) });
  const seen = new Set<string>();
  const products = queries
    .flatMap((q) => q.data ?? [])
    .filter((p: StyleProduct) => (withUnlinked || p.links.length > 0) && !seen.has(p.id) && !!seen.add(p.id));
  if (!products.length) return null;
  return (
    <section aria-labelledby={headingId} className={cn('mt-10', className)} data-testid="shop-this-look">
      <h2 id={headingId} className="mb-1 text-lg font-semibold">
        Shop This Look
      </h2>
      <p className="mb-4 text-xs text-muted-foreground">
        Links go to the retailers&apos; shops and may earn the creator a commission.
      </p>
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
        {products.map((p) => (
          <li key={p.id} data-testid="shop-product">
            <ProductCard product={p} />
          </li>
        ))}
      </ul>
    </section>
  );
}

const card = 'block h-full overflow-hidden rounded-2xl border border-border bg-card shadow-sm';

function ProductCard({ product: p }: { product: StyleProduct }) {
  const link = p.links[0];
  const price = link ? formatPrice(link.price, link.currency) : null;
  const body = (
    <>
      <AppImage src={p.imageUrl} alt="" width={1} height={1} className="w-full" />
      <div className="space-y-1 p-3 text-sm">
        {p.brand ? <p className="truncate text-xs uppercase tracking-wide text-muted-foreground">{p.brand}</p> : null}
        <p className="line-clamp-2 font-medium">{p.name}</p>
        {price ? <p className="font-semibold">{price}</p> : null}
        {link ? (
          <p className="flex items-center justify-between gap-2 text-xs text-brand">
            <span className="truncate">{link.retailer ? `Shop at ${link.retailer}` : 'Shop now'}</span>
            <ExternalLink className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
            <span className="sr-only">(opens in a new tab)</span>
          </p>
        ) : null}
      </div>
    </>
  );
  return link ? (
    <a
      href={link.url}
      target="_blank"
      rel={SHOP_LINK_REL}
      className={cn(card, 'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring')}
    >
      {body}
    </a>
  ) : (
    <div className={card}>{body}</div>
  );
}
