import { createServer, type Server as HttpServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server as SocketServer } from 'socket.io';

/**
 * A tiny real backend for web tests: node:http on a random port, answering the routes a test gives,
 * optionally with a socket.io server on the same port. Tests point happy-dom's page URL at it
 * (`useBackendOrigin`), so the client talks to its own origin exactly as in production.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface Reply {
  status?: number;
  /** Sent as JSON unless `raw` is given. */
  json?: unknown;
  /** Sent verbatim with `contentType` (default text/plain). */
  raw?: string;
  contentType?: string;
}

export type Handler = (request: RecordedRequest) => Reply | Promise<Reply>;

export interface TestBackend {
  origin: string;
  requests: RecordedRequest[];
  /** Routes by 'METHOD /path' (without query). Tests may change them between steps. */
  routes: Map<string, Handler>;
  io: SocketServer | null;
  close(): Promise<void>;
}

export interface BackendOptions {
  routes?: Record<string, Handler>;
  /** Attach a socket.io server accepting only this token. */
  socketToken?: string;
}

export async function startBackend(options: BackendOptions = {}): Promise<TestBackend> {
  const requests: RecordedRequest[] = [];
  const routes = new Map(Object.entries(options.routes ?? {}));
  const http: HttpServer = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = text;
      }
      const request: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
      };
      requests.push(request);
      const handler = routes.get(`${request.method} ${request.path}`);
      const reply: Reply = handler ? await handler(request) : { status: 404, json: { error: 'Nicht gefunden' } };
      res.statusCode = reply.status ?? 200;
      if (reply.raw !== undefined) {
        res.setHeader('Content-Type', reply.contentType ?? 'text/plain; charset=utf-8');
        res.end(reply.raw);
      } else if (reply.json !== undefined) {
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        res.end(JSON.stringify(reply.json));
      } else {
        res.end();
      }
    });
  });

  let io: SocketServer | null = null;
  if (options.socketToken !== undefined) {
    const expected = options.socketToken;
    io = new SocketServer(http, { transports: ['websocket'] });
    io.use((socket, next) => {
      const token = (socket.handshake.auth as { token?: unknown }).token;
      if (token === expected) next();
      else next(new Error('Nicht autorisiert'));
    });
  }

  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    routes,
    io,
    close: async () => {
      if (io) await new Promise<void>((resolve) => io?.close(() => resolve()));
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

/** Makes the backend the page's own origin (happy-dom), so relative '/api/...' calls reach it. */
export function useBackendOrigin(backend: TestBackend, path = '/'): void {
  const happyDOM = (window as unknown as { happyDOM?: { setURL(url: string): void } }).happyDOM;
  if (!happyDOM) throw new Error('happy-dom environment required');
  happyDOM.setURL(`${backend.origin}${path}`);
}
