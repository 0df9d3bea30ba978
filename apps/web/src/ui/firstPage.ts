/**
 * When the signed-in app first showed a page: what is not needed for it (the identity adapter's
 * token renewal, issue 45) loads after this instead of competing with it. The shell reports it;
 * a load that never shows the shell (an error screen) goes on after `fallbackMs`.
 */
let reportShown: () => void = () => undefined;
const shown = new Promise<void>((resolve) => {
  reportShown = resolve;
});

/**
 * Called by the shell once it has committed its first page. What waits for it starts after that
 * page's frame has been painted (the next animation frame, then a task), not in the commit that
 * inserts it, so its downloads never compete with the page's.
 */
export function markFirstPageShown(): void {
  const afterFrame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame : setTimeout;
  afterFrame(() => setTimeout(reportShown, 0));
}

export function whenFirstPageShown(fallbackMs = 4_000): Promise<void> {
  return Promise.race([shown, new Promise<void>((resolve) => setTimeout(resolve, fallbackMs))]);
}
