import { HOSTED_STATUSES, type HostedProfileListEntry, type HostedStatus, staffMay } from '@amora/common';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { Link, useSearchParams } from 'react-router';
import { Loading } from '../../../shared/components/Loading';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { useStaffMe } from '../shared/api';
import { OlderButton } from '../shared/OlderButton';
import { SiteSelect } from '../shared/SiteSelect';
import { StaffPageHead } from '../shared/StaffPageHead';
import { type StaffColumn, StaffTable } from '../shared/StaffTable';
import { useStaffWords } from '../shared/words';
import { useHostedProfiles } from './api';
import {
  type Order,
  orderOf,
  orderParam,
  pressed,
  SERVER_ORDER,
  type SortColumn,
  sortedProfiles,
} from './profile-order';

/** The server answers the whole list at once; the table shows it this many rows at a time. */
const PAGE_ROWS = 50;

/**
 * /staff/profiles: the hosted profiles operators answer as, most conversations waiting first, as a
 * table sorted by any column's head. Admins see every site's and add new ones; operators see their
 * site's, read-only.
 */
export default function StaffProfilesPage() {
  const { t, locale } = useStaffWords();
  useDocumentTitle(t('profiles.title'));
  const { data: me } = useStaffMe();
  const [params, setParams] = useSearchParams();
  const status = (params.get('status') as HostedStatus | null) ?? 'active';
  const order = orderOf(params.get('sort'));
  const [site, setSite] = useState('');
  const [q, setQ] = useState('');
  const [shown, setShown] = useState(PAGE_ROWS);
  const profiles = useHostedProfiles({ site, q, status });
  const keeps = me ? staffMay(me.role, 'profiles') : false;
  const fromFirstPage =
    <Value,>(set: (value: Value) => void) =>
    (value: Value) => {
      setShown(PAGE_ROWS);
      set(value);
    };
  const setQuery = (next: { status: HostedStatus; order: Order }) =>
    setParams({
      ...(next.status !== 'active' && { status: next.status }),
      ...(orderParam(next.order) !== orderParam(SERVER_ORDER) && { sort: orderParam(next.order) }),
    });
  const all = profiles.data ?? [];

  return (
    <section>
      <StaffPageHead title={t('profiles.title')} help={t('profiles.intro')}>
        <span className="text-body-secondary me-auto">
          {profiles.data && t('profiles.count', { count: all.length })}
        </span>
        {keeps && (
          <Link to="/staff/profiles/new" className="btn btn-primary">
            {t('profiles.new')}
          </Link>
        )}
      </StaffPageHead>
      <fieldset className="staff-filters" aria-label={t('profiles.filter')}>
        <fieldset className="btn-group" aria-label={t('profiles.status')}>
          {HOSTED_STATUSES.map((each) => (
            <button
              key={each}
              type="button"
              className={`btn btn-sm ${each === status ? 'btn-primary' : 'btn-outline-primary'}`}
              aria-pressed={each === status}
              onClick={() => fromFirstPage(setQuery)({ status: each, order })}
            >
              {t(`profiles.statuses.${each}`)}
            </button>
          ))}
        </fieldset>
        {keeps && <SiteSelect value={site} onChange={fromFirstPage(setSite)} />}
        <Form.Control
          type="search"
          aria-label={t('profiles.nameStarts')}
          placeholder={t('profiles.nameStartsExample')}
          value={q}
          onChange={(e) => fromFirstPage(setQ)(e.target.value)}
        />
      </fieldset>
      {profiles.isError && <Alert variant="danger">{profiles.error.message}</Alert>}
      {profiles.isPending ? (
        <Loading />
      ) : all.length === 0 ? (
        <p>{t(status === 'active' ? 'profiles.noneActive' : 'profiles.noneRetired')}</p>
      ) : (
        <ProfilesTable
          profiles={sortedProfiles(all, order, locale).slice(0, shown)}
          order={order}
          withSite={keeps}
          onSort={(column) => setQuery({ status, order: pressed(order, column) })}
        />
      )}
      <OlderButton
        list={{
          hasNextPage: shown < all.length,
          isFetchingNextPage: false,
          fetchNextPage: () => setShown(shown + PAGE_ROWS),
        }}
        label={t('profiles.more', { count: Math.min(PAGE_ROWS, all.length - shown) })}
      />
    </section>
  );
}

/** The profiles as dense rows: a small face, name, age, town, site (admins), waiting and conversations. */
function ProfilesTable({
  profiles,
  order,
  withSite,
  onSort,
}: {
  profiles: HostedProfileListEntry[];
  order: Order;
  withSite: boolean;
  onSort: (column: SortColumn) => void;
}) {
  const { t, locale } = useStaffWords();
  const number = new Intl.NumberFormat(locale);
  const sortable = (column: SortColumn): StaffColumn => ({
    label: t(`profiles.columns.${column}`),
    className: `staff-cell-${column}`,
    sort: {
      now: order.column !== column ? 'none' : order.descending ? 'descending' : 'ascending',
      press: () => onSort(column),
    },
  });
  const columns = [
    { label: t('profiles.columns.photo'), className: 'staff-cell-photo' },
    sortable('name'),
    sortable('age'),
    sortable('town'),
    ...(withSite ? [sortable('site')] : []),
    sortable('waiting'),
    sortable('conversations'),
  ];
  return (
    <StaffTable className="staff-hosted-table" aria-label={t('profiles.title')} columns={columns} actions={false}>
      {profiles.map((profile) => {
        const town = [profile.city, profile.country].filter(Boolean).join(', ') || '–';
        return (
          <tr key={profile.id}>
            <td className="staff-cell-photo">
              {profile.thumb_url ? (
                <img src={profile.thumb_url} alt="" loading="lazy" width={40} height={40} />
              ) : (
                <span className="staff-hosted-nophoto" aria-hidden="true">
                  {profile.name.charAt(0)}
                </span>
              )}
            </td>
            <th scope="row" className="staff-cell-name">
              <Link to={`/staff/profiles/${profile.id}`} className="stretched-link">
                {profile.name}
              </Link>
              <span className="staff-hosted-town small text-body-secondary">
                {number.format(profile.age)} · {town}
              </span>
            </th>
            <td className="staff-cell-age">{number.format(profile.age)}</td>
            <td className="staff-cell-town">{town}</td>
            {withSite && <td className="staff-cell-site">{profile.site.name}</td>}
            <td className="staff-cell-waiting">
              {profile.waiting > 0 ? (
                <span className="badge text-bg-danger">{number.format(profile.waiting)}</span>
              ) : (
                <span className="text-body-secondary">0</span>
              )}
            </td>
            <td className="staff-cell-conversations">{number.format(profile.conversations)}</td>
          </tr>
        );
      })}
    </StaffTable>
  );
}
