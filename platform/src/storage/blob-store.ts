import { createHash } from 'node:crypto';
import type { SqlClient, SqlExecutor } from '@dispo/events/sql/client';
import { setupUnderLock } from '@dispo/events/sql/setup-lock';

/**
 * Uploaded files, stored once per content in the database beside the event log (PostgreSQL or
 * PGlite, bytea), keyed by their sha256. Events name the hash; the bytes never enter the log. The
 * command side writes, the query side reads; both create the table if it is missing.
 *
 * The bytes must be stored before the event that names them is appended, yet that append may fail
 * (a concurrent change of the vehicle: 409). So a command holds the bytes while it runs (`pending`
 * counts the commands holding them) and settles them when done: an appended event makes them
 * `referenced` for good; bytes no command holds and no event names are deleted, so a refused upload
 * leaves nothing behind, while the same bytes held by a concurrent upload that succeeds stay.
 */
export interface StoredBlob {
  content: Buffer;
  contentType: string;
  sizeBytes: number;
}

export interface BlobStore {
  /** Stores the bytes unless they are there already and holds them for one command; returns their sha256 (hex). */
  hold(content: Uint8Array, contentType: string): Promise<string>;
  /** Ends one command's hold: `referenced` when its event was appended; unreferenced bytes nobody holds are deleted. */
  settle(sha256: string, referenced: boolean): Promise<void>;
  get(sha256: string): Promise<StoredBlob | null>;
}

export function sha256Hex(content: Uint8Array): string {
  return createHash('sha256').update(content).digest('hex');
}

export async function setupBlobStore(sql: SqlClient): Promise<void> {
  await setupUnderLock(sql, 'blobs.files.setup', async (tx) => {
    await tx.query('CREATE SCHEMA IF NOT EXISTS blobs');
    await tx.query(`CREATE TABLE IF NOT EXISTS blobs.files (
      sha256 text PRIMARY KEY CHECK (sha256 ~ '^[0-9a-f]{64}$'),
      content bytea NOT NULL,
      size_bytes integer NOT NULL,
      content_type text NOT NULL,
      stored_at timestamptz NOT NULL DEFAULT now())`);
    // Files stored before the hold/settle life cycle all belong to appended events.
    await tx.query('ALTER TABLE blobs.files ADD COLUMN IF NOT EXISTS pending integer NOT NULL DEFAULT 0');
    await tx.query('ALTER TABLE blobs.files ADD COLUMN IF NOT EXISTS referenced boolean NOT NULL DEFAULT true');
  });
}

export function blobStore(sql: SqlExecutor): BlobStore {
  return {
    async hold(content, contentType) {
      const sha256 = sha256Hex(content);
      // Bytes already there are not sent again: only the hold is counted.
      const { rows } = await sql.query<{ sha256: string }>('UPDATE blobs.files SET pending = pending + 1 WHERE sha256 = $1 RETURNING sha256', [sha256]);
      if (rows.length > 0) return sha256;
      await sql.query(
        `INSERT INTO blobs.files (sha256, content, size_bytes, content_type, pending, referenced) VALUES ($1, $2, $3, $4, 1, false)
         ON CONFLICT (sha256) DO UPDATE SET pending = blobs.files.pending + 1`,
        [sha256, Buffer.from(content.buffer, content.byteOffset, content.byteLength), content.byteLength, contentType],
      );
      return sha256;
    },
    async settle(sha256, referenced) {
      await sql.query('UPDATE blobs.files SET pending = greatest(pending - 1, 0), referenced = referenced OR $2 WHERE sha256 = $1', [sha256, referenced]);
      if (!referenced) await sql.query('DELETE FROM blobs.files WHERE sha256 = $1 AND pending = 0 AND NOT referenced', [sha256]);
    },
    async get(sha256) {
      const { rows } = await sql.query<{ content: Uint8Array; content_type: string; size_bytes: number }>(
        'SELECT content, content_type, size_bytes FROM blobs.files WHERE sha256 = $1',
        [sha256],
      );
      const row = rows[0];
      if (!row) return null;
      // pg answers a Buffer, PGlite a Uint8Array: one type for the callers.
      const content = Buffer.isBuffer(row.content) ? row.content : Buffer.from(row.content);
      return { content, contentType: row.content_type, sizeBytes: Number(row.size_bytes) };
    },
  };
}
