import { useEffect } from 'react';
import { useSettings } from '../api/hooks';

export function useDocumentTitle(title: string) {
  const { data: settings } = useSettings();
  useEffect(() => {
    document.title = settings ? `${title} · ${settings.name}` : title;
  }, [title, settings]);
}
