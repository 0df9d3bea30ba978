import { PassThrough, type Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';

/** An error the error handler answers with its 4xx status (like Fastify's own client errors). */
function clientError(message: string, statusCode: number) {
  return Object.assign(new Error(message), { statusCode });
}

const CUT_SHORT =
  'The upload ended before the end of the file (its closing multipart boundary is missing, or the connection was cut). Please upload the file again.';

/**
 * The uploaded file's stream, made to end one way or another (issue 12) so that the upload always
 * gets an answer and its half-written blob is removed: a body that ends without the closing
 * multipart boundary, a body that stalls for `idleMs`, and a client that goes away all end the
 * returned stream with a 4xx error.
 */
export function guardUploadStream(request: FastifyRequest, file: Readable, idleMs: number): Readable {
  const raw = request.raw;
  const out = new PassThrough({ highWaterMark: 1 << 20 });
  // Its reader (the blob store's pipeline) sees the error; an upload refused before reading must not crash.
  out.on('error', () => {});
  let timer: NodeJS.Timeout | undefined;
  const fail = (message: string, statusCode: number) => {
    clearTimeout(timer);
    if (!file.readableEnded && !out.destroyed) out.destroy(clientError(message, statusCode));
  };
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(
      () =>
        fail(
          `The upload stalled: no data arrived for ${Math.round(idleMs / 1000)} seconds. Please upload the file again.`,
          408,
        ),
      idleMs,
    );
    timer.unref();
  };
  const bodyEnded = () => {
    clearTimeout(timer);
    raw.off('data', arm);
    // The whole body arrived: the parser finishes the file at once, unless the closing boundary is missing.
    setTimeout(() => fail(CUT_SHORT, 400), 250).unref();
  };

  file.on('data', (chunk: Buffer) => {
    if (!out.write(chunk)) file.pause();
  });
  out.on('drain', () => file.resume());
  file.once('end', () => {
    clearTimeout(timer);
    out.end();
  });
  file.once('error', (error) => out.destroy(error));
  // The parser destroys the file when the body ends early: that is the client's cut, not ours.
  file.once('close', () => fail(CUT_SHORT, 400));
  if (file.destroyed) queueMicrotask(() => fail(CUT_SHORT, 400));

  // A small body may have been read whole before the file part was handed over.
  if (raw.complete || raw.readableEnded) bodyEnded();
  else {
    arm();
    raw.on('data', arm);
    raw.once('end', bodyEnded);
  }
  raw.once('close', () => fail('The upload was interrupted before the end of the file.', 400));
  return out;
}
