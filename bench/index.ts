// Benchmarks print figures; they are not timed tests. Each feature adds its own script here.
console.log('Benchmarks: npm run -w bench bench:portfolio (ROWS=1000000 by default).');
