import { staffLogRoutes } from '@amora/common/routes/staff-log';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { type AuditFilter, OLDER_PAGES, pageQuery, staffKeys } from '../shared/api';

/** The audit log, newest first, a page at a time. */
export function useAuditLog(filter: AuditFilter) {
  return useInfiniteQuery({
    queryKey: staffKeys.log(filter),
    queryFn: ({ pageParam }) => api(staffLogRoutes.auditLog, pageQuery(filter, pageParam)),
    ...OLDER_PAGES,
  });
}
