import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { STATISTICS_RANGES, type StatisticsRange, type StatisticsReport } from '#contract/statistics.ts';
import { Button } from '#client/components/ui/button.tsx';
import { PanelCard } from '#client/components/panel-card.tsx';
import { LoadState } from '#client/components/load-state.tsx';
import { useStatistics } from '#client/features/statistics/api/get-statistics.ts';
import { VisitsChart } from './visits-chart.tsx';

import { formatDay as formatDate, formatNumber } from '#client/lib/formats.ts';

const number = { format: (value: number) => formatNumber(value) };
const formatDay = (date: string) => formatDate(new Date(`${date}T00:00:00Z`), { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/**
 * The owner's statistics: visitors and page views per day over 30, 90 or 365 days, as a chart
 * with the same numbers in a table, and what was seen most. Counted without cookies
 * (docs/privacy.md).
 */
export function StatisticsPanel() {
  const [days, setDays] = useState<StatisticsRange>(30);
  const report = useStatistics(days);
  const { t } = useLingui();

  return (
    <PanelCard
      headingId="statistics-heading"
      title={t`Statistics`}
      description={t`Counted on this server, without cookies. Bots and your own visits are left out.`}
      contentClassName="grid gap-6"
    >
      <div role="group" aria-label={t`Period`} className="flex flex-wrap gap-2">
        {STATISTICS_RANGES.map((range) => (
          <Button
            key={range}
            variant={range === days ? 'default' : 'outline'}
            aria-pressed={range === days}
            className="min-h-11"
            onClick={() => setDays(range)}
          >
            <Trans>{range} days</Trans>
          </Button>
        ))}
      </div>
      {report.isPending || report.isError ? (
        <LoadState
          look="panel"
          failed={report.isError}
          onRetry={() => void report.refetch()}
          loadingLabel={t`Loading the statistics`}
          failedText={t`The statistics could not be loaded.`}
        />
      ) : (
        <Report report={report.data} />
      )}
    </PanelCard>
  );
}

function Report({ report }: { report: StatisticsReport }) {
  const [tableShown, setTableShown] = useState(false);
  const tableId = useId();
  const { totals } = report;
  const { t } = useLingui();
  const reportDays = report.days;
  return (
    <div className="grid gap-6">
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        {(
          [
            [t`Visitors`, totals.visitors],
            [t`Page views`, totals.views],
            [t`Viewer opens`, totals.viewerOpens],
            [t`Streaming clicks`, totals.streamClicks],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="grid gap-1">
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="text-2xl font-semibold tabular-nums">{number.format(value)}</dd>
          </div>
        ))}
      </dl>
      <figure className="grid gap-2">
        <VisitsChart series={report.series} />
        <figcaption className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
          <span>
            <Trans>Visitors and page views per day, last {reportDays} days (UTC).</Trans>
          </span>
          <Button
            variant="ghost"
            className="min-h-11"
            aria-expanded={tableShown}
            aria-controls={tableId}
            onClick={() => setTableShown((shown) => !shown)}
          >
            {tableShown ? t`Hide the table` : t`Show as a table`}
          </Button>
        </figcaption>
      </figure>
      {/* Always there for a screen reader; shown to the eye on request. */}
      {/* Shown, a long table scrolls: focusable, so a keyboard can scroll it too. */}
      <div id={tableId} tabIndex={tableShown ? 0 : undefined} className={tableShown ? 'max-h-80 overflow-auto rounded-md border focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none' : 'sr-only'}>
        <table className="w-full text-sm tabular-nums">
          <caption className="sr-only">
            <Trans>Visitors and page views per day, last {reportDays} days</Trans>
          </caption>
          <thead>
            <tr className="border-b text-start">
              <th scope="col" className="px-3 py-2 font-medium">
                <Trans>Day</Trans>
              </th>
              <th scope="col" className="px-3 py-2 text-end font-medium">
                <Trans>Visitors</Trans>
              </th>
              <th scope="col" className="px-3 py-2 text-end font-medium">
                <Trans>Page views</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {[...report.series].reverse().map((day) => (
              <tr key={day.date} className="border-b last:border-0">
                <th scope="row" className="px-3 py-1.5 text-start font-normal">{formatDay(day.date)}</th>
                <td className="px-3 py-1.5 text-end">{number.format(day.visitors)}</td>
                <td className="px-3 py-1.5 text-end">{number.format(day.views)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="grid gap-6 sm:grid-cols-2">
        <TopList title={t`Photos`} empty={t`No photo seen yet.`} rows={report.topPhotos.map((photo) => ({ name: photo.title, count: photo.count }))} />
        <TopList title={t`Categories`} empty={t`No category seen yet.`} rows={report.topCategories} />
        <TopList title={t`Releases`} empty={t`No release opened yet.`} rows={report.topReleases.map((release) => ({ name: release.title, count: release.count }))} />
        <TopList title={t`Streaming services`} empty={t`No click to a service yet.`} rows={report.topServices} />
        <TopList
          title={t`Clicks per release`}
          empty={t`No click to a service yet.`}
          rows={report.streamClicks.map((click) => ({ name: `${click.title} · ${click.service}`, count: click.count }))}
        />
        <TopList title={t`Referrers`} empty={t`No visitor came from another site yet.`} rows={report.topReferrers} />
        <TopList title={t`Pages`} empty={t`No page seen yet.`} rows={report.topPages} />
      </div>
    </div>
  );
}

function TopList({ title, rows, empty }: { title: string; rows: Array<{ name: string; count: number }>; empty: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid content-start gap-2">
      <h3 id={headingId} className="text-sm font-semibold">
        {title}
      </h3>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ol className="grid gap-1 text-sm">
          {rows.map((row) => (
            <li key={row.name} className="flex items-baseline justify-between gap-3 border-b py-1 last:border-0">
              <span className="min-w-0 break-words">{row.name}</span>
              <span className="tabular-nums text-muted-foreground">{number.format(row.count)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
