import { createHash } from 'node:crypto';
import type { SqlExecutor } from '@dispo/events/sql/client';

/**
 * Uploaded files, stored once per content in the database beside the event log (PostgreSQL or
 * PGlite, bytea), keyed by their sha256. Events name the hash; the bytes never enter the log. The
 * command side writes, the query side reads; both create the table if it is missing.
 */
export interface StoredBlob {
  content: Buffer;
  contentType: string;
  sizeBytes: number;
}

export interface BlobStore {
  /** Stores the bytes unless they are there already; returns their sha256 (hex). */
  put(content: Uint8Array, contentType: string): Promise<string>;
  get(sha256: string): Promise<StoredBlob | null>;
}

export function sha256Hex(content: Uint8Array): string {
  return createHash('sha256').update(content).digest('hex');
}

export async function setupBlobStore(sql: SqlExecutor): Promise<void> {
  await sql.query('CREATE SCHEMA IF NOT EXISTS blobs');
  await sql.query(`CREATE TABLE IF NOT EXISTS blobs.files (
    sha256 text PRIMARY KEY CHECK (sha256 ~ '^[0-9a-f]{64}$'),
    content bytea NOT NULL,
    size_bytes integer NOT NULL,
    content_type text NOT NULL,
    stored_at timestamptz NOT NULL DEFAULT now())`);
}

export function blobStore(sql: SqlExecutor): BlobStore {
  return {
    async put(content, contentType) {
      const sha256 = sha256Hex(content);
      await sql.query(
        'INSERT INTO blobs.files (sha256, content, size_bytes, content_type) VALUES ($1, $2, $3, $4) ON CONFLICT (sha256) DO NOTHING',
        [sha256, Buffer.from(content.buffer, content.byteOffset, content.byteLength), content.byteLength, contentType],
      );
      return sha256;
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
