/** A few DOM helpers: elements from tag, attributes and children, and Bootstrap Icons glyphs. */

type Child = Node | string | number | null | undefined | false;
type Attributes = Record<string, string | number | boolean | undefined | null | EventListener>;

/**
 * An element with its attributes (`class`, `aria-*`, `hidden`…; `on<event>` adds a listener) and
 * children. Text is always set as text, never parsed as markup.
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (typeof value === 'function') element.addEventListener(name.slice(2).toLowerCase(), value);
    else element.setAttribute(name, value === true ? '' : String(value));
  }
  append(element, ...children);
  return element;
}

export function append(parent: Element, ...children: Child[]) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.append(typeof child === 'number' ? String(child) : child);
  }
}

const SVG = 'http://www.w3.org/2000/svg';

/** Each glyph is parsed once; every use is a copy of it (a page shows the same few icons many times). */
const glyphs = new Map<string, SVGSVGElement>();

function glyph(svg: string): SVGSVGElement {
  let parsed = glyphs.get(svg);
  if (!parsed) {
    parsed = document.createElementNS(SVG, 'svg');
    parsed.setAttribute('viewBox', '0 0 16 16');
    parsed.setAttribute('width', '1em');
    parsed.setAttribute('height', '1em');
    parsed.setAttribute('fill', 'currentColor');
    parsed.setAttribute('focusable', 'false');
    parsed.innerHTML = svg.slice(svg.indexOf('>') + 1, svg.lastIndexOf('</svg>'));
    glyphs.set(svg, parsed);
  }
  return parsed.cloneNode(true) as SVGSVGElement;
}

/**
 * A Bootstrap Icons glyph from its SVG text (imported `?raw` at build time, never user input).
 * Decorative unless given a label.
 */
export function icon(svg: string, label?: string, className = ''): SVGSVGElement {
  const element = glyph(svg);
  element.setAttribute('class', `icon ${className}`.trim());
  if (label) {
    element.setAttribute('role', 'img');
    element.setAttribute('aria-label', label);
  } else {
    element.setAttribute('aria-hidden', 'true');
  }
  return element;
}

/** Text for screen readers only. */
export const srOnly = (text: string) => h('span', { class: 'sr-only' }, text);

/** Whether the visitor asked for less motion; read each time, as it can change while the page is open. */
export const reducedMotion = () => matchMedia('(prefers-reduced-motion: reduce)').matches;

/** A stable pseudo-random number in [0, 1) for a seed: the same face lands in the same place every time. */
export function seeded(seed: number): number {
  const x = Math.sin(seed * 9301 + 49297) * 233280;
  return x - Math.floor(x);
}
