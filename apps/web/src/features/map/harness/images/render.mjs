#!/usr/bin/env node
// Renders the map harness's fixture imagery (aerial, before/after, four obliques) in Chromium's
// canvas and writes small JPEGs beside this file. Procedural, deterministic, no network:
//   node apps/web/src/features/map/harness/images/render.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const scene = JSON.parse(readFileSync(path.join(here, '../scene.json'), 'utf8'));

/* global document */
/** Runs in the page: draws one picture of the neighbourhood and returns a JPEG data URL. */
function render(scene, variant) {
  const W = variant.px ?? scene.imagePx;
  const H = variant.px ?? scene.imagePx;
  const k = W / scene.imagePx; // detail scale for pixel-sized strokes
  const half = scene.halfSizeM;
  const canvas = document.createElement('canvas');
  canvas.width = W;
  canvas.height = H;
  const g = canvas.getContext('2d');
  const px = (x) => ((x + half) / (2 * half)) * W;
  const py = (y) => ((half - y) / (2 * half)) * H;
  const m = W / (2 * half); // pixels per metre
  let seed = 1234567;
  const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const pick = (list) => list[Math.floor(rnd() * list.length)];

  const season =
    variant.kind === 'after'
      ? { grass: [112, 118, 70], tree: [52, 74, 38] }
      : { grass: [96, 128, 62], tree: [38, 78, 36] };
  const rgb = (c, d = 0) => `rgb(${c[0] + d},${c[1] + d},${c[2] + d})`;

  // Lawn with mottling.
  g.fillStyle = rgb(season.grass);
  g.fillRect(0, 0, W, H);
  for (let i = 0; i < 2600; i++) {
    const r = (3 + rnd() * 14) * k;
    g.fillStyle = rgb(season.grass, Math.round((rnd() - 0.5) * 26));
    g.globalAlpha = 0.35;
    g.beginPath();
    g.arc(rnd() * W, rnd() * H, r, 0, Math.PI * 2);
    g.fill();
  }
  g.globalAlpha = 1;

  const rect = (x0, y0, x1, y1, color) => {
    g.fillStyle = color;
    g.fillRect(px(Math.min(x0, x1)), py(Math.max(y0, y1)), Math.abs(x1 - x0) * m, Math.abs(y1 - y0) * m);
  };
  const poly = (pts, color, dx = 0, dy = 0) => {
    g.fillStyle = color;
    g.beginPath();
    pts.forEach(([x, y], i) => (i ? g.lineTo(px(x) + dx, py(y) + dy) : g.moveTo(px(x) + dx, py(y) + dy)));
    g.closePath();
    g.fill();
  };

  // Streets: two east-west, one north-south, with sidewalks.
  const roads = [
    { x0: -half, x1: half, y0: -50, y1: -40 },
    { x0: -half, x1: half, y0: 52, y1: 62 },
    { x0: -128, x1: -118, y0: -half, y1: half },
  ];
  for (const r of roads) {
    const horizontal = r.x1 - r.x0 > r.y1 - r.y0;
    rect(
      r.x0 - (horizontal ? 0 : 2),
      r.y0 - (horizontal ? 2 : 0),
      r.x1 + (horizontal ? 0 : 2),
      r.y1 + (horizontal ? 2 : 0),
      '#c9c6bd',
    );
  }
  for (const r of roads) rect(r.x0, r.y0, r.x1, r.y1, '#5d5f61');
  for (let i = 0; i < 900; i++) {
    const r = roads[i % roads.length];
    g.fillStyle = `rgba(${rnd() > 0.5 ? '255,255,255' : '0,0,0'},0.06)`;
    const x = r.x0 + rnd() * (r.x1 - r.x0);
    const y = r.y0 + rnd() * (r.y1 - r.y0);
    g.fillRect(px(x), py(y), (2 + rnd() * 5) * k, (2 + rnd() * 3) * k);
  }

  // Houses: the subject at the origin, neighbours every 36 m along the streets.
  const shift = { north: [0, -1], east: [1, 0], south: [0, 1], west: [-1, 0] }[variant.view] ?? null;
  const roofColors = ['#8a8f93', '#6f6a64', '#9a8c7a', '#5f6670', '#a39a8e', '#7b6f66'];
  const houses = [];
  const lots = [];
  for (let lx = -108; lx <= 126; lx += 36) {
    for (const side of [
      { y0: -39, y1: 22, road: -40, facing: -1 },
      { y0: -112, y1: -51, road: -50, facing: 1 },
      { y0: 63, y1: 124, road: 62, facing: -1 },
    ]) {
      const isSubject = lx === 0 && side.y0 === -39;
      lots.push({ x0: lx - 18, x1: lx + 18, y0: side.y0, y1: side.y1 });
      if (isSubject) {
        scene.subject.buildings.forEach((b, i) =>
          houses.push({ pts: b.outline, color: i === 0 ? '#7d7a76' : '#8d8984', h: b.height, subject: true }),
        );
        continue;
      }
      const w = 15 + rnd() * 6;
      const d = 12 + rnd() * 6;
      const setback = 9 + rnd() * 5;
      const yNear = side.facing < 0 ? side.y0 + setback : side.y1 - setback;
      const yFar = yNear - side.facing * d;
      const x0 = lx - w / 2 + (rnd() - 0.5) * 4;
      houses.push({
        pts: [
          [x0, yNear],
          [x0 + w, yNear],
          [x0 + w, yFar],
          [x0, yFar],
        ],
        color: pick(roofColors),
        h: 5 + rnd() * 2,
      });
      // Driveway to the street.
      const dx = x0 + (rnd() > 0.5 ? w - 6 : 0);
      rect(dx, yNear, dx + 5.5, side.facing < 0 ? side.road : side.road, '#cfcbc2');
      if (rnd() > 0.72) {
        const poolY = yFar - side.facing * 4;
        g.fillStyle = '#4fb3d9';
        g.beginPath();
        g.roundRect(px(lx - 4), py(Math.max(poolY, poolY - side.facing * 7)), 8 * m, 7 * m, 6 * k);
        g.fill();
      }
    }
  }
  // Subject driveway and patio.
  rect(-10, -26, -4, -40, '#d3cfc6');
  rect(2, -8, 8, -2, '#bdb6a8');

  // Fences between lots.
  g.strokeStyle = 'rgba(70,60,45,0.55)';
  g.lineWidth = 1.2 * k;
  for (const l of lots) g.strokeRect(px(l.x0), py(l.y1), (l.x1 - l.x0) * m, (l.y1 - l.y0) * m);

  // Trees, kept off roofs and roads.
  const onSomething = (x, y) =>
    roads.some((r) => x > r.x0 - 3 && x < r.x1 + 3 && y > r.y0 - 3 && y < r.y1 + 3) ||
    houses.some((h) => {
      const xs = h.pts.map((p) => p[0]);
      const ys = h.pts.map((p) => p[1]);
      return x > Math.min(...xs) - 3 && x < Math.max(...xs) + 3 && y > Math.min(...ys) - 3 && y < Math.max(...ys) + 3;
    });
  const trees = [];
  for (let i = 0; i < 260; i++) {
    const x = (rnd() * 2 - 1) * half;
    const y = (rnd() * 2 - 1) * half;
    if (!onSomething(x, y)) trees.push({ x, y, r: 2.5 + rnd() * 3.5 });
  }

  // Buildings: oblique views show walls on the side facing the camera.
  const lean = shift ? 1.6 : 0;
  for (const h of houses) {
    const ox = shift ? -shift[0] * h.h * lean * m : 0;
    const oy = shift ? -shift[1] * h.h * lean * m : 0;
    // shadow (sun from the south-west)
    poly(h.pts, 'rgba(0,0,0,0.28)', 2.2 * m, -1.4 * m);
    if (shift) {
      for (let i = 0; i < h.pts.length; i++) {
        const a = h.pts[i];
        const b = h.pts[(i + 1) % h.pts.length];
        g.fillStyle = i % 2 ? '#d8d2c4' : '#bfb8a9';
        g.beginPath();
        g.moveTo(px(a[0]), py(a[1]));
        g.lineTo(px(b[0]), py(b[1]));
        g.lineTo(px(b[0]) + ox, py(b[1]) + oy);
        g.lineTo(px(a[0]) + ox, py(a[1]) + oy);
        g.closePath();
        g.fill();
      }
    }
    poly(h.pts, h.color, ox, oy);
    // ridge shading: darker half of the roof
    const xs = h.pts.map((p) => p[0]);
    const ys = h.pts.map((p) => p[1]);
    const cx = (Math.min(...xs) + Math.max(...xs)) / 2;
    g.save();
    g.beginPath();
    h.pts.forEach(([x, y], i) => (i ? g.lineTo(px(x) + ox, py(y) + oy) : g.moveTo(px(x) + ox, py(y) + oy)));
    g.closePath();
    g.clip();
    g.fillStyle = 'rgba(0,0,0,0.16)';
    g.fillRect(
      px(cx) + ox,
      py(Math.max(...ys)) + oy,
      (Math.max(...xs) - cx) * m,
      (Math.max(...ys) - Math.min(...ys)) * m,
    );
    g.strokeStyle = 'rgba(255,255,255,0.18)';
    g.lineWidth = k;
    for (let s = Math.min(...ys); s < Math.max(...ys); s += 0.9) {
      g.beginPath();
      g.moveTo(px(Math.min(...xs)) + ox, py(s) + oy);
      g.lineTo(px(Math.max(...xs)) + ox, py(s) + oy);
      g.stroke();
    }
    if (variant.kind === 'after' && (h.subject || rnd() > 0.55)) {
      // storm damage: blue tarps and missing shingles
      g.fillStyle = '#2f6fd0';
      g.fillRect(px(cx - 4) + ox, py(Math.max(...ys) - 2) + oy, 7 * m, 5 * m);
      g.fillStyle = '#4a3b2c';
      for (let k = 0; k < 14; k++)
        g.fillRect(
          px(Math.min(...xs) + rnd() * (Math.max(...xs) - Math.min(...xs))) + ox,
          py(Math.min(...ys) + rnd() * (Math.max(...ys) - Math.min(...ys))) + oy,
          3 + rnd() * 6,
          2 + rnd() * 5,
        );
    }
    g.restore();
  }
  for (const t of trees) {
    const ox = shift ? -shift[0] * 5 * m : 0;
    const oy = shift ? -shift[1] * 5 * m : 0;
    g.fillStyle = 'rgba(0,0,0,0.3)';
    g.beginPath();
    g.arc(px(t.x) + 1.8 * m, py(t.y) + 1.2 * m, t.r * m, 0, Math.PI * 2);
    g.fill();
    const grad = g.createRadialGradient(
      px(t.x) + ox - t.r * m * 0.3,
      py(t.y) + oy - t.r * m * 0.3,
      1,
      px(t.x) + ox,
      py(t.y) + oy,
      t.r * m,
    );
    grad.addColorStop(0, rgb(season.tree, 40));
    grad.addColorStop(1, rgb(season.tree, -8));
    g.fillStyle = grad;
    g.beginPath();
    g.arc(px(t.x) + ox, py(t.y) + oy, t.r * m, 0, Math.PI * 2);
    g.fill();
  }
  if (variant.kind === 'after') {
    g.fillStyle = 'rgba(90,70,50,0.55)';
    for (let i = 0; i < 500; i++) g.fillRect(rnd() * W, rnd() * H, 1 + rnd() * 4, 1 + rnd() * 3);
  }
  // Slight haze/tint per capture so the pictures differ like real flights.
  g.fillStyle = variant.tint ?? 'rgba(0,0,0,0)';
  g.fillRect(0, 0, W, H);
  return canvas.toDataURL('image/jpeg', 0.8);
}

const variants = [
  // The standard map opens at zoom 20 on the buildings: its aerial gets twice the resolution.
  { file: 'aerial.jpg', kind: 'aerial', px: 2048 },
  { file: 'before.jpg', kind: 'aerial', tint: 'rgba(255,240,210,0.06)' },
  { file: 'after.jpg', kind: 'after', tint: 'rgba(120,110,90,0.08)' },
  { file: 'oblique-north.jpg', kind: 'aerial', view: 'north' },
  { file: 'oblique-east.jpg', kind: 'aerial', view: 'east', tint: 'rgba(255,220,170,0.07)' },
  { file: 'oblique-south.jpg', kind: 'aerial', view: 'south', tint: 'rgba(200,220,255,0.06)' },
  { file: 'oblique-west.jpg', kind: 'aerial', view: 'west', tint: 'rgba(255,200,150,0.08)' },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--headless'],
});
try {
  const page = await browser.newPage();
  for (const variant of variants) {
    const dataUrl = await page.evaluate(`(${render.toString()})(${JSON.stringify(scene)}, ${JSON.stringify(variant)})`);
    const bytes = Buffer.from(String(dataUrl).split(',')[1], 'base64');
    writeFileSync(path.join(here, variant.file), bytes);
    console.log(`${variant.file}: ${(bytes.length / 1024).toFixed(0)} KB`);
  }
} finally {
  await browser.close();
}
