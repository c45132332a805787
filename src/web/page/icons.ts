/**
 * The page's icons: small inline SVGs (no emoji, which render as empty
 * boxes without an emoji font; no icon font or library). Each is drawn in
 * a 16×16 box with the text colour.
 */

const PATHS = {
  first: 'M3 3h2v10H3zM13 3v10L6 8z',
  prev: 'M12 3v10L5 8z',
  play: 'M4 2.5v11L13.5 8z',
  pause: 'M4 3h3v10H4zM9 3h3v10H9z',
  next: 'M4 3v10l7-5zM12 3h2v10h-2z',
  last: 'M3 3v10l7-5zM11 3h2v10h-2z',
  undo: 'M6 3 1.5 7 6 11V8.3c3.2 0 5.4 1 7 3.7-.5-3.8-2.8-6.3-7-6.8z',
  redo: 'M10 3l4.5 4-4.5 4V8.3c-3.2 0-5.4 1-7 3.7.5-3.8 2.8-6.3 7-6.8z',
  restart: 'M8 2.5a5.5 5.5 0 1 0 5.3 7h-1.9A3.8 3.8 0 1 1 8 4.2c1 0 2 .4 2.7 1.1L8.5 7.5H14V2l-2.1 2.1A5.5 5.5 0 0 0 8 2.5z',
  nextLevel: 'M2 3v10l6-5zM8 3v10l6-5z',
} as const;

export type IconName = keyof typeof PATHS;

const NS = 'http://www.w3.org/2000/svg';

/** A new icon element (aria-hidden: the button carries the name). */
export function icon(name: IconName): SVGSVGElement {
  const svg = document.createElementNS(NS, 'svg');
  svg.setAttribute('viewBox', '0 0 16 16');
  svg.setAttribute('width', '16');
  svg.setAttribute('height', '16');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('class', 'icon');
  svg.dataset.icon = name;
  const path = document.createElementNS(NS, 'path');
  path.setAttribute('d', PATHS[name]);
  path.setAttribute('fill', 'currentColor');
  svg.append(path);
  return svg;
}

/** Puts an icon into a button (replacing its content), keeping an accessible name. */
export function setIcon(button: HTMLElement, name: IconName, label?: string): void {
  button.replaceChildren(icon(name));
  if (label) button.setAttribute('aria-label', label);
}
