// Benchmarks print figures; they are not timed tests. Each feature adds its own script here.
import { benchImagery } from './imagery.js';

const results = [await benchImagery()];
process.exitCode = results.every(Boolean) ? 0 : 1;
