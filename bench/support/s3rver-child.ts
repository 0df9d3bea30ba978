/**
 * s3rver in a process of its own for the imagery-mosaic benchmark: the object store is another
 * service, so its CPU must not be counted as, nor queue with, the tile reader's. Arg: DIRECTORY.
 * Prints its port on stdout, serves until killed.
 */
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';

const server = new S3rver({
  port: 0,
  address: '127.0.0.1',
  silent: true,
  directory: process.argv[2],
  configureBuckets: [{ name: 'bench' }],
});
const { port } = (await (server as { run(): Promise<{ port: number }> }).run()) as { port: number };
process.stdout.write(`${port}\n`);
