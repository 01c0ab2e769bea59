import { z } from 'zod';
import { text } from './text.js';

export const DATA_EXPORT_STATUSES = ['preparing', 'ready'] as const;

/** A copy of a member's data: being prepared, or ready to download until `expires_at`. */
export const dataExport = z.object({
  id: z.string(),
  status: z.enum(DATA_EXPORT_STATUSES),
  requested_at: z.string(),
  /** Null while it is being prepared. */
  expires_at: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExport>;

/** GET /api/exports.php, and POST's answer: the member's latest export still to be had, if any. */
export const dataExportResponse = z.object({ export: dataExport.nullable() });

/** GET /api/export.php?id=: an export's id, as the member's export list gives it. */
export const exportIdQuery = z.object({ id: text().min(1, 'required').max(64, 'too_long') });

/** GET /api/export.php's answer: the ZIP file itself, not JSON. */
export const dataExportFile = z.any().describe('The ZIP file.');
