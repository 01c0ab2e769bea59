import { useEffect } from 'react';
import { useSettings } from '../../api/hooks';
import { setPageTitle } from '../document-title';

export function useDocumentTitle(title: string) {
  const { data: settings } = useSettings();
  useEffect(() => {
    setPageTitle(settings ? `${title} · ${settings.name}` : title);
  }, [title, settings]);
}
