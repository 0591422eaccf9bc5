import type { ReactNode, TableHTMLAttributes } from 'react';
import { LoadMore } from './load-more';

/**
 * A table of a paged list (the credit ledger of Account and of Finance): scrolls sideways on small screens,
 * its head and rows from the caller, "Load more" under it while there is a next page.
 */
export function PagedTable({
  query,
  scrollClassName = 'overflow-x-auto',
  head,
  children,
  ...table
}: TableHTMLAttributes<HTMLTableElement> & {
  query: Parameters<typeof LoadMore>[0]['query'];
  scrollClassName?: string;
  /** The <thead>. */
  head: ReactNode;
  /** The rows. */
  children: ReactNode;
}) {
  return (
    <>
      <div className={scrollClassName}>
        <table {...table}>
          {head}
          <tbody>{children}</tbody>
        </table>
      </div>
      <LoadMore query={query} />
    </>
  );
}
