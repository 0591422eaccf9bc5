/** Public collections: the list (shared query with the dashboard) and one collection with its looks and links. */
import type * as R from '../../../../../shared/schemas/responses';
import { useQuery } from '@tanstack/react-query';
import { getCollectionQueryOptions } from '../../../api/catalog';

export type AffiliateLink = R.AffiliateLink;

export type CollectionLook = R.CollectionLook;

export type CollectionDetail = R.CollectionDetail;

export const useCollectionDetail = (id: string | undefined) =>
  useQuery({ ...getCollectionQueryOptions(id ?? ''), enabled: !!id });
