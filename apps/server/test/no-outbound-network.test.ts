import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { isLoopbackHost } from './no-outbound-network.js';

describe('the outbound network guard of the tests', () => {
  it('refuses a connection to another machine before any packet leaves', async () => {
    expect(() => net.connect({ host: '93.184.215.14', port: 80 })).toThrow(/tests may reach only this machine/);
    expect(() => net.connect(443, 'example.com')).toThrow(/example\.com/);
    await expect(fetch('http://example.com/')).rejects.toThrow();
  });

  it('lets connections to this machine through', async () => {
    const server = net.createServer((socket) => socket.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.on('data', (data) => resolve(data.toString()));
      socket.on('error', reject);
    });
    server.close();
    expect(reply).toBe('ok');
    expect(['localhost', '127.0.0.1', '::1', '[::1]', undefined].every(isLoopbackHost)).toBe(true);
    expect(['10.0.0.1', 'zview.example', '8.8.8.8'].some(isLoopbackHost)).toBe(false);
  });
});
