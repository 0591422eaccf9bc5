/** Public collections: the list (shared query with the dashboard) and one collection with its looks and links. */
import { useQuery } from '@tanstack/react-query';

export interface AffiliateLink {
  id: string;
  url: string;
  productName: string | null;
  retailer: string | null;
}

export interface CollectionLook {
  id: string;
  title: string;
  description: string | null;
  coverImage: string | null;
  tags: string[];
}

export interface CollectionDetail {
  id: string;
  userId?: string;
  title: string;
  description: string | null;
  coverImage: string | null;
  styleCount: number;
  affiliateLinks: AffiliateLink[];
  styles: CollectionLook[];
}

export const useCollectionDetail = (id: string | undefined) => useQuery<CollectionDetail>({ queryKey: ['/api/collections', id], enabled: !!id });
