import type { DashboardResponse } from '@amora/common';
import type { TFunction } from '@amora/common/i18n';
import { type ReactElement, type ReactNode, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
import Form from 'react-bootstrap/Form';
import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney } from '../../../i18n/format';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { SiteSelect } from '../shared/SiteSelect';
import { StaffPageHead } from '../shared/StaffPageHead';
import { useStaffWords } from '../shared/words';
import { useDashboard } from './api';

/** The theme's colours ($primary, $secondary, $dark), for the charts' SVG. */
const CHART_COLOURS = ['#0b7a73', '#c2185b', '#1d1a3a', '#6a5acd'];
const PRESETS = [7, 30, 90] as const;
const DAY_MS = 86_400_000;

const today = () => new Date().toISOString().slice(0, 10);
const daysBefore = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);
/** "26 Nov" for a chart's axis. */
const shortDay = (day: string, locale: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** A delay as people say it: "45 s", "12 min", "3 h 05 min"; a dash when there is none. */
function formatDelay(seconds: number | null, t: TFunction): string {
  if (seconds === null) return '–';
  if (seconds < 60) return t('dashboard.delay.seconds', { seconds });
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return t('dashboard.delay.minutes', { minutes });
  return t('dashboard.delay.hours', {
    hours: Math.floor(minutes / 60),
    minutes: String(minutes % 60).padStart(2, '0'),
  });
}

/** /staff/dashboard (admins): how a site, or all sites, did over the chosen days, as figures and charts. */
export default function StaffDashboardPage() {
  const { t } = useStaffWords();
  useDocumentTitle(t('dashboard.title'));
  const [site, setSite] = useState('');
  const [to, setTo] = useState(today);
  const [from, setFrom] = useState(() => daysBefore(today(), 29));
  const dashboard = useDashboard({ site, from, to });
  const preset = (days: number) => {
    const end = today();
    setTo(end);
    setFrom(daysBefore(end, days - 1));
  };
  const data = dashboard.data;

  return (
    <section className="staff-dashboard">
      <StaffPageHead title={t('dashboard.title')} help={t('dashboard.intro')} />
      <fieldset className="staff-filters" aria-label={t('dashboard.filters')}>
        <SiteSelect value={site} onChange={setSite} />
        <Form.Control
          type="date"
          aria-label={t('dashboard.from')}
          value={from}
          max={to}
          onChange={(e) => e.target.value && setFrom(e.target.value)}
        />
        <Form.Control
          type="date"
          aria-label={t('dashboard.to')}
          value={to}
          min={from}
          onChange={(e) => e.target.value && setTo(e.target.value)}
        />
        <ButtonGroup size="sm" aria-label={t('dashboard.lastDays')}>
          {PRESETS.map((days) => (
            <Button
              key={days}
              variant="outline-secondary"
              active={to === today() && from === daysBefore(to, days - 1)}
              onClick={() => preset(days)}
            >
              {t('dashboard.days', { count: days })}
            </Button>
          ))}
        </ButtonGroup>
      </fieldset>
      {dashboard.isError && <Alert variant="danger">{dashboard.error.message}</Alert>}
      {!data ? dashboard.isPending && <FiguresSkeleton /> : <Figures data={data} />}
    </section>
  );
}

function Figures({ data }: { data: DashboardResponse }) {
  const { t, locale } = useStaffWords();
  const count = (value: number) => value.toLocaleString(locale);
  const money = (minor: number, currency: string) => formatMoney(minor, currency, locale);
  const activated =
    data.signups === 0
      ? null
      : new Intl.NumberFormat(locale, { style: 'percent' }).format(
          Math.round((data.activations / data.signups) * 100) / 100,
        );
  const currencies = data.revenue.map((row) => row.currency);
  const days = data.days.map((day) => ({ ...day, label: shortDay(day.day, locale) }));
  return (
    <>
      <section className="staff-figures" aria-label={t('dashboard.figures')}>
        <Figure label={t('dashboard.signups')} value={count(data.signups)} />
        <Figure
          label={t('dashboard.activations')}
          value={count(data.activations)}
          note={activated === null ? t('dashboard.ofSignups') : t('dashboard.shareOfSignups', { percent: activated })}
        />
        <Figure label={t('dashboard.firstPurchases')} value={count(data.first_purchases)} />
        <Figure label={t('dashboard.payingMembers')} value={count(data.paying_members)} />
        <Figure
          label={t('dashboard.revenue')}
          wide
          value={
            data.revenue.length === 0
              ? money(0, 'EUR')
              : data.revenue.map((row) => (
                  <span key={row.currency} className="d-block">
                    {money(row.net, row.currency)}
                  </span>
                ))
          }
          note={data.revenue
            .map((row) =>
              t('dashboard.revenueNote', {
                paid: money(row.gross, row.currency),
                refunded: money(row.refunded, row.currency),
                chargedBack: money(row.charged_back, row.currency),
              }),
            )
            .join('; ')}
        />
        <Figure label={t('dashboard.messagesToHosted')} value={count(data.messages_to_hosted)} />
        <Figure label={t('dashboard.waiting')} value={count(data.conversations_waiting)} note={t('dashboard.now')} />
        <Figure
          label={t('dashboard.firstAnswer')}
          wide
          value={
            <>
              {formatDelay(data.first_answer.median_seconds, t)}
              <span className="staff-figure-aside"> {t('dashboard.median')}</span>{' '}
              {formatDelay(data.first_answer.p90_seconds, t)}
              <span className="staff-figure-aside"> {t('dashboard.p90')}</span>
            </>
          }
          note={t('dashboard.answered', { count: data.first_answer.answered })}
        />
      </section>
      <div className="staff-charts">
        <Chart title={t('dashboard.signupsPerDay')}>
          <BarChart data={days}>
            <CartesianGrid vertical={false} strokeDasharray="3 3" />
            <XAxis dataKey="label" tickLine={false} minTickGap={12} />
            <YAxis allowDecimals={false} width={36} />
            <Tooltip />
            <Bar dataKey="signups" name={t('dashboard.signups')} fill={CHART_COLOURS[0]} isAnimationActive={false} />
          </BarChart>
        </Chart>
        <Chart title={t('dashboard.messagesPerDay')}>
          <LineChart data={days}>
            <CartesianGrid vertical={false} strokeDasharray="3 3" />
            <XAxis dataKey="label" tickLine={false} minTickGap={12} />
            <YAxis allowDecimals={false} width={44} />
            <Tooltip />
            <Line
              dataKey="messages_to_hosted"
              name={t('dashboard.messages')}
              stroke={CHART_COLOURS[1]}
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
            />
          </LineChart>
        </Chart>
        <Chart title={t('dashboard.revenuePerDay')}>
          <BarChart data={days.map((day) => ({ label: day.label, ...day.revenue }))}>
            <CartesianGrid vertical={false} strokeDasharray="3 3" />
            <XAxis dataKey="label" tickLine={false} minTickGap={12} />
            <YAxis width={56} tickFormatter={(minor: number) => count(minor / 100)} />
            <Tooltip formatter={(minor, currency) => money(Number(minor), String(currency))} />
            {currencies.map((currency, index) => (
              <Bar
                key={currency}
                dataKey={currency}
                name={currency}
                stackId="revenue"
                fill={CHART_COLOURS[index % CHART_COLOURS.length]}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </Chart>
      </div>
    </>
  );
}

/** The figures' cards as Figures lays them out (true: a wide one), for the skeleton. */
const FIGURE_SHAPES = [false, false, false, false, true, false, false, true];
const CHART_COUNT = 3;

/** While the figures load: grey cards and charts shaped like them, so the page neither sits empty nor jumps. */
function FiguresSkeleton() {
  const { t } = useStaffWords();
  return (
    <div className="placeholder-glow" role="status" aria-label={t('shell2.loading')}>
      <div className="staff-figures" aria-hidden="true">
        {FIGURE_SHAPES.map((wide, index) => (
          <div key={index} className={`staff-card staff-figure${wide ? ' staff-figure-wide' : ''}`}>
            <span className="placeholder col-8 staff-figure-label" />
            <span className="placeholder col-5 staff-figure-value d-block" />
          </div>
        ))}
      </div>
      <div className="staff-charts" aria-hidden="true">
        {Array.from({ length: CHART_COUNT }, (_, index) => (
          <div key={index} className="staff-card staff-chart">
            <span className="placeholder col-6 d-block mb-2" />
            <span className="placeholder w-100 staff-chart-placeholder" />
          </div>
        ))}
      </div>
    </div>
  );
}

function Figure({ label, value, note, wide }: { label: string; value: ReactNode; note?: string; wide?: boolean }) {
  return (
    <div className={`staff-card staff-figure${wide ? ' staff-figure-wide' : ''}`}>
      <h2 className="staff-figure-label">{label}</h2>
      <p className="staff-figure-value">{value}</p>
      {note && <p className="staff-figure-note">{note}</p>}
    </div>
  );
}

function Chart({ title, children }: { title: string; children: ReactElement }) {
  return (
    <figure className="staff-card staff-chart">
      <figcaption className="h6">{title}</figcaption>
      <ResponsiveContainer width="100%" height={220}>
        {children}
      </ResponsiveContainer>
    </figure>
  );
}
