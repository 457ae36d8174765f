import { Readable } from 'node:stream';
import { allEventDefinitions } from '@dispo/events/catalog/index';
import { auditKind, auditKinds, germanInstant } from '@dispo/domain/audit/index';
import { messages } from '@dispo/domain/messages';
import type { SqlExecutor } from '@dispo/events/sql/client';
import { type AuditLogQuery, decodeAuditCursor } from '@dispo/events/store/sql-audit-log';
import type { EventRegistry } from '@dispo/events/registry';
import { readerRoles, requireRoles, type TokenClaims } from '@dispo/platform/http/auth';
import { HttpError } from '@dispo/platform/http/errors';
import { requestText } from '@dispo/platform/http/text-schemas';
import { stringify } from 'csv-stringify/sync';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditLogPage, recordHistory, recordStateAt, typesOfKind } from '../audit/audit-views';

const tags = ['Prüfung'];
const audit = messages.audit;
const params = z.strictObject({ kind: requestText().max(40), id: requestText().trim().min(1).max(100) });
const blankIsAbsent = (v: unknown) => (v === '' ? undefined : v);
const instant = z.iso.datetime({ offset: true, message: audit.invalidInstant });
const optionalInstant = z.preprocess(blankIsAbsent, instant.optional());
const logFilters = z.strictObject({
  from: optionalInstant,
  to: optionalInstant,
  userId: z.preprocess(blankIsAbsent, requestText().max(100).optional()),
  kind: z.preprocess(blankIsAbsent, requestText().max(40).optional()),
  type: z.preprocess(blankIsAbsent, requestText().max(80).optional()),
});
const logQuery = logFilters.extend({
  cursor: z.preprocess(blankIsAbsent, requestText().max(60).optional()),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
/** Rows per read while a CSV export streams. */
const CSV_BATCH = 2000;

/** Auditors and admins read every record; others every record but someone else's personal template. */
function readableBy(user: TokenClaims) {
  const readsAll = user.roles.includes('auditor') || user.roles.includes('admin');
  return (ownerId: string | null) => readsAll || ownerId === null || ownerId === user.sub;
}

function kindOr404(name: string) {
  const kind = auditKind(name);
  if (!kind) throw new HttpError(404, audit.notFound);
  return kind;
}

function logQueryOf(filters: z.infer<typeof logFilters>): Omit<AuditLogQuery, 'limit'> {
  const types = filters.type ? [filters.type] : filters.kind ? typesOfKind(filters.kind) : undefined;
  if (filters.kind && !types) throw new HttpError(400, audit.notFound);
  if (filters.type && filters.kind && !typesOfKind(filters.kind)?.includes(filters.type)) return { types: [] };
  return {
    ...(filters.from ? { from: new Date(filters.from) } : {}),
    ...(filters.to ? { to: new Date(filters.to) } : {}),
    ...(filters.userId ? { userId: filters.userId } : {}),
    ...(types ? { types } : {}),
  };
}

/**
 * The audit (issue 18, docs/api/audit.md): a record's history and its state at an instant for every
 * reader of that record; the global log and its CSV export for auditors and admins.
 */
export const auditRoutes: FastifyPluginAsyncZod<{ sql: SqlExecutor; registry: EventRegistry }> = async (app, { sql, registry }) => {
  const read = { onRequest: requireRoles(...readerRoles) };
  const auditors = { onRequest: requireRoles('auditor') };

  app.get('/api/audit/:kind/:id/history', { ...read, schema: { tags, params } }, async (req) => {
    const history = await recordHistory(sql, registry, kindOr404(req.params.kind), req.params.id, readableBy(req.user));
    if (!history) throw new HttpError(404, audit.notFound);
    return { success: true, ...history };
  });

  app.get('/api/audit/:kind/:id/state', { ...read, schema: { tags, params, querystring: z.strictObject({ at: instant }) } }, async (req) => {
    const state = await recordStateAt(sql, registry, kindOr404(req.params.kind), req.params.id, new Date(req.query.at), readableBy(req.user));
    if (!state) throw new HttpError(404, audit.notYetExisting);
    return { success: true, ...state };
  });

  app.get('/api/audit/filters', { ...auditors, schema: { tags } }, async () => {
    const { rows } = await sql.query<{ id: string; name: string }>(
      "SELECT id, first_name || ' ' || last_name AS name FROM read.users ORDER BY last_name, first_name",
    );
    return {
      success: true,
      users: rows,
      kinds: [...auditKinds.map((k) => k.kind), 'other'].map((kind) => ({ kind, label: audit.kinds[kind] ?? kind })),
      types: allEventDefinitions
        .map((d) => ({ type: d.type, label: audit.eventTypes[d.type] ?? d.type, kind: auditKinds.find((k) => k.eventDefinitions.includes(d))?.kind ?? 'other' }))
        .sort((a, b) => a.label.localeCompare(b.label, 'de')),
    };
  });

  app.get('/api/audit/log', { ...auditors, schema: { tags, querystring: logQuery } }, async (req) => {
    const after = req.query.cursor ? decodeAuditCursor(req.query.cursor) : undefined;
    if (after === null) throw new HttpError(400, audit.invalidCursor);
    const page = await auditLogPage(sql, { ...logQueryOf(req.query), limit: req.query.limit, ...(after ? { after } : {}) });
    return { success: true, ...page };
  });

  app.get('/api/audit/log.csv', { ...auditors, schema: { tags, querystring: logFilters } }, async (req, reply) => {
    const query = logQueryOf(req.query);
    const columns = audit.columns;
    async function* csv() {
      yield `\uFEFF${stringify([[columns.when, columns.user, columns.role, columns.kind, columns.entity, columns.event, columns.command, columns.stream, columns.position]], { delimiter: ';', record_delimiter: '\r\n' })}`;
      let after: AuditLogQuery['after'];
      for (;;) {
        const page = await auditLogPage(sql, { ...query, limit: CSV_BATCH, ...(after ? { after } : {}) });
        const records = page.entries.map((e) => [
          germanInstant(e.recordedAt),
          e.user?.name ?? audit.systemUser,
          e.user?.roles ?? '',
          e.kindLabel,
          e.title,
          e.typeLabel,
          e.commandLabel ?? '',
          e.streamId,
          String(e.position),
        ]);
        if (records.length > 0) yield stringify(records, { delimiter: ';', record_delimiter: '\r\n' });
        if (!page.nextCursor) return;
        after = decodeAuditCursor(page.nextCursor)!;
      }
    }
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="Pruefprotokoll.csv"')
      .header('cache-control', 'private, no-store')
      .send(Readable.from(csv()));
  });
};
