// Benchmarks print figures; they are not timed tests. Each feature adds its own script here.
console.log('No benchmarks registered yet.');
