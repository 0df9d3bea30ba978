// A render thread's entry (pool.ts): the server runs as TypeScript, so the thread registers the
// same loader (tsx) before it loads the renderer; Piscina calls its default export per task.
import { register } from 'tsx/esm/api';

register();
const { default: render } = await import('./worker.ts');
export default render;
