/**
 * The back office's desks in its bar. On a wide screen every desk the role may use is in it; on a
 * phone the bar keeps the role's most used ones and More opens a sheet with every desk, who is
 * signed in, their language and Log out, none of it cut.
 */
import { type StaffRight, type StaffRole, staffMay } from '@amora/common';
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Link, useLocation } from 'react-router';
import { Sheet } from '../../../shared/components/dialogs';
import { Icon } from '../../../shared/components/Icon';
import { more } from '../../../shared/components/icons';
import { useStaffLogout } from './api';
import { LanguageChoice } from './LanguageChoice';
import { useStaffWords } from './words';

type NavLabel =
  | 'dashboard'
  | 'inbox'
  | 'profiles'
  | 'photos'
  | 'reports'
  | 'members'
  | 'payments'
  | 'prices'
  | 'codes'
  | 'sites'
  | 'team'
  | 'log'
  | 'sessions';

interface Desk {
  to: string;
  /** Its name in staff:nav. */
  label: NavLabel;
  /** The right it needs (none: every role may use it). */
  right?: StaffRight;
  matches: (path: string) => boolean;
}

const under = (prefix: string) => (path: string) => path.startsWith(prefix);

const DESKS: Desk[] = [
  { to: '/staff/dashboard', label: 'dashboard', right: 'dashboard', matches: under('/staff/dashboard') },
  {
    to: '/staff/inbox',
    label: 'inbox',
    right: 'inbox',
    matches: (path) => path.startsWith('/staff/inbox') || path.startsWith('/staff/conversations/'),
  },
  { to: '/staff/profiles', label: 'profiles', right: 'inbox', matches: under('/staff/profiles') },
  { to: '/staff/photos', label: 'photos', right: 'photos', matches: under('/staff/photos') },
  { to: '/staff/cases', label: 'reports', right: 'reports', matches: under('/staff/cases') },
  { to: '/staff/members', label: 'members', right: 'members', matches: under('/staff/members') },
  { to: '/staff/payments', label: 'payments', right: 'money', matches: under('/staff/payments') },
  { to: '/staff/bundles', label: 'prices', right: 'money', matches: under('/staff/bundles') },
  { to: '/staff/discounts', label: 'codes', right: 'money', matches: under('/staff/discounts') },
  { to: '/staff/sites', label: 'sites', right: 'sites', matches: under('/staff/sites') },
  { to: '/staff/team', label: 'team', right: 'staff', matches: under('/staff/team') },
  { to: '/staff/log', label: 'log', right: 'staff', matches: under('/staff/log') },
  { to: '/staff/sessions', label: 'sessions', matches: under('/staff/sessions') },
];

/** The desks a phone's bar keeps, most used first: a role's first three of these. */
const MOST_USED: NavLabel[] = ['dashboard', 'inbox', 'photos', 'reports', 'members', 'profiles', 'sessions'];
const PHONE_BAR_DESKS = 3;

export const desksFor = (role: StaffRole) => DESKS.filter((desk) => !desk.right || staffMay(role, desk.right));

const phoneDesksFor = (role: StaffRole) =>
  MOST_USED.flatMap((label) => desksFor(role).filter((desk) => desk.label === label)).slice(0, PHONE_BAR_DESKS);

/** Where /staff leads: the role's first desk (an admin's dashboard, an operator's inbox, a moderator's photos). */
export const firstPageFor = (role: StaffRole) => desksFor(role)[0]?.to ?? '/staff/sessions';

export interface StaffNavProps {
  role: StaffRole;
  /** Who is signed in, as the sheet heads them: "Ada (Admin)". */
  who: string;
}

/** The bar's desks and, on a phone, its More button and sheet. */
export function StaffNav({ role, who }: StaffNavProps) {
  const { pathname } = useLocation();
  const { t } = useStaffWords();
  const [open, setOpen] = useState(false);
  const onPhone = phoneDesksFor(role);
  const inSheetOnly = desksFor(role).some((desk) => !onPhone.includes(desk) && desk.matches(pathname));
  return (
    <nav className="staff-nav" aria-label={t('shell.brand')}>
      {desksFor(role).map((desk) => (
        <Link
          key={desk.to}
          to={desk.to}
          className={onPhone.includes(desk) ? undefined : 'staff-nav-wide'}
          aria-current={desk.matches(pathname) ? 'page' : undefined}
        >
          {t(`nav.${desk.label}`)}
        </Link>
      ))}
      <button
        type="button"
        className={`staff-more${inSheetOnly ? ' staff-more-current' : ''}`}
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <Icon svg={more} />
        {t('shell2.more')}
      </button>
      <StaffSheet role={role} who={who} show={open} onHide={() => setOpen(false)} />
    </nav>
  );
}

function StaffSheet({ role, who, show, onHide }: StaffNavProps & { show: boolean; onHide: () => void }) {
  const { pathname } = useLocation();
  const { t, language } = useStaffWords();
  const logout = useStaffLogout();
  const titleId = useId();
  return (
    <Sheet show={show} onHide={onHide} className="staff-sheet" lang={language} aria-labelledby={titleId}>
      <Sheet.Header closeButton closeLabel={t('shell2.close')}>
        <Sheet.Title as="h2" className="h6 mb-0" id={titleId}>
          {who}
        </Sheet.Title>
      </Sheet.Header>
      <Sheet.Body>
        <ul className="staff-sheet-desks" aria-label={t('shell2.desks')}>
          {desksFor(role).map((desk) => (
            <li key={desk.to}>
              <Link to={desk.to} aria-current={desk.matches(pathname) ? 'page' : undefined} onClick={onHide}>
                {t(`nav.${desk.label}`)}
              </Link>
            </li>
          ))}
        </ul>
        <LanguageChoice id="staff-sheet-language" className="mt-3" />
        <Button variant="outline-secondary" className="w-100 mt-3" onClick={() => logout.mutate()}>
          {t('shell.logOut')}
        </Button>
      </Sheet.Body>
    </Sheet>
  );
}
