/** Public collections: the list (shared query with the dashboard) and one collection with its looks and links. */
import type { AffiliateLink, CollectionDetail, CollectionLook } from '@shared/schemas/catalog';
import { useQuery } from '@tanstack/react-query';
import { getCollectionQueryOptions } from '../../../api/catalog';

export type { AffiliateLink, CollectionLook, CollectionDetail };

export const useCollectionDetail = (id: string | undefined) =>
  useQuery({ ...getCollectionQueryOptions(id ?? ''), enabled: !!id });
