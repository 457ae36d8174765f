import type { SqlExecutor } from '@dispo/events/sql/client';
import { iso, str } from './view-values';

/** A vehicle document (fleet.md §3 Document: id, name, type, size, uploadDate) with its category. */
export function documentView(r: Record<string, unknown>) {
  return {
    id: String(r.id),
    vehicleId: String(r.vehicle_id),
    name: String(r.name),
    type: String(r.content_type),
    category: String(r.category),
    size: Number(r.size_bytes),
    uploadDate: iso(r.uploaded_at),
    uploadedBy: str(r.uploaded_by),
  };
}
export type DocumentView = ReturnType<typeof documentView>;

export async function listDocuments(sql: SqlExecutor, vehicleId: string): Promise<DocumentView[]> {
  const { rows } = await sql.query('SELECT * FROM read.vehicle_documents WHERE vehicle_id = $1 ORDER BY uploaded_at DESC, name', [
    vehicleId,
  ]);
  return rows.map(documentView);
}

/** One document of one vehicle and the hash its bytes are stored under. */
export async function findDocumentFile(
  sql: SqlExecutor,
  vehicleId: string,
  documentId: string,
): Promise<{ document: DocumentView; sha256: string } | null> {
  const { rows } = await sql.query('SELECT * FROM read.vehicle_documents WHERE vehicle_id = $1 AND id = $2', [vehicleId, documentId]);
  return rows[0] ? { document: documentView(rows[0]), sha256: String(rows[0].sha256) } : null;
}

export async function findDocument(sql: SqlExecutor, vehicleId: string, documentId: string): Promise<DocumentView | null> {
  return (await findDocumentFile(sql, vehicleId, documentId))?.document ?? null;
}
