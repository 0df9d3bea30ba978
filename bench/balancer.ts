/**
 * The fleet proof's load balancer (bench/fleet.ts): a small HTTP proxy that behaves like a real
 * one (HAProxy, Envoy) in the ways that matter when a server process dies under load.
 *
 * - Active health checks: every backend's `/readyz` twice a second. 200 → ready, another status →
 *   alive but not ready (its database is away), no answer → down.
 * - Routing: round robin over ready backends. When none is ready (a database outage makes every
 *   server unready at once) it routes to those that are alive anyway, as Envoy's panic threshold
 *   does, so clients get the servers' own 503 + Retry-After; when none is alive it answers 503
 *   itself (HAProxy's "no server available").
 * - Passive checks (outlier detection): a backend that refuses or resets a connection is marked
 *   down at once, until its health check answers again.
 * - Retries (Envoy `retry_on: connect-failure,reset`, HAProxy `retry-on conn-failure
 *   empty-response` with `option redispatch`): a request is sent again to another backend when the
 *   connection was refused (nothing reached the server: any method) or reset before any answer
 *   (only idempotent methods, GET/HEAD/OPTIONS: the server may have acted on a POST). A streamed
 *   request body (a multipart upload) cannot be replayed and is never retried.
 *
 * What it cannot hide is counted by kind: a reset that was not retried (502), no backend alive
 * (503), an answer cut midway after its status went out (the client sees a broken response).
 */
import http from 'node:http';

type State = 'ready' | 'unready' | 'down';
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface Backend {
  port: number;
  state: State;
  /** Answers this backend gave (any status). */
  answers: number;
}

const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

export class Balancer {
  readonly backends: Backend[] = [];
  /** Backends' answers by status. */
  readonly statuses = new Map<string, number>();
  /** Requests sent again to another backend, by reason. */
  readonly retries = new Map<string, number>();
  /** Failures a client saw, by kind (and method). */
  readonly failures = new Map<string, number>();
  private next = 0;
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  private readonly server: http.Server;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly options: { healthPath?: string; intervalMs?: number } = {}) {
    this.server = http.createServer((req, res) => this.handle(req, res));
  }

  add(port: number): void {
    if (!this.backends.some((b) => b.port === port)) this.backends.push({ port, state: 'ready', answers: 0 });
  }

  async listen(port: number): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    const check = () => {
      for (const backend of this.backends) void this.check(backend);
    };
    this.timer = setInterval(check, this.options.intervalMs ?? 500);
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.agent.destroy();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private check(backend: Backend): Promise<void> {
    return new Promise((resolve) => {
      const probe = http.get(
        {
          host: '127.0.0.1',
          port: backend.port,
          path: this.options.healthPath ?? '/readyz',
          agent: false,
          timeout: 1000,
        },
        (answer) => {
          answer.resume();
          backend.state = answer.statusCode === 200 ? 'ready' : 'unready';
          resolve();
        },
      );
      probe.on('timeout', () => probe.destroy(new Error('health check timed out')));
      probe.on('error', () => {
        backend.state = 'down';
        resolve();
      });
    });
  }

  private pick(tried: Set<Backend>): Backend | undefined {
    const untried = this.backends.filter((b) => !tried.has(b));
    const ready = untried.filter((b) => b.state === 'ready');
    const candidates = ready.length ? ready : untried.filter((b) => b.state === 'unready');
    if (!candidates.length) return undefined;
    return candidates[this.next++ % candidates.length];
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const streamed = (req.headers['content-type'] ?? '').startsWith('multipart/');
    if (streamed) return this.forward(req, res, null, new Set());
    const body: Buffer[] = [];
    req.on('data', (d: Buffer) => body.push(d));
    req.on('end', () => this.forward(req, res, Buffer.concat(body), new Set()));
  }

  private forward(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer | null, tried: Set<Backend>): void {
    const method = req.method ?? 'GET';
    const backend = this.pick(tried);
    if (!backend) {
      bump(this.failures, `no backend alive: 503 from the balancer (${method})`);
      if (!res.headersSent) res.writeHead(503, { 'retry-after': '1' }).end();
      return;
    }
    tried.add(backend);
    let answered = false;
    const upstream = http.request(
      { host: '127.0.0.1', port: backend.port, method, path: req.url, headers: req.headers, agent: this.agent },
      (answer) => {
        answered = true;
        backend.answers += 1;
        bump(this.statuses, String(answer.statusCode));
        res.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(res);
        answer.on('close', () => {
          if (answer.complete) return;
          bump(this.failures, `answer cut midway (${method})`);
          res.destroy();
        });
      },
    );
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (answered) return; // counted by the answer's close
      backend.state = 'down';
      const refused = error.code === 'ECONNREFUSED';
      const reason = refused
        ? 'connection refused'
        : `connection reset before an answer (${error.code ?? error.message})`;
      if (body && (refused || IDEMPOTENT.has(method)) && this.pick(tried)) {
        bump(this.retries, `${reason}, ${method}`);
        return this.forward(req, res, body, tried);
      }
      bump(this.failures, `${reason}: 502 from the balancer (${method})`);
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    if (body) upstream.end(body);
    else req.pipe(upstream);
  }
}
