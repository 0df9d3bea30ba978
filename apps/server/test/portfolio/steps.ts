import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { multipart, waitFor } from './app.js';

/** The portfolio tool as a client drives it (upload, create, wait for a status, export), shared by the portfolio test files. */

export type Headers = Record<string, string>;

export function portfolioSteps(app: FastifyInstance) {
  async function upload(headers: Headers, name: string, content: string | Buffer) {
    const body = multipart(name, content);
    return app.inject({
      method: 'POST',
      url: '/api/caribou/portfolio/csv',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  }

  async function createPortfolio(
    headers: Headers,
    content: string | Buffer,
    options: { name?: string; products?: string } = {},
  ) {
    const up = await upload(headers, 'book.csv', content);
    expect(up.statusCode, up.body).toBe(201);
    const res = await app.inject({
      method: 'POST',
      url: '/api/caribou/portfolios',
      headers,
      payload: {
        name: options.name ?? `Book ${Math.random()}`,
        description: 'd',
        portfolioType: 'homeowners',
        products: options.products ?? 'zfire',
        uploadedFileName: up.json().uploadedFileName,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json()[0].portfolioId as number;
  }

  async function waitForStatus(headers: Headers, id: number, product: string, status: string) {
    return waitFor(
      async () => {
        const res = await app.inject({ method: 'GET', url: `/api/caribou/portfolio/${id}/metadata`, headers });
        const meta = res.json();
        return meta.products?.find(
          (p: { product: string; status: string }) => p.product === product && p.status === status,
        )
          ? meta
          : null;
      },
      60_000,
      `${product} ${status}`,
    );
  }

  async function exportCsv(headers: Headers, id: number, product = 'zfire') {
    const res = await app.inject({
      method: 'GET',
      url: `/api/caribou/portfolio/${id}/product/${product}/export`,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  }

  return { upload, createPortfolio, waitForStatus, exportCsv };
}

/** A file with a byte-order mark, quotes, a line break inside a cell, unicode and emoji. */
export const tricky = [
  '\uFEFFpolicy id,Address,lat,lon,Notes,Ünïcödé',
  'P-1,"1 Main St, Austin",30.1,-97.7,"She said ""hi""",日本語',
  'P-2,"2 Line\nBreak Rd",30.2,-97.6,,emoji 🏠',
  'P-3,3 Oak Ave,30.3,-97.5,"comma, inside",x',
].join('\r\n');
