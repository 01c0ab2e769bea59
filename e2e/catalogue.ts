import fs from 'node:fs';

type Tree = { [key: string]: string | Tree };

/** Reads the same catalogues the app shows, so journeys run in any language. */
export function catalogue(locale: string) {
  const load = (ns: string) => JSON.parse(fs.readFileSync(`common/locales/${locale}/${ns}.json`, 'utf8')) as Tree;
  const namespaces: Record<string, Tree> = {
    app: load('app'),
    errors: load('errors'),
    pages: load('pages'),
    mail: load('mail'),
    members: load('members'),
    likes: load('likes'),
    chat: load('chat'),
    credits: load('credits'),
    notifications: load('notifications'),
    landers: load('landers'),
    export: load('export'),
    staff: load('staff'),
  };
  return (key: string, values: Record<string, string> = {}): string => {
    const [ns, path] = key.includes(':') ? key.split(':') : ['app', key];
    let node: string | Tree = namespaces[ns];
    const parts = path.split('.');
    // Plural keys carry i18next's suffix for the count: total_one, total_other…
    // (and _zero, where a text has one, for 0).
    if (values.count !== undefined) {
      const last = parts.pop() as string;
      const parent = parts.reduce<string | Tree>((tree, part) => (tree as Tree)[part], node) as Tree;
      const form = new Intl.PluralRules(locale).select(Number(values.count));
      parts.push(Number(values.count) === 0 && `${last}_zero` in parent ? `${last}_zero` : `${last}_${form}`);
    }
    for (const part of parts) node = (node as Tree)[part];
    if (typeof node !== 'string') throw new Error(`no text for ${key}`);
    // `{{count, number}}`: the count as the language writes numbers (1,000 or 1.000).
    return node.replace(/{{(\w+)(, number)?}}/g, (_, name: string, number?: string) => {
      const value = values[name] ?? '';
      return number && value !== '' ? new Intl.NumberFormat(locale).format(Number(value)) : value;
    });
  };
}
