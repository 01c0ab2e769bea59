import type { StaffSite } from '@amora/common';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useStaffWords } from '../shared/words';
import { draftOf } from './site-draft';
import type { useSiteEditor } from './useSiteEditor';

/** At the top, always in reach: what is not saved yet, Undo and Save (or, when leaving with changes, Leave and Stay). */
export function SiteSaveBar({ saved, editor }: { saved: StaffSite; editor: ReturnType<typeof useSiteEditor> }) {
  const { t } = useStaffWords();
  const { save, leaving, count, done, change, hasReasons, edit } = editor;
  return (
    <Form className="staff-site-save" onSubmit={save} aria-label={t('sites.save.form')}>
      <span role="status" className="staff-site-save-status">
        {leaving.state === 'blocked'
          ? t('sites.save.leaveAsk', { count })
          : done && !count
            ? t('sites.save.saved')
            : count > 0
              ? t('sites.save.pending', { count })
              : t('sites.save.none')}
      </span>
      {leaving.state === 'blocked' ? (
        <>
          <Button variant="link" onClick={() => leaving.proceed()}>
            {t('sites.save.leave')}
          </Button>
          <Button onClick={() => leaving.reset()}>{t('sites.save.stay')}</Button>
        </>
      ) : (
        <>
          <Button variant="link" disabled={count === 0 || change.isPending} onClick={() => edit(() => draftOf(saved))}>
            {t('sites.save.undo')}
          </Button>
          <Button type="submit" disabled={count === 0 || change.isPending}>
            {t('sites.save.submit')}
          </Button>
        </>
      )}
      {change.isError && (
        <p className="staff-site-save-error">{hasReasons ? t('sites.save.refused') : change.error.message}</p>
      )}
    </Form>
  );
}
