import type { SessionDevice } from '@amora/common';
import { Icon } from './Icon';
import * as icons from './icons';

const DEVICE_ICONS: Record<SessionDevice['kind'], string> = {
  phone: icons.phone,
  tablet: icons.tablet,
  computer: icons.computer,
};

/** A session's device as a round icon: a phone, a tablet or a computer; the current one stands out. */
export function DeviceIcon({ kind, current = false }: { kind: SessionDevice['kind']; current?: boolean }) {
  return (
    <span className={`session-icon${current ? ' session-icon-current' : ''}`}>
      <Icon svg={DEVICE_ICONS[kind]} />
    </span>
  );
}
