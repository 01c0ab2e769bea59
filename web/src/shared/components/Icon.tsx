/**
 * A Bootstrap Icons glyph. Each icon is imported as SVG text where it is used (see icons.ts), so a
 * chunk carries only its own icons. Decorative unless given a label.
 */
export function Icon({ svg, label, className = '' }: { svg: string; label?: string; className?: string }) {
  return (
    <svg
      viewBox="0 0 16 16"
      width="1em"
      height="1em"
      fill="currentColor"
      className={`icon ${className}`}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
      // The icon's own paths, from the bootstrap-icons package at build time: never user input.
      dangerouslySetInnerHTML={{ __html: innerSvg(svg) }}
    />
  );
}

const innerCache = new Map<string, string>();

function innerSvg(svg: string): string {
  let inner = innerCache.get(svg);
  if (inner === undefined) {
    inner = svg.slice(svg.indexOf('>') + 1, svg.lastIndexOf('</svg>')).trim();
    innerCache.set(svg, inner);
  }
  return inner;
}
