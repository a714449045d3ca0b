import { z } from 'zod';
import { id } from './common';

/**
 * Downloads of the customer detail (docs/statement.md): a loan statement as PDF and the customer's uploaded files as
 * a zip. Both are read with the detail's own permission (any of CUSTOMER_DETAIL_PAGES) and scoped like it.
 */
export const STATEMENT_API = {
  pdf: '/loanapi/customer/statement.pdf',
  zip: '/loanapi/customer/documents.zip',
} as const;

export const statementQuery = z.object({ customer_id: id, order_id: id });
export type StatementQuery = z.infer<typeof statementQuery>;

export const documentsQuery = z.object({ customer_id: id });
export type DocumentsQuery = z.infer<typeof documentsQuery>;

/** One line of the zip's manifest.json: what each entry is and where it came from. */
export interface ManifestEntry {
  /** Name inside the zip. */
  name: string;
  kind: string;
  /** Stored path (`/files/<month>/<uuid>.<ext>`), never a signed link. */
  source: string;
  /** Bytes, or null when the stored file is missing (listed, not zipped). */
  size: number | null;
  uploaded_at: string | null;
  uploader: string;
}

export interface DocumentsManifest {
  customer_id: number;
  customer_code: string;
  generated_at: string;
  files: ManifestEntry[];
}
