import type { Building } from '../types';

const SVG_NS = 'http://www.w3.org/2000/svg';

/** The location pin: a red teardrop with a white dot, tip at the bottom centre (anchor 'bottom'). */
export function createPinElement(): HTMLElement {
  const el = document.createElement('div');
  el.className = 'zv-location-pin';
  el.setAttribute('data-testid', 'location-pin');
  el.setAttribute('aria-label', 'Property location');
  el.style.cssText = 'width:34px;height:44px;filter:drop-shadow(0 2px 3px rgba(0,0,0,.45));';
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', '0 0 34 44');
  svg.setAttribute('width', '34');
  svg.setAttribute('height', '44');
  const path = document.createElementNS(SVG_NS, 'path');
  path.setAttribute('d', 'M17 1C8.2 1 1 8 1 16.8 1 28.6 17 43 17 43s16-14.4 16-26.2C33 8 25.8 1 17 1z');
  path.setAttribute('fill', '#e53935');
  path.setAttribute('stroke', '#ffffff');
  path.setAttribute('stroke-width', '2');
  const dot = document.createElementNS(SVG_NS, 'circle');
  dot.setAttribute('cx', '17');
  dot.setAttribute('cy', '16.5');
  dot.setAttribute('r', '6');
  dot.setAttribute('fill', '#ffffff');
  svg.append(path, dot);
  el.append(svg);
  return el;
}

/** A building label: its rank in a badge, then its name. */
export function createBuildingLabelElement(building: Building): HTMLElement {
  const el = document.createElement('div');
  el.className = 'zv-building-label';
  el.setAttribute('data-testid', 'building-label');
  el.style.cssText = [
    'display:flex',
    'align-items:center',
    'gap:6px',
    'padding:2px 8px 2px 2px',
    'border-radius:12px',
    'background:rgba(255,255,255,.95)',
    'box-shadow:0 1px 4px rgba(0,0,0,.35)',
    'font:600 12px/18px Roboto,Helvetica,Arial,sans-serif',
    'color:#1d2733',
    'white-space:nowrap',
    'pointer-events:none',
  ].join(';');
  const badge = document.createElement('span');
  badge.textContent = String(building.rank);
  badge.style.cssText =
    'display:inline-grid;place-items:center;width:18px;height:18px;border-radius:50%;background:#0277bd;color:#fff;font-size:11px;';
  const label = document.createElement('span');
  label.textContent = building.label;
  el.append(badge, label);
  return el;
}
