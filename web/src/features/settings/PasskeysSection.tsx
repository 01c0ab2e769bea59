import './settings.scss';
import type { Passkey } from '@amora/common';
import { renamePasskeyRequest } from '@amora/common/schemas';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useAddPasskey, usePasskeys, useRemovePasskey, useRenamePasskey } from '../../api/passkeys';
import { useTranslation } from '../../i18n';
import { useDateLocale } from '../../i18n/date-locale';
import { formatChatTime, formatDate } from '../../i18n/format';
import { Modal } from '../../shared/components/dialogs';
import { Icon } from '../../shared/components/Icon';
import * as icons from '../../shared/components/icons';
import { Loading } from '../../shared/components/Loading';
import { FormAlert, TextField, useSchemaForm } from '../../shared/forms/form';
import { SettingsSection } from './SettingsSection';

const passkeyName = renamePasskeyRequest.pick({ name: true });

/**
 * Passkeys: log in with the phone's or computer's screen lock instead of a password. Adding one
 * lets the browser ask; the new passkey is named after the device and opens for a name of the
 * member's own. Each shows when it was added and last used, to be renamed or removed.
 */
export function PasskeysSection() {
  const { t } = useTranslation();
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const [naming, setNaming] = useState<number | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const list = passkeys.data?.passkeys ?? [];
  const failure = add.error?.message ?? remove.error?.message ?? (passkeys.isError ? passkeys.error.message : null);
  const supported = browserSupportsWebAuthn();
  return (
    <SettingsSection
      id="passkeys"
      icon={icons.passkey}
      title={t('settings.passkeys.title')}
      value={
        passkeys.data &&
        (list.length > 0 ? t('settings.passkeys.count', { count: list.length }) : t('settings.passkeys.none'))
      }
    >
      <p>{t('settings.passkeys.intro')}</p>
      {passkeys.isPending && <Loading />}
      {failure && <Alert variant="danger">{failure}</Alert>}
      {list.length > 0 && (
        <ul className="list-unstyled session-list mb-0">
          {list.map((passkey) =>
            naming === passkey.id ? (
              <RenameForm key={passkey.id} passkey={passkey} onDone={() => setNaming(null)} />
            ) : (
              <PasskeyRow
                key={passkey.id}
                passkey={passkey}
                busy={remove.isPending}
                onRename={() => setNaming(passkey.id)}
                onRemove={() => setRemoving(passkey)}
              />
            ),
          )}
        </ul>
      )}
      {supported ? (
        <Button
          variant="outline-primary"
          className="mt-3"
          disabled={add.isPending}
          onClick={() => add.mutate(undefined, { onSuccess: (answer) => setNaming(answer.passkeys[0]?.id ?? null) })}
        >
          <Icon svg={icons.plus} className="me-2" />
          {t('settings.passkeys.add')}
        </Button>
      ) : (
        <Alert variant="secondary" className="mb-0">
          {t('settings.passkeys.unsupported')}
        </Alert>
      )}
      <Modal show={removing !== null} onHide={() => setRemoving(null)} centered aria-labelledby="remove-passkey-title">
        <Modal.Header closeButton closeLabel={t('common.close')}>
          <Modal.Title as="h2" className="h5" id="remove-passkey-title">
            {t('settings.passkeys.confirmTitle')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>{t('settings.passkeys.confirmText', { name: removing?.name ?? '' })}</Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={() => setRemoving(null)}>
            {t('settings.passkeys.cancel')}
          </Button>
          <Button
            variant="danger"
            onClick={() => {
              if (removing) remove.mutate(removing.id);
              setRemoving(null);
            }}
          >
            {t('settings.passkeys.remove')}
          </Button>
        </Modal.Footer>
      </Modal>
    </SettingsSection>
  );
}

function PasskeyRow({
  passkey,
  busy,
  onRename,
  onRemove,
}: {
  passkey: Passkey;
  busy: boolean;
  onRename: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const dateLocale = useDateLocale();
  return (
    <li className="session">
      <span className="session-icon session-icon-current">
        <Icon svg={icons.passkey} />
      </span>
      <span className="session-text">
        <span className="session-name">{passkey.name}</span>
        <span className="session-detail">
          {passkey.last_used_at
            ? t('settings.passkeys.lastUsed', { when: formatChatTime(passkey.last_used_at, dateLocale) })
            : t('settings.passkeys.neverUsed')}
        </span>
        <span className="session-detail">
          {t('settings.passkeys.created', { date: formatDate(passkey.created_at, dateLocale) })}
        </span>
      </span>
      <span className="session-end passkey-actions">
        <Button
          variant="outline-primary"
          size="sm"
          onClick={onRename}
          aria-label={t('settings.passkeys.renameOne', { name: passkey.name })}
        >
          <Icon svg={icons.rename} className="me-1" />
          {t('settings.passkeys.rename')}
        </Button>
        <Button
          variant="outline-danger"
          size="sm"
          disabled={busy}
          onClick={onRemove}
          aria-label={t('settings.passkeys.removeOne', { name: passkey.name })}
        >
          <Icon svg={icons.trash} className="me-1" />
          {t('settings.passkeys.remove')}
        </Button>
      </span>
    </li>
  );
}

/** Names a passkey in place of its row; a new one opens here with the device's name. */
function RenameForm({ passkey, onDone }: { passkey: Passkey; onDone: () => void }) {
  const { t } = useTranslation();
  const rename = useRenamePasskey();
  const { form, onSubmit, alert } = useSchemaForm(passkeyName, { name: passkey.name }, async ({ name }) => {
    await rename.mutateAsync({ id: passkey.id, name });
    onDone();
  });
  return (
    <li className="session passkey-naming">
      <Form noValidate onSubmit={onSubmit} className="passkey-name-form">
        <FormAlert alert={alert} />
        <TextField form={form} name="name" label={t('settings.passkeys.name')} autoComplete="off" autoFocus />
        <div className="d-flex gap-2">
          <Button type="submit" variant="primary" disabled={form.formState.isSubmitting}>
            {t('settings.passkeys.save')}
          </Button>
          <Button variant="outline-secondary" onClick={onDone}>
            {t('settings.passkeys.cancel')}
          </Button>
        </div>
      </Form>
    </li>
  );
}
