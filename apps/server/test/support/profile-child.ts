/** A process that profiles on its parent's request (processes/profile-on-request.ts), for profile-on-request.test.ts. */
import { profileOnRequest } from '../../src/processes/profile-on-request.js';

profileOnRequest(process.env.API_CPU_PROFILE_DIR);
// Some work to sample while the profiler runs.
setInterval(() => JSON.stringify(Array.from({ length: 2000 }, (_, i) => ({ i }))), 5);
process.send?.({ ready: true });
