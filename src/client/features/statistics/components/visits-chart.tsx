import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { StatisticsReport } from '#contract/statistics.ts';

/** A theme colour as the canvas can use it: the variable resolved by the browser, light or dark. */
function themeColour(variable: string): string {
  const probe = document.createElement('span');
  probe.style.color = `var(${variable})`;
  probe.style.display = 'none';
  document.body.append(probe);
  const colour = getComputedStyle(probe).color;
  probe.remove();
  return colour;
}

const HEIGHT = 220;

/**
 * Visitors and page views per day, drawn by uPlot (loaded with the owner's statistics panel only).
 * The chart is a picture for the eye; the table beside it carries the same numbers for a screen
 * reader. Views are a solid line, visitors a dashed one, so the two differ without colour.
 */
export function VisitsChart({ series }: { series: StatisticsReport['series'] }) {
  const box = useRef<HTMLDivElement>(null);
  const { t, i18n } = useLingui();
  const labels = { views: t`Page views`, visitors: t`Visitors` };
  const locale = i18n.locale;

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let chart: uPlot | null = null;
    const draw = () => {
      chart?.destroy();
      const foreground = themeColour('--foreground');
      const muted = themeColour('--muted-foreground');
      const grid = themeColour('--border');
      const axis = { stroke: muted, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
      const times = series.map((day) => Date.parse(`${day.date}T00:00:00Z`) / 1000);
      chart = new uPlot(
        {
          width: Math.max(240, element.clientWidth),
          height: HEIGHT,
          tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
          // The axis's days as the owner's language writes them ("28. Nov.", "11月28日"), not uPlot's English.
          fmtDate: () => (date) => new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric' }).format(date),
          // The key is drawn below by React: uPlot's own is a table, and the chart's table is the one beside it.
          legend: { show: false },
          cursor: { drag: { x: false, y: false } },
          scales: { x: { time: true }, y: { range: (_self, _min, max) => [0, Math.max(4, max)] } },
          // Days a little apart: "13 نوفمبر" and "28. Nov." are wider than uPlot's English "11/13".
          axes: [{ ...axis, space: 72 }, { ...axis, size: 48 }],
          series: [
            {},
            { label: labels.views, stroke: foreground, width: 2 },
            { label: labels.visitors, stroke: muted, width: 2, dash: [6, 4] },
          ],
        },
        [times, series.map((day) => day.views), series.map((day) => day.visitors)],
        element,
      );
    };
    draw();
    let width = element.clientWidth;
    const resize = new ResizeObserver(() => {
      if (element.clientWidth !== width) {
        width = element.clientWidth;
        chart?.setSize({ width: Math.max(240, width), height: HEIGHT });
      }
    });
    resize.observe(element);
    // The theme switch changes the page's class: the lines take the new colours.
    const theme = new MutationObserver(draw);
    theme.observe(document.documentElement, { attributes: true, attributeFilter: ['class', 'style', 'data-theme'] });
    return () => {
      resize.disconnect();
      theme.disconnect();
      chart?.destroy();
    };
    // Drawn again in another language: the axis's days follow it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [series, locale]);

  return (
    <div aria-hidden="true" className="grid gap-2">
      <div ref={box} data-testid="visits-chart" className="w-full overflow-hidden text-xs" />
      <div className="flex flex-wrap justify-center gap-4 text-xs text-muted-foreground">
        <span className="flex items-center gap-2">
          <span className="inline-block w-6 border-t-2 border-foreground" />
          <Trans>Page views</Trans>
        </span>
        <span className="flex items-center gap-2">
          <span className="inline-block w-6 border-t-2 border-dashed border-muted-foreground" />
          <Trans>Visitors</Trans>
        </span>
      </div>
    </div>
  );
}
