import { cloneElement, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from './index';

/** `text` with each `<name>…</name>` drawn as `components[name]` around its words (a link, say). */
export function withComponents(text: string, components: Record<string, ReactElement>): ReactNode[] {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const match of text.matchAll(/<(\w+)>(.*?)<\/\1>/g)) {
    const [whole, name = '', words] = match;
    if (match.index > at) parts.push(text.slice(at, match.index));
    const component = components[name];
    parts.push(component ? cloneElement(component, { key: match.index }, words) : words);
    at = match.index + whole.length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}

/** A text of the app's namespace whose tags are components: `<terms>terms</terms>` as a link. */
export function Trans({
  i18nKey,
  values,
  components,
}: {
  i18nKey: string;
  values?: Record<string, unknown>;
  components: Record<string, ReactElement>;
}) {
  const { t } = useTranslation();
  return <>{withComponents(t(i18nKey, values), components)}</>;
}
