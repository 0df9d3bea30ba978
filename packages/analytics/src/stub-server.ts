import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the stub collector received. */
export interface ReceivedRequest {
  url: string;
  headers: IncomingMessage['headers'];
  body: { batch: Record<string, unknown>[]; writeKey: string; sentAt: string };
  bytes: number;
}

/** What the stub answers: a status and headers, or 'hang' (never answers). */
export type StubAnswer = { status: number; headers?: Record<string, string> } | 'hang';

/**
 * A stub HTTP collector on 127.0.0.1 for the client's tests: records every request and answers
 * with the scripted answers in order (then 200).
 */
export async function startStubCollector() {
  const requests: ReceivedRequest[] = [];
  const script: StubAnswer[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      requests.push({
        url: req.url ?? '',
        headers: req.headers,
        body: JSON.parse(raw.toString('utf8')),
        bytes: raw.length,
      });
      const answer = script.shift() ?? { status: 200 };
      if (answer === 'hang') {
        hanging.add(res);
        return;
      }
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(JSON.stringify({ success: answer.status < 300 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: `http://127.0.0.1:${port}`,
    requests,
    answer: (...answers: StubAnswer[]) => script.push(...answers),
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
