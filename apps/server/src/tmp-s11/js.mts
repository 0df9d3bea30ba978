const rows: string[][] = [];
for (let i = 0; i < 300000; i++) rows.push([`P${i}`, (30 + (i % 1000) / 1000).toFixed(6), (-80 - (i % 997) / 1000).toFixed(6), String(100000 + i), `note ${i}, block ${i % 50}`]);
function time(name: string, f: (v: string[]) => unknown) {
  let best = 1e9; const sink: unknown[] = [];
  for (let rep = 0; rep < 6; rep++) { const t = performance.now(); for (const v of rows) { const r = f(v); if (r === 7) sink.push(r); } best = Math.min(best, performance.now() - t); }
  console.log(`${name.padEnd(20)} ${(best * 1e6 / rows.length).toFixed(0)} ns/row`);
}
function safe(v: string[]) { for (const s of v) for (let i = 0; i < s.length; i++) { const c = s.charCodeAt(i); if (c < 32 || c === 34 || c === 92 || c >= 0xd800) return false; } return true; }
time('stringify', (v) => JSON.stringify(v));
time('stringify+includes', (v) => JSON.stringify(v).includes('\\'));
time('join', (v) => '["' + v.join('","') + '"]');
time('scan', (v) => safe(v));
time('scan+join', (v) => safe(v) ? '["' + v.join('","') + '"]' : JSON.stringify(v));
time('join+flat', (v) => ('["' + v.join('","') + '"]').charCodeAt(3));
time('stringify+flat', (v) => JSON.stringify(v).charCodeAt(3));
