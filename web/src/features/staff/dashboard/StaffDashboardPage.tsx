import type { DashboardResponse } from '@amora/common';
import { type ReactElement, type ReactNode, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
import Form from 'react-bootstrap/Form';
import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney } from '../../../i18n/format';
import { Loading } from '../../../shared/components/Loading';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { STAFF_LOCALE } from '../shared/api';
import { SiteSelect } from '../shared/SiteSelect';
import { useDashboard } from './api';

/** The theme's colours ($primary, $secondary, $dark), for the charts' SVG. */
const CHART_COLOURS = ['#0b7a73', '#c2185b', '#1d1a3a', '#6a5acd'];
const PRESETS = [7, 30, 90] as const;
const DAY_MS = 86_400_000;

const today = () => new Date().toISOString().slice(0, 10);
const daysBefore = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);
/** "26 Nov" for a chart's axis. */
const shortDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString(STAFF_LOCALE, { day: 'numeric', month: 'short', timeZone: 'UTC' });
const count = (value: number) => value.toLocaleString(STAFF_LOCALE);

/** A delay as people say it: "45 s", "12 min", "3 h 05 min"; a dash when there is none. */
function formatDelay(seconds: number | null): string {
  if (seconds === null) return '–';
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** /staff/dashboard (admins): how a site, or all sites, did over the chosen days, as figures and charts. */
export default function StaffDashboardPage() {
  useDocumentTitle('Dashboard');
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
      <div className="staff-page-head">
        <h1 className="h3">Dashboard</h1>
        <p className="text-body-secondary mb-0">
          Whole days in UTC, both included. Revenue counts the payments made in the period, net of those refunded or
          charged back since. Time to first answer: a wait begins with a member’s message to a hosted profile that had
          answered all before it, and ends with an operator’s answer; waits that began in the period and were answered
          count.
        </p>
      </div>
      <fieldset className="staff-filters" aria-label="Period and site">
        <SiteSelect value={site} onChange={setSite} />
        <Form.Control
          type="date"
          size="sm"
          aria-label="From"
          value={from}
          max={to}
          onChange={(e) => e.target.value && setFrom(e.target.value)}
        />
        <Form.Control
          type="date"
          size="sm"
          aria-label="To"
          value={to}
          min={from}
          onChange={(e) => e.target.value && setTo(e.target.value)}
        />
        <ButtonGroup size="sm" aria-label="Last days">
          {PRESETS.map((days) => (
            <Button
              key={days}
              variant="outline-secondary"
              active={to === today() && from === daysBefore(to, days - 1)}
              onClick={() => preset(days)}
            >
              {days} days
            </Button>
          ))}
        </ButtonGroup>
      </fieldset>
      {dashboard.isError && <Alert variant="danger">{dashboard.error.message}</Alert>}
      {!data ? dashboard.isPending && <Loading /> : <Figures data={data} />}
    </section>
  );
}

function Figures({ data }: { data: DashboardResponse }) {
  const activated = data.signups === 0 ? null : Math.round((data.activations / data.signups) * 100);
  const currencies = data.revenue.map((row) => row.currency);
  const days = data.days.map((day) => ({ ...day, label: shortDay(day.day) }));
  return (
    <>
      <section className="staff-figures" aria-label="Figures">
        <Figure label="Signups" value={count(data.signups)} />
        <Figure
          label="Activations"
          value={count(data.activations)}
          note={activated === null ? 'of the period’s signups' : `${activated}% of the period’s signups`}
        />
        <Figure label="First purchases" value={count(data.first_purchases)} />
        <Figure label="Paying members" value={count(data.paying_members)} />
        <Figure
          label="Revenue"
          wide
          value={
            data.revenue.length === 0
              ? formatMoney(0, 'EUR', STAFF_LOCALE)
              : data.revenue.map((row) => (
                  <span key={row.currency} className="d-block">
                    {formatMoney(row.net, row.currency, STAFF_LOCALE)}
                  </span>
                ))
          }
          note={data.revenue
            .map(
              (row) =>
                `${formatMoney(row.gross, row.currency, STAFF_LOCALE)} paid, ${formatMoney(row.refunded, row.currency, STAFF_LOCALE)} refunded, ${formatMoney(row.charged_back, row.currency, STAFF_LOCALE)} charged back`,
            )
            .join('; ')}
        />
        <Figure label="Messages to hosted profiles" value={count(data.messages_to_hosted)} />
        <Figure label="Conversations waiting" value={count(data.conversations_waiting)} note="now" />
        <Figure
          label="Time to first answer"
          wide
          value={
            <>
              {formatDelay(data.first_answer.median_seconds)}
              <span className="staff-figure-aside"> median</span> {formatDelay(data.first_answer.p90_seconds)}
              <span className="staff-figure-aside"> p90</span>
            </>
          }
          note={`${count(data.first_answer.answered)} waits answered`}
        />
      </section>
      <div className="staff-charts">
        <Chart title="Signups per day">
          <BarChart data={days}>
            <CartesianGrid vertical={false} strokeDasharray="3 3" />
            <XAxis dataKey="label" tickLine={false} minTickGap={12} />
            <YAxis allowDecimals={false} width={36} />
            <Tooltip />
            <Bar dataKey="signups" name="Signups" fill={CHART_COLOURS[0]} isAnimationActive={false} />
          </BarChart>
        </Chart>
        <Chart title="Messages to hosted profiles per day">
          <LineChart data={days}>
            <CartesianGrid vertical={false} strokeDasharray="3 3" />
            <XAxis dataKey="label" tickLine={false} minTickGap={12} />
            <YAxis allowDecimals={false} width={44} />
            <Tooltip />
            <Line
              dataKey="messages_to_hosted"
              name="Messages"
              stroke={CHART_COLOURS[1]}
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
            />
          </LineChart>
        </Chart>
        <Chart title="Net revenue per day">
          <BarChart data={days.map((day) => ({ label: day.label, ...day.revenue }))}>
            <CartesianGrid vertical={false} strokeDasharray="3 3" />
            <XAxis dataKey="label" tickLine={false} minTickGap={12} />
            <YAxis width={56} tickFormatter={(minor: number) => count(minor / 100)} />
            <Tooltip formatter={(minor, currency) => formatMoney(Number(minor), String(currency), STAFF_LOCALE)} />
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
