import type { UseQueryResult } from '@tanstack/react-query';

/** The dashboard's panels show lists other features fetch; the route passes their queries in. */
export type ListQuery<T> = Pick<UseQueryResult<T[], Error>, 'data' | 'isPending' | 'isError' | 'refetch'>;

/** How often the dashboard's live panels ask again. */
export const DASHBOARD_REFRESH_MS = 10_000;
