import { useEffect } from 'react';
import { documentTitle } from './site-config';

/** Set the tab title for a page ("<title> · <product>"). */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
