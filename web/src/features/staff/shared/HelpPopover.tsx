import { type ReactNode, useId } from 'react';
import Button from 'react-bootstrap/Button';
import OverlayTrigger from 'react-bootstrap/OverlayTrigger';
import Popover from 'react-bootstrap/Popover';
import { Icon } from '../../../shared/components/Icon';
import * as icons from '../../../shared/components/icons';
import { useStaffWords } from './words';

/** An info button beside a heading that opens what `topic` is for, instead of a paragraph under it. */
export function HelpPopover({ topic, children }: { topic: string; children: ReactNode }) {
  const { t } = useStaffWords();
  const id = useId();
  const popover = (
    <Popover id={id} className="staff-help-popover">
      <Popover.Body>{children}</Popover.Body>
    </Popover>
  );
  return (
    <OverlayTrigger trigger="click" placement="auto" rootClose overlay={popover}>
      <Button variant="link" size="sm" className="staff-help" aria-label={t('shell2.helpAbout', { topic })}>
        <Icon svg={icons.info} />
      </Button>
    </OverlayTrigger>
  );
}
