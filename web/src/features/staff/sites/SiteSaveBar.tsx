import type { StaffSite } from '@amora/common';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { draftOf } from './site-draft';
import type { useSiteEditor } from './useSiteEditor';

/** At the top, always in reach: what is not saved yet, Undo and Save (or, when leaving with changes, Leave and Stay). */
export function SiteSaveBar({ saved, editor }: { saved: StaffSite; editor: ReturnType<typeof useSiteEditor> }) {
  const { save, leaving, count, done, change, hasReasons, edit } = editor;
  return (
    <Form className="staff-site-save" onSubmit={save} aria-label="Save the site's changes">
      <span role="status" className="staff-site-save-status">
        {leaving.state === 'blocked'
          ? `Leave without saving ${count === 1 ? 'the change' : `${count} changes`}?`
          : done && !count
            ? 'Saved: members see it now.'
            : count === 1
              ? '1 change not saved'
              : count > 1
                ? `${count} changes not saved`
                : 'No changes'}
      </span>
      {leaving.state === 'blocked' ? (
        <>
          <Button variant="link" onClick={() => leaving.proceed()}>
            Leave
          </Button>
          <Button onClick={() => leaving.reset()}>Stay</Button>
        </>
      ) : (
        <>
          <Button variant="link" disabled={count === 0 || change.isPending} onClick={() => edit(() => draftOf(saved))}>
            Undo
          </Button>
          <Button type="submit" disabled={count === 0 || change.isPending}>
            Save changes
          </Button>
        </>
      )}
      {change.isError && (
        <p className="staff-site-save-error">
          {hasReasons ? 'Some values were refused: see the fields marked in red.' : change.error.message}
        </p>
      )}
    </Form>
  );
}
