import { useEffect } from 'react';
import { useBrowserState } from '../hydration';

/**
 * Whether the window matches a CSS media query now; follows it as the window turns or resizes. Where
 * the server rendered the page, false until the page is taken over.
 */
export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useBrowserState(() => window.matchMedia(query).matches, false);
  useEffect(() => {
    const list = window.matchMedia(query);
    const onChange = () => setMatches(list.matches);
    onChange();
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, [query]);
  return matches;
}
