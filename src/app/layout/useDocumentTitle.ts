import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { useT } from '../intl/useT';
import { systemInfo } from '../state/system';

/** Spec §2: page title = translated route title + " - " + system name (local storage, else the default). */
export function useDocumentTitle(title: string | null): void {
  const sys = useSnapshot(systemInfo);
  const t = useT();
  const name = sys.name || t('shell.systemName.default');
  useEffect(() => {
    document.title = title ? `${title} - ${name}` : name;
  }, [title, name]);
}
