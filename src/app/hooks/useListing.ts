/**
 * The page of a listing the URL asks for (filters and ?page=), from the query cache or one small
 * read of /api/listings/<name>. While the next page loads, the current one stays on screen
 * (`previous`), so the filter buttons, the pagination and focus stay where they are.
 */
import { useQuery, type QueryState } from '../query.ts';
import { useLocation } from '../router.tsx';
import { listingParams, type ListingName, type ListingOf } from '../listing.ts';
import { Q } from '../types.ts';

export function useListing<N extends ListingName>(name: N): QueryState<ListingOf[N]> {
  const { search } = useLocation();
  return useQuery(Q.listing(name, listingParams(name, search)), { keepPrevious: true });
}
