/**
 * A tiny cookie-keeping browser for OIDC tests against a listening server: follows redirects
 * by hand (fetch redirect: 'manual') until the URL reaches `stopAt`, keeping cookies per name.
 */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  store(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async fetch(url: string | URL, init: RequestInit = {}): Promise<Response> {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: this.header() },
    });
    this.store(response);
    return response;
  }

  /** Follows redirects from `url`; returns the first URL starting with `stopAt` (not fetched), or throws. */
  async follow(url: string | URL, stopAt: string, maxHops = 10): Promise<URL> {
    let current = new URL(url);
    for (let hop = 0; hop < maxHops; hop++) {
      if (current.href.startsWith(stopAt)) return current;
      if (process.env.DEBUG_JAR) console.error('HOP', current.href.slice(0, 120));
      const response = await this.fetch(current);
      const location = response.headers.get('location');
      if (!location)
        throw new Error(
          `No redirect from ${current.href}: HTTP ${response.status} ${(await response.text()).slice(0, 3000)}`,
        );
      current = new URL(location, current);
    }
    throw new Error('too many redirects');
  }
}
